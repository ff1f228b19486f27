import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { useCrashTest } from './crash-test.js';
import { ROOT } from './shop-process.js';

/**
 * A crash between the gateway's charge and the OrderPaid append (issue: one cart, one charge): the
 * built shop runs with the fault point `pay:after-charge`, which kills it (SIGKILL, no clean-up) right
 * after the sandbox gateway charged the card. The next start settles the payment from the log and the
 * gateway: exactly one charge, one paid order, the retry with the same key gets its ONUM, and the
 * finance export shows the order once.
 */
describe('a crash right after the charge', () => {
  const crash = useCrashTest('pay-crash');
  const { count } = crash;

  it('one charge and one order after the restart; the retry answers the order; the export holds it once', async () => {
    const first = await crash.start({ SHOP_FAULT_POINT: 'pay:after-charge' });
    const allApproved = `SELECT count(*) AS n FROM sandbox_gateway_charges WHERE (result->>'approved')::boolean`;
    const approvedAtStart = await count(allApproved, []);
    const base = first.base;
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
    await crash.killedDuring(first.shop, post(base, '/checkout/pay', payBody, { 'idempotency-key': key }));

    // What the crash left: the card charged, no OrderPaid, the key claimed without an answer.
    const approved = `SELECT count(*) AS n FROM sandbox_gateway_charges WHERE idempotency_key = $1 AND (result->>'approved')::boolean`;
    expect(await count(approved, [key])).toBe(1);
    const paidOfCart = `SELECT count(*) AS n FROM es_events p JOIN es_events o
      ON o.type = 'OrderPlaced' AND p.type = 'OrderPaid' AND p.stream_id = o.stream_id WHERE o.data->>'cartId' = $1`;
    expect(await count(paidOfCart, [cartId])).toBe(0);

    const second = await crash.start();
    const again = second.base;
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
    second.shop.child.kill('SIGTERM');
    await second.shop.exited();

    const out = join(crash.dataDir, 'finance.csv');
    const today = new Date().toISOString().slice(0, 10);
    await promisify(execFile)(
      process.execPath,
      ['dist/apps/api/finance/finance-export.js', '--from', today, '--to', today, '--out', out],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: crash.db.url, DATA_DIR: crash.dataDir },
      },
    );
    const lines = (await readFile(out, 'utf8')).split('\n').filter((l) => l.includes(String(answer.ONUM)));
    expect(lines).toHaveLength(1);
  });
});
