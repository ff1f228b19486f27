import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REDEEM_USED_CODE, type StreamListResponse } from '#libs/contracts/streaming.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/free-port.js';
import { killGroup, MAIN, type ShopProcess, startShopProcess } from './shop-process.js';

/** The demo's book code for reader@demo.test (apps/api/seed/demo-streaming.json): book 601. */
const CODE = 'BOOK-AEGB-BNZB';
const BOOK = 601;

/**
 * A crash between the redeem's two steps (issue 18): the built shop runs with the fault point
 * `redeem:before-grant`, which kills it (SIGKILL, no clean-up) once CodeRedeemed is appended and before
 * the CodeRedeemed process manager granted the book. The next start runs the process manager from
 * the log (its checkpoint is still before the event): the customer has the book, the code stays used,
 * and the book is granted once, also when the customer redeems the code again.
 */
describe('a crash between redeeming a code and granting its book', () => {
  let db: TestDatabase;
  let dataDir: string;
  const shops: ShopProcess[] = [];
  const settings = async (env: NodeJS.ProcessEnv = {}) => ({
    dataDir,
    port: await freePort(),
    pgPort: await freePort(),
    env: {
      DATABASE_URL: db.url,
      JWT_SECRET: 'crash-test-jwt-secret-that-is-long-enough-0123',
      DOB_ENCRYPTION_KEY: '1'.repeat(64),
      SEED_DEMO: 'true',
      ...env,
    },
  });

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error('the crash tests run the built shop: `npm run build:server` first');
    db = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'shop-redeem-crash-'));
  });
  afterAll(async () => {
    for (const shop of shops) killGroup(shop);
    await db?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const count = async (sql: string, params: unknown[]): Promise<number> =>
    Number((await db.pool.query<{ n: string }>(sql, params)).rows[0]?.n);
  const redemptions = () =>
    count(`SELECT count(*) AS n FROM es_events WHERE type = 'CodeRedeemed' AND data->>'code' = $1`, [CODE]);
  const grants = () =>
    count(`SELECT count(*) AS n FROM es_events WHERE type = 'ProductAccessGranted' AND data->>'source' = $1`, [
      `bookcode:${CODE}`,
    ]);

  const api = (base: string) => {
    const call = async <T>(token: string | null, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string } };
    };
    const login = async (email: string): Promise<string> => {
      const { status, body } = await call<{ token: string }>(null, 'POST', '/auth/login', {
        email,
        password: 'Demo-pass-2026',
        version: 5,
      });
      if (status !== 200) throw new Error(`login of ${email} answered ${status}`);
      return body.token;
    };
    return { call, login };
  };

  it('after the restart the customer streams the book, the code stays used, the book is granted once', async () => {
    const crashing = await settings({ SHOP_FAULT_POINT: 'redeem:before-grant' });
    const first = startShopProcess(crashing);
    shops.push(first);
    await first.opened(120_000);
    const before = api(`http://127.0.0.1:${crashing.port}`);
    const reader = await before.login('reader@demo.test');
    expect((await before.call(reader, 'GET', '/streaming')).status).toBe(403); // no book yet: no streaming role

    // The process dies inside this request: no answer comes.
    await expect(before.call(reader, 'POST', '/redeem', { code: CODE })).rejects.toThrow();
    await first.exited();
    killGroup(first);

    // What the crash left: the code used, the book not granted.
    expect(await redemptions()).toBe(1);
    expect(await grants()).toBe(0);

    const restarted = await settings();
    const second = startShopProcess(restarted);
    shops.push(second);
    await second.opened(120_000);
    // The start completed the flow before the shop opened.
    expect(await grants()).toBe(1);

    const after = api(`http://127.0.0.1:${restarted.port}`);
    const readerAgain = await after.login('reader@demo.test');
    const list = await after.call<StreamListResponse>(readerAgain, 'GET', '/streaming');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p) => p.ID)).toEqual([BOOK]);
    expect(list.body.data[0]?.PURCHASED).toBe(1);

    // The code stays used: another account is refused; the customer's own retry answers and grants nothing more.
    const other = await after.call(await after.login('streamer@demo.test'), 'POST', '/redeem', { code: CODE });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe(REDEEM_USED_CODE);
    const retry = await after.call<{ PRODUCTID: number }>(readerAgain, 'POST', '/redeem', { code: CODE });
    expect(retry.status).toBe(200);
    expect(retry.body.PRODUCTID).toBe(BOOK);
    expect(await redemptions()).toBe(1);
    expect(await grants()).toBe(1);

    // The process managers' checkpoint is past the redemption now: a third start runs nothing again.
    second.child.kill('SIGTERM');
    await second.exited();
    const passed = await db.pool.query<{ passed: boolean }>(
      `SELECT (SELECT position FROM process_manager_checkpoints)
           >= (SELECT position FROM es_events WHERE type = 'CodeRedeemed') AS passed`,
    );
    expect(passed.rows[0]?.passed).toBe(true);
  });
});
