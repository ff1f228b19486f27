import type { Role } from '#libs/contracts/identity.js';
import { seedDemoAccounts } from '#apps/api/seed/demo-accounts.js';
import { createTestApp, type TestApp } from '../support/app.js';

/** The demo accounts of docs/demo-data.md: seeded through the commands, with the roles the table promises. */
describe('demo accounts', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const login = async (email: string) => {
    const response = await fetch(`${shop.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Demo-pass-2026', version: 5 }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const rolesOf = async (email: string): Promise<Role[]> => {
    const { body } = await login(email);
    const me = await fetch(`${shop.baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${String(body.token)}` },
    });
    return ((await me.json()) as { roles: Role[] }).roles;
  };

  it.each<[string, Role[]]>([
    ['complete@demo.test', ['qmpcomplete', 'elearning', 'streaming']],
    ['cme@demo.test', ['qmpcomplete', 'elearning', 'cme', 'cmePrint', 'streaming']],
    ['cmeprint@demo.test', ['cmePrint']],
    ['learner@demo.test', ['elearning', 'streaming']],
    ['streamer@demo.test', ['streaming_all', 'streaming']],
    ['reader@demo.test', []],
    ['iflap@demo.test', ['iflap']],
    ['resident@demo.test', []],
  ])('%s has roles %j', async (email, roles) => {
    expect(await rolesOf(email)).toEqual(roles);
  });

  it('complete@ sees its subscription expiring in 20 days in the login response', async () => {
    const { body } = await login('complete@demo.test');
    expect(body.EXPIRATIONS).toEqual([expect.objectContaining({ TYPE: 'qmpcomplete' })]);
  });

  it('unvalidated@ is refused with a clear message', async () => {
    const { status, body } = await login('unvalidated@demo.test');
    expect(status).toBe(401);
    expect(body.error).toBe(
      'Please validate your email before logging in. Check your inbox or resend the validation email.',
    );
  });

  it('seeding again adds nothing', async () => {
    const before = await shop.shop.pool.query('SELECT count(*)::int AS n FROM email_reservations');
    const report = await seedDemoAccounts(shop.app);
    expect(report).toEqual({ registered: [], validated: [], grants: 0 });
    const after = await shop.shop.pool.query('SELECT count(*)::int AS n FROM email_reservations');
    expect(after.rows).toEqual(before.rows);
    expect(before.rows[0].n).toBe(9);
  });
});
