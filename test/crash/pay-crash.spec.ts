import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/free-port.js';
import { killGroup, MAIN, ROOT, type ShopProcess, startShopProcess } from './shop-process.js';

/**
 * A crash between the gateway's charge and the OrderPaid append (issue: one cart, one charge): the
 * built shop runs with the fault point `pay:after-charge`, which kills it (SIGKILL, no clean-up) right
 * after the sandbox gateway charged the card. The next start settles the payment from the log and the
 * gateway: exactly one charge, one paid order, the retry with the same key gets its ONUM, and the
 * finance export shows the order once.
 */
describe('a crash right after the charge', () => {
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
    dataDir = await mkdtemp(join(tmpdir(), 'shop-pay-crash-'));
  });
  afterAll(async () => {
    for (const shop of shops) killGroup(shop);
    await db?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const count = async (sql: string, params: unknown[]): Promise<number> =>
    Number((await db.pool.query<{ n: string }>(sql, params)).rows[0]?.n);

  it('one charge and one order after the restart; the retry answers the order; the export holds it once', async () => {
    const crashing = await settings({ SHOP_FAULT_POINT: 'pay:after-charge' });
    const first = startShopProcess(crashing);
    shops.push(first);
    await first.opened(120_000);
    const allApproved = `SELECT count(*) AS n FROM sandbox_gateway_charges WHERE (result->>'approved')::boolean`;
    const approvedAtStart = await count(allApproved, []);
    const base = `http://127.0.0.1:${crashing.port}`;
    const cartId = randomUUID();
    const key = randomUUID();
    const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-cart-id': cartId, ...headers },
        body: JSON.stringify(body),
      });
    expect((await post(base, '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 })).status).toBe(200);
    const quote = (await (
      await post(base, '/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 })
    ).json()) as {
      TOTAL: number;
    };
    const payBody = {
      SHIPPING: 1,
      TOTAL: quote.TOTAL,
      BILLINGJSON: null,
      CARD: SANDBOX_VISA,
      ATTJSON: checkoutContact(),
    };
    // The process dies inside this request: no answer comes.
    await expect(post(base, '/checkout/pay', payBody, { 'idempotency-key': key })).rejects.toThrow();
    await first.exited();
    killGroup(first);

    // What the crash left: the card charged, no OrderPaid, the key claimed without an answer.
    const approved = `SELECT count(*) AS n FROM sandbox_gateway_charges WHERE idempotency_key = $1 AND (result->>'approved')::boolean`;
    expect(await count(approved, [key])).toBe(1);
    const paidOfCart = `SELECT count(*) AS n FROM es_events p JOIN es_events o
      ON o.type = 'OrderPlaced' AND p.type = 'OrderPaid' AND p.stream_id = o.stream_id WHERE o.data->>'cartId' = $1`;
    expect(await count(paidOfCart, [cartId])).toBe(0);

    const restarted = await settings();
    const second = startShopProcess(restarted);
    shops.push(second);
    await second.opened(120_000);
    const again = `http://127.0.0.1:${restarted.port}`;
    const retry = await post(again, '/checkout/pay', payBody, { 'idempotency-key': key });
    expect(retry.status).toBe(200);
    const answer = (await retry.json()) as { ONUM: string | null; ERRORS: string[]; RECEIPTTOKEN: string | null };
    expect(answer.ERRORS).toEqual([]);
    expect(answer.ONUM).toMatch(/^\d+$/);
    // A second press with a new key on the same cart charges nothing more: it answers the same order.
    const other = await post(again, '/checkout/pay', payBody, { 'idempotency-key': randomUUID() });
    expect(((await other.json()) as { ONUM: string }).ONUM).toBe(answer.ONUM);

    expect(await count(approved, [key])).toBe(1);
    // The demo seed's own orders were charged at the first start: only this test's one charge is new.
    expect((await count(allApproved, [])) - approvedAtStart).toBe(1);
    expect(await count(paidOfCart, [cartId])).toBe(1);
    const receipt = await fetch(`${again}/api/orders/${answer.ONUM}?token=${answer.RECEIPTTOKEN}`);
    expect(receipt.status).toBe(200);
    const cart = (await (await fetch(`${again}/api/cart`, { headers: { 'x-cart-id': cartId } })).json()) as {
      items: unknown[];
    };
    expect(cart.items).toEqual([]);
    second.child.kill('SIGTERM');
    await second.exited();

    const out = join(dataDir, 'finance.csv');
    const today = new Date().toISOString().slice(0, 10);
    await promisify(execFile)(
      process.execPath,
      ['dist/apps/api/finance/finance-export.js', '--from', today, '--to', today, '--out', out],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: dataDir },
      },
    );
    const lines = (await readFile(out, 'utf8')).split('\n').filter((l) => l.includes(String(answer.ONUM)));
    expect(lines).toHaveLength(1);
  });
});
