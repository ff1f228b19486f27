import { LIMITS, TOO_MANY_LOGINS, TOO_MANY_REDEEMS } from '../../apps/api/identity/rate-limits.js';
import { REDEEM_SUCCESS, REDEEM_UNKNOWN_CODE } from '../../libs/contracts/streaming.js';
import { fireAtOnce, unexpectedStatuses } from '../support/concurrency.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { parseMetrics, valueOf } from '../ops/metrics-text.js';

/**
 * Login throttling (docs/conventions.md, Identity, roles and payments) over real HTTP: counted per
 * address and per address-and-account, taken before the password is checked. Book-code redeem: counted
 * per address and per (signed-in) account, taken before the code is looked up. Client addresses come
 * from X-Forwarded-For, which the app trusts from the loopback proxy (TRUST_PROXY).
 */
describe('login and book-code redeem throttling', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true, env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const OWNER = 'complete@demo.test';
  const RIGHT = 'Demo-pass-2026';
  const login = async (from: string, email: string, password: string) => {
    const response = await fetch(`${shop.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ email, password, version: 5 }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { error?: string; token?: string },
      retryAfter: response.headers.get('retry-after'),
    };
  };

  it('30 wrong passwords sent at once: at most the limit are checked, the rest answer 429', async () => {
    const attacker = '203.0.113.10';
    // The shop's metrics count both outcomes (in tests, /metrics answers this machine).
    const scrape = async () => parseMetrics(await (await fetch(`${shop.baseUrl}/metrics`)).text());
    const before = await scrape();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(attacker, 'cme@demo.test', `wrong-pass-${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    const checked = statuses.filter((s) => s === 401).length;
    const held = answers.filter((a) => a.status === 429);
    expect(checked).toBeLessThanOrEqual(LIMITS.loginPerIpAndEmail.points);
    expect(checked + held.length).toBe(30);
    expect(held.length).toBeGreaterThanOrEqual(30 - LIMITS.loginPerIpAndEmail.points);
    for (const answer of held) expect(answer.body.error).toBe(TOO_MANY_LOGINS);
    const after = await scrape();
    const grew = (outcome: string) =>
      valueOf(after, 'shop_logins_total', { outcome }) - valueOf(before, 'shop_logins_total', { outcome });
    expect(grew('throttled')).toBe(held.length);
    expect(grew('failed')).toBe(checked);
  });

  it('an attacker who used up the limit is held, while the owner logs in from another address', async () => {
    const attacker = '198.51.100.7';
    for (let i = 0; i < LIMITS.loginPerIpAndEmail.points; i++) {
      expect((await login(attacker, OWNER, `wrong-pass-${i}`)).status).toBe(401);
    }
    const held = await login(attacker, OWNER, RIGHT);
    expect(held.status).toBe(429);
    expect(held.body.error).toBe(TOO_MANY_LOGINS);
    // It says when to try again: within the 15 minutes of the window.
    expect(Number(held.retryAfter)).toBeGreaterThan(0);
    expect(Number(held.retryAfter)).toBeLessThanOrEqual(LIMITS.loginPerIpAndEmail.duration);

    const owner = await login('192.0.2.44', OWNER, RIGHT);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
    // The attacker's address stays held for this account.
    expect((await login(attacker, OWNER, RIGHT)).status).toBe(429);
  });

  it('a right password starts the count of the account at that address again', async () => {
    const home = '192.0.2.80';
    const almost = LIMITS.loginPerIpAndEmail.points - 1;
    for (let i = 0; i < almost; i++) expect((await login(home, 'learner@demo.test', `typo-${i}`)).status).toBe(401);
    expect((await login(home, 'learner@demo.test', RIGHT)).status).toBe(200);
    for (let i = 0; i < almost; i++) expect((await login(home, 'learner@demo.test', `typo-${i}`)).status).toBe(401);
    expect((await login(home, 'learner@demo.test', RIGHT)).status).toBe(200);
  });

  it('one address trying many accounts is held after the per-address limit; other addresses are not', async () => {
    const scanner = '203.0.113.99';
    for (let i = 0; i < LIMITS.loginPerIp.points; i++) {
      expect((await login(scanner, `nobody-${i}@example.test`, 'wrong-pass')).status).toBe(401);
    }
    const held = await login(scanner, 'reader@demo.test', RIGHT);
    expect(held.status).toBe(429);
    expect(held.body.error).toBe(TOO_MANY_LOGINS);
    expect((await login('192.0.2.200', 'reader@demo.test', RIGHT)).status).toBe(200);
  });

  describe('book-code redeem', () => {
    /** A session of a demo account (logged in from the loopback address: logins are not what is counted here). */
    const session = async (email: string): Promise<string> => {
      const { status, body } = await login('127.0.0.1', email, RIGHT);
      expect(status).toBe(200);
      return body.token ?? '';
    };
    const redeem = async (from: string, token: string, code: string) => {
      const response = await fetch(`${shop.baseUrl}/api/redeem`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from, authorization: `Bearer ${token}` },
        body: JSON.stringify({ code }),
      });
      const body = (await response.json()) as { error?: string; message?: string | string[] };
      return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
    };
    const wrong = (i: number) => `BOOK-NOPE-${String(i).padStart(4, '0')}`;

    it('an account that tried the limit of wrong codes is held (429, Retry-After); a right code from another account still works', async () => {
      const guesser = await session('reader@demo.test');
      for (let i = 0; i < LIMITS.redeemPerAccount.points; i++) {
        const answer = await redeem('203.0.113.50', guesser, wrong(i));
        expect(answer.status).toBe(400);
        expect(answer.body.error).toBe(REDEEM_UNKNOWN_CODE);
      }
      const held = await redeem('203.0.113.50', guesser, 'BOOK-AEGB-BNZB');
      expect(held.status).toBe(429);
      expect(held.body.error).toBe(TOO_MANY_REDEEMS);
      const wait = Number(held.retryAfter);
      expect(Number.isInteger(wait)).toBe(true);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(LIMITS.redeemPerAccount.duration);
      // The account is held from any address: it is the account that was guessing.
      expect((await redeem('192.0.2.61', guesser, 'BOOK-AEGB-BNZB')).status).toBe(429);

      const other = await session('learner@demo.test');
      const redeemed = await redeem('192.0.2.62', other, 'BOOK-AEGB-BNZB');
      expect(redeemed.status).toBe(200);
      expect(redeemed.body.message).toBe(REDEEM_SUCCESS);
    });

    it('one address trying codes for many accounts is held after the per-address limit; other addresses are not', async () => {
      const scanner = '203.0.113.77';
      const accounts = [
        'complete@demo.test',
        'cme@demo.test',
        'cmeprint@demo.test',
        'streamer@demo.test',
        'iflap@demo.test',
      ];
      const perAccount = LIMITS.redeemPerAccount.points;
      expect(accounts.length * perAccount).toBe(LIMITS.redeemPerIp.points);
      for (const email of accounts) {
        const token = await session(email);
        for (let i = 0; i < perAccount; i++) expect((await redeem(scanner, token, wrong(i))).status).toBe(400);
      }
      const fresh = await session('resident@demo.test');
      const held = await redeem(scanner, fresh, wrong(0));
      expect(held.status).toBe(429);
      expect(held.body.error).toBe(TOO_MANY_REDEEMS);
      expect(held.retryAfter).toMatch(/^\d+$/);
      expect((await redeem('192.0.2.63', fresh, wrong(0))).status).toBe(400);
    });

    it('30 wrong codes sent at once by one account: at most the limit are looked up, the rest answer 429, none 500', async () => {
      const token = await session('learner@demo.test');
      const { statuses } = await fireAtOnce(30, (i) => redeem('192.0.2.64', token, wrong(100 + i)));
      expect(unexpectedStatuses(statuses, [400, 429])).toEqual({});
      expect(statuses[400] ?? 0).toBeLessThanOrEqual(LIMITS.redeemPerAccount.points);
      expect(statuses[429] ?? 0).toBeGreaterThanOrEqual(30 - LIMITS.redeemPerAccount.points);
    });
  });
});
