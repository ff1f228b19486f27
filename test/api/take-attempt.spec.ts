import { RateLimiterMemory } from 'rate-limiter-flexible';
import { takeAttempt, TooManyAttempts } from '../../apps/api/kernel/too-many-attempts.js';

/**
 * One attempt of several keys (the address, then the account): a key used up refuses the attempt with
 * its wait and leaves the keys after it unspent, so requests sent at once pass by the fewer of the
 * keys' remaining attempts, never fewer (given/when/then on rate-limiter-flexible's memory store).
 */
describe('takeAttempt', () => {
  const refusal = 'Too many attempts.';
  const limiters = (addressPoints: number, accountPoints: number) => ({
    address: new RateLimiterMemory({ points: addressPoints, duration: 60 }),
    account: new RateLimiterMemory({ points: accountPoints, duration: 60 }),
  });
  const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** The address's counter answers after `addressMs`: requests sent at once reach the two keys in different orders. */
  const attempt = (l: ReturnType<typeof limiters>, addressMs = 0) =>
    takeAttempt(refusal, [
      async () => {
        await later(addressMs);
        return l.address.consume('10.0.0.1');
      },
      () => l.account.consume('c1'),
    ]);

  it('given an address used up, when the account attempts, then 429 with the wait and the account keeps its attempts', async () => {
    const l = limiters(1, 5);
    await attempt(l);
    const refused = await attempt(l).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyAttempts);
    expect((refused as TooManyAttempts).getResponse()).toEqual({ message: [refusal] });
    expect((refused as TooManyAttempts).retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect((await l.account.get('c1'))?.consumedPoints).toBe(1);
  });

  it('given 24 attempts left to the address and 20 to the account, when 30 are sent at once and reach the address in reverse order, then exactly 20 pass', async () => {
    const l = limiters(24, 20);
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, n) => attempt(l, 2 * (30 - n))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof TooManyAttempts)).toHaveLength(10);
  });

  it('given a store that fails, when an attempt is taken, then its error is thrown as it is', async () => {
    const down = new Error('connection terminated');
    await expect(takeAttempt(refusal, [() => Promise.reject(down)])).rejects.toBe(down);
  });
});
