import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { shopClient } from '../support/shop-client.js';
import { useCrashTest } from './crash-test.js';
import { ROOT } from './shop-process.js';

/**
 * A crash between a full refund and taking back the access: the built shop runs with the fault point
 * `refund:before-revoke`, which kills it once its OrderRefunded process manager, following the log, is
 * about to revoke. The next start runs the process manager again from its checkpoint, before the shop
 * opens: the access is gone, revoked once.
 */
describe('a crash between a full refund and taking back its access', () => {
  const crash = useCrashTest('refund-crash');
  const { count } = crash;

  it('after the restart the Complete bought is gone, revoked once', async () => {
    const first = await crash.start({ SHOP_FAULT_POINT: 'refund:before-revoke' });
    const { call, loginAs } = shopClient(() => first.base);
    const reader = { token: (await loginAs('reader@demo.test')).token };
    expect((await call(reader, 'POST', '/cart/items', { QTY: 1, PRODUCTID: 130, TERM: 1 })).status).toBe(200);
    const { body: quote } = await call<Quote>(reader, 'POST', '/checkout/quote', {
      COUNTRY: 'USA',
      STATE: 'KS',
      SHIPPING: 1,
    });
    const paid = await call<PayResponse>(
      reader,
      'POST',
      '/checkout/pay',
      {
        ATTJSON: checkoutContact({ STATE: 'KS' }),
        BILLINGJSON: null,
        CARD: SANDBOX_VISA,
        SHIPPING: 1,
        TOTAL: quote.TOTAL,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.body.ERRORS).toEqual([]);
    const source = `order:${paid.body.ONUM}`;
    const revoked = () =>
      count(`SELECT count(*) AS n FROM es_events WHERE type = 'EntitlementsRevoked' AND data->>'source' = $1`, [
        source,
      ]);

    // The command refunds in full while the shop runs; the shop dies as it starts to take the access back.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['dist/apps/api/refunds/order-refund.js', String(paid.body.ONUM), '--reason', 'Chargeback risk', '--by', 'ops'],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: crash.db.url, DATA_DIR: crash.dataDir } },
    );
    expect(stdout).toMatch(/^Refunded .* \(full refund/);
    await first.shop.exited();
    expect(await revoked()).toBe(0);

    const second = await crash.start();
    // The start completed the flow before the shop opened.
    expect(await revoked()).toBe(1);
    const after = shopClient(() => second.base);
    const again = { token: (await after.loginAs('reader@demo.test')).token };
    const me = await after.call<{ roles: string[] }>(again, 'GET', '/auth/me');
    expect(me.body.roles).not.toContain('qmpcomplete');
    expect(await count(`SELECT count(*) AS n FROM entitlement_subscriptions WHERE source = $1`, [source])).toBe(0);
  });
});
