import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { WrongExpectedRevisionError } from '#libs/eventstore/event-store.port.js';
import { CONCURRENT_CHANGE_CODE, conflictDelay, retryOnConflict } from './conflict-retry.js';

const policy = { attempts: 4, baseDelayMs: 1, maxDelayMs: 2 };
const conflict = () => new WrongExpectedRevisionError('s-1', 0, 1);

describe('the one conflict retry policy', () => {
  it('given a stream that moved twice, when the command runs, then the third attempt succeeds', async () => {
    let runs = 0;
    const answer = await retryOnConflict(async () => {
      runs++;
      if (runs < 3) throw conflict();
      return 'appended';
    }, policy);
    expect(answer).toBe('appended');
    expect(runs).toBe(3);
  });

  it('given a stream that never stops moving, then it gives up after the bounded attempts with 409 CONCURRENT_CHANGE', async () => {
    let runs = 0;
    const attempt = retryOnConflict(async () => {
      runs++;
      throw conflict();
    }, policy);
    await expect(attempt).rejects.toEqual(new DomainError(CONCURRENT_CHANGE_CODE, CONCURRENT_CHANGE));
    expect(runs).toBe(policy.attempts);
  });

  it('a refusal of the decider is not retried', async () => {
    let runs = 0;
    const refused = new DomainError('coupon_invalid', 'no');
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw refused;
      }, policy),
    ).rejects.toBe(refused);
    expect(runs).toBe(1);
  });

  it('the pause is random below a cap that doubles with each attempt and never passes the maximum', () => {
    const wide = { attempts: 12, baseDelayMs: 5, maxDelayMs: 200 };
    expect(conflictDelay(1, wide, () => 0.999)).toBeCloseTo(9.99, 1);
    expect(conflictDelay(3, wide, () => 0.999)).toBeCloseTo(39.96, 1);
    expect(conflictDelay(10, wide, () => 0.999)).toBeLessThan(200);
    expect(conflictDelay(10, wide, () => 0)).toBe(0);
  });
});
