import { LIMITS, TOO_MANY_LOGINS } from '../../apps/api/identity/rate-limits.js';
import { createTestApp, type TestApp } from '../support/app.js';

/**
 * Login throttling (docs/conventions.md) over real HTTP: counted per address and per address-and-account,
 * taken before the password is checked. Client addresses come from X-Forwarded-For, which the app
 * trusts from the loopback proxy (TRUST_PROXY).
 */
describe('login throttling', () => {
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
    return { status: response.status, body: (await response.json()) as { error?: string; token?: string } };
  };

  it('30 wrong passwords sent at once: at most the limit are checked, the rest answer 429', async () => {
    const attacker = '203.0.113.10';
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
  });

  it('an attacker who used up the limit is held, while the owner logs in from another address', async () => {
    const attacker = '198.51.100.7';
    for (let i = 0; i < LIMITS.loginPerIpAndEmail.points; i++) {
      expect((await login(attacker, OWNER, `wrong-pass-${i}`)).status).toBe(401);
    }
    const held = await login(attacker, OWNER, RIGHT);
    expect(held.status).toBe(429);
    expect(held.body.error).toBe(TOO_MANY_LOGINS);

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
});
