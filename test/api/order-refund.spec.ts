import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SystemClock } from '#libs/application/clock.js';
import type { OrderHistoryEntry, PayResponse, Quote, Receipt, Subscriptions } from '#libs/contracts/cart.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import type { OrderRefunded } from '#libs/domain/order/order.events.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { createPaymentGateway } from '#libs/payments/create-payment-gateway.js';
import { REFUND_REFUSALS } from '#libs/payments/sandbox-gateway.js';
import { dayRange, financeCsv, paidLinesFromLog } from '../../apps/api/finance/finance-csv.js';
import { type RefundArguments, refundOrder } from '../../apps/api/refunds/refund-order.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { outboxValidationLink, registerAndValidate } from '../support/customer-fixtures.js';
import { type Caller, shopClient } from '../support/shop-client.js';
import { KEY_REUSED_CODE } from '#libs/application/stored-answers.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `npm run order:refund` (docs/payments.md, Refunds): its function against a running shop's database,
 * as the CLI runs it against DATABASE_URL. The shop's process managers take back the access of a fully
 * refunded order from the log, as they do when the CLI ran with the shop stopped. The last case spawns
 * the built command (`npm run build:server` first; `npm test` builds).
 */
describe('order refunds', () => {
  let shop: TestApp;
  let store: EventStore;
  const { call } = shopClient(() => shop.baseUrl);
  const refund = (args: Partial<RefundArguments> & { onum: number }) =>
    refundOrder(
      {
        store,
        gateway: createPaymentGateway(shop.shop.config, shop.shop.pool, new SystemClock()),
        clock: new SystemClock(),
      },
      { amountCents: null, reason: 'Bought by mistake', by: 'finance', key: null, ...args },
    );

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
    store = await createEventStore(shop.shop.config, shop.shop.pool);
  });
  afterAll(async () => {
    await store?.close();
    await shop?.close();
  });

  const customer = async (): Promise<Caller> => {
    const email = `refund-${randomUUID().slice(0, 8)}@example.test`;
    await registerAndValidate(shop.baseUrl, email, (to) => outboxValidationLink(shop.shop.pool, to));
    const login = await call<{ token: string }>({}, 'POST', '/auth/login', {
      email,
      password: 'Secret-pass-1',
      version: 5,
    });
    return { token: login.body.token };
  };
  const buy = async (who: Caller, items: Record<string, unknown>[]): Promise<{ onum: number; total: number }> => {
    for (const item of items) expect((await call(who, 'POST', '/cart/items', { QTY: 1, ...item })).status).toBe(200);
    const { body: quote } = await call<Quote>(who, 'POST', '/checkout/quote', {
      COUNTRY: 'USA',
      STATE: 'KS',
      SHIPPING: 1,
    });
    const paid = await call<PayResponse>(
      who,
      'POST',
      '/checkout/pay',
      {
        ATTJSON: { ...checkoutContact({ STATE: 'KS' }), DOB: '03/04/1981' },
        BILLINGJSON: null,
        CARD: SANDBOX_VISA,
        SHIPPING: 1,
        TOTAL: quote.TOTAL,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.body.ERRORS).toEqual([]);
    return { onum: Number(paid.body.ONUM), total: quote.TOTAL };
  };
  const roles = async (who: Caller) => (await call<{ roles: string[] }>(who, 'GET', '/auth/me')).body.roles;
  const refundEvents = async (onum: number) =>
    (await store.readStream(`order-${onum}`)).filter((e) => e.type === 'OrderRefunded') as unknown as OrderRefunded[];
  const until = async (check: () => Promise<boolean>, what: string): Promise<void> => {
    const deadline = Date.now() + 15_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('a partial refund keeps the access; the full refund of the rest takes back subscriptions, CME and streaming', async () => {
    const buyer = await customer();
    const order = await buy(buyer, [
      { PRODUCTID: 130, TERM: 1 },
      { PRODUCTID: 155 },
      { PRODUCTID: 601, FORMAT: 'STREAMING' },
    ]);
    const granted = await roles(buyer);
    expect(granted).toEqual(expect.arrayContaining(['qmpcomplete', 'cme', 'streaming']));

    const part = await refund({ onum: order.onum, amountCents: 1000, reason: 'Goodwill' });
    expect(part).toMatchObject({
      outcome: 'refunded',
      event: { amountCents: 1000, refundedCents: 1000, full: false, reason: 'Goodwill', by: 'finance' },
    });
    // Give the shop's process managers the time a revoke would take: a partial refund takes nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await roles(buyer)).toEqual(granted);

    const rest = await refund({ onum: order.onum });
    expect(rest).toMatchObject({
      outcome: 'refunded',
      event: { amountCents: order.total - 1000, refundedCents: order.total, full: true },
    });
    await until(async () => (await roles(buyer)).length === 0, 'the access to be taken back');
    expect((await call<Subscriptions>(buyer, 'GET', '/subscriptions')).body).toEqual({
      cme_expire: '0000-00-00',
      complete_expire: '0000-00-00',
      streaming_all_expire: '0000-00-00',
      elearning_expire: '0000-00-00',
      RENEWALS: [],
    });

    // The order history and the receipt show both refunds.
    const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/);
    const lines = [
      { AMOUNT: 1000, DATE },
      { AMOUNT: order.total - 1000, DATE },
    ];
    const history = await call<{ data: OrderHistoryEntry[] }>(buyer, 'GET', '/orders');
    expect(history.body.data.find((o) => o.ONUM === String(order.onum))?.REFUNDS).toEqual(lines);
    const receipt = await call<{ data: Receipt }>(buyer, 'GET', `/orders/${order.onum}`);
    expect(receipt.body.data.REFUNDS).toEqual(lines);

    // The finance export: the order's lines and its two refunds, each its own negative line, add up to zero.
    const today = new Date().toISOString().slice(0, 10);
    const { start, end } = dayRange(today, today);
    const rows = (await paidLinesFromLog(store, start, end)).filter((r) => r.onum === String(order.onum));
    const refunds = rows.filter((r) => r.type === 'refund');
    expect(refunds.map((r) => r.total)).toEqual([-1000, -(order.total - 1000)]);
    for (const r of refunds) expect(r.reference).toMatch(/^sbx_re_[a-z]{24}$/);
    expect(financeCsv(refunds).split('\n')[1]).toMatch(
      /,,Goodwill,refund,1,-10\.00,0\.00,0\.00,0\.00,-10\.00,sbx_re_[a-z]{24}$/,
    );
    const paidSum = rows.filter((r) => r.type !== 'refund').reduce((s, r) => s + r.total, 0);
    expect(paidSum).toBe(order.total);
    expect(rows.reduce((s, r) => s + r.total, 0)).toBe(order.total - order.total);
  });

  it('the same command twice refunds once; beyond what is left and an unknown order are refused', async () => {
    const buyer = await customer();
    const order = await buy(buyer, [{ PRODUCTID: 601, FORMAT: 'BOOK' }]);
    const first = await refund({ onum: order.onum, amountCents: 500 });
    const again = await refund({ onum: order.onum, amountCents: 500 });
    expect(first.outcome).toBe('refunded');
    expect(again).toEqual({ ...first, outcome: 'already_refunded' });
    expect(await refundEvents(order.onum)).toHaveLength(1);
    const { rows } = await shop.shop.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM sandbox_gateway_refunds WHERE result->>'refunded' = 'true' AND charge_reference = $1`,
      [first.outcome !== 'refused' ? first.event.chargeReference : ''],
    );
    expect(Number(rows[0]?.n)).toBe(1);

    await expect(refund({ onum: order.onum, amountCents: order.total })).rejects.toMatchObject({
      code: 'refund_too_much',
    });
    await expect(refund({ onum: 999_999_999 })).rejects.toBeInstanceOf(DomainError);
    await expect(refund({ onum: 999_999_999 })).rejects.toMatchObject({ code: 'refund_order_not_found' });
    // A second refund of the same amount for the same reason is its own refund with its own key.
    expect(await refund({ onum: order.onum, amountCents: 500, key: 'second-goodwill' })).toMatchObject({
      outcome: 'refunded',
      event: { refundedCents: 1000 },
    });
  });

  it('refunds of one order at once never give back more than was paid; the same refund at once moves once', async () => {
    const buyer = await customer();
    const order = await buy(buyer, [{ PRODUCTID: 604, FORMAT: 'BOOK' }]);
    const share = Math.floor(order.total * 0.4);
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) => refund({ onum: order.onum, amountCents: share, reason: `Part ${n}` })),
    );
    const outcomes = settled.map((s) =>
      s.status === 'fulfilled' ? s.value.outcome : s.reason instanceof DomainError ? s.reason.code : String(s.reason),
    );
    expect(outcomes.filter((o) => o === 'refunded')).toHaveLength(2);
    expect(outcomes.filter((o) => o !== 'refunded' && o !== 'refused' && o !== 'refund_too_much')).toEqual([]);
    const events = await refundEvents(order.onum);
    expect(events.map((e) => e.data.refundedCents)).toEqual([share, 2 * share]);
    const refused = settled.find((s) => s.status === 'fulfilled' && s.value.outcome === 'refused');
    if (refused?.status === 'fulfilled')
      expect(refused.value).toEqual({ outcome: 'refused', errors: [REFUND_REFUSALS.tooMuch] });

    const same = await Promise.allSettled(
      Array.from({ length: 10 }, () => refund({ onum: order.onum, amountCents: 1, reason: 'Rounding' })),
    );
    expect(same.filter((s) => s.status === 'rejected')).toEqual([]);
    expect(await refundEvents(order.onum)).toHaveLength(3);
    const { rows } = await shop.shop.pool.query<{ cents: string }>(
      `SELECT sum(amount_cents) AS cents FROM sandbox_gateway_refunds WHERE charge_reference = $1`,
      [events[0]!.data.chargeReference],
    );
    expect(Number(rows[0]?.cents)).toBe(2 * share + 1);
  });

  it("an operator's --key is the order's own: used on another order it refunds that order for real; reused on the same order for another refund, it is refused", async () => {
    const buyer = await customer();
    const first = await buy(buyer, [{ PRODUCTID: 601, FORMAT: 'BOOK' }]);
    const second = await buy(buyer, [{ PRODUCTID: 604, FORMAT: 'BOOK' }]);
    expect(await refund({ onum: first.onum, key: 'goodwill-2026' })).toMatchObject({ outcome: 'refunded' });
    // The same --key on the second order: a refund of its own, the money given back at the gateway.
    const again = await refund({ onum: second.onum, key: 'goodwill-2026' });
    expect(again).toMatchObject({ outcome: 'refunded', event: { amountCents: second.total, full: true } });
    if (again.outcome !== 'refunded') throw new Error('expected a refund');
    const { rows } = await shop.shop.pool.query<{ cents: string }>(
      `SELECT coalesce(sum(amount_cents), 0) AS cents FROM sandbox_gateway_refunds
        WHERE charge_reference = $1 AND (result->>'refunded')::boolean`,
      [again.event.chargeReference],
    );
    expect(Number(rows[0]?.cents)).toBe(second.total);
    // The same key and order asked another amount or reason: refused, nothing moved or recorded.
    const third = await buy(buyer, [{ PRODUCTID: 601, FORMAT: 'BOOK' }]);
    await refund({ onum: third.onum, amountCents: 100, key: 'part' });
    await expect(refund({ onum: third.onum, amountCents: 200, key: 'part' })).rejects.toMatchObject({
      code: KEY_REUSED_CODE,
    });
    await expect(refund({ onum: third.onum, amountCents: 100, key: 'part', reason: 'Other' })).rejects.toMatchObject({
      code: KEY_REUSED_CODE,
    });
    expect(await refundEvents(third.onum)).toHaveLength(1);
  });

  it('the built command refunds, says so, refunds nothing when run again, and refuses with exit code 1', async () => {
    const buyer = await customer();
    const order = await buy(buyer, [{ PRODUCTID: 601, FORMAT: 'BOOK' }]);
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['dist/apps/api/refunds/order-refund.js', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: shop.shop.config.DATABASE_URL, DATA_DIR: '/tmp/shop-test-unused' },
      });
    const args = [String(order.onum), '--amount', '250', '--reason', 'Scuffed cover', '--by', 'ann'];
    expect((await cli(...args)).stdout).toMatch(/^Refunded \$2\.50 of order \d+ \(partial refund: the access stays\)/);
    expect((await cli(...args)).stdout).toMatch(/^Already refunded \(nothing moved now\): \$2\.50/);
    const events = await refundEvents(order.onum);
    expect(events.map((e) => [e.data.amountCents, e.data.by, e.data.reason])).toEqual([[250, 'ann', 'Scuffed cover']]);
    const actors = (await store.readStream(`order-${order.onum}`)).map((e) => e.metadata.actorId);
    expect(actors.at(-1)).toBe('operator:ann');

    const refused = await cli(String(order.onum), '--amount', String(order.total), '--reason', 'All').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('more than what is left') });
    const usage = await cli('--reason', 'x').catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run order:refund') });
  });
});
