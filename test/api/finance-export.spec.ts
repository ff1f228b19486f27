import { randomUUID } from 'node:crypto';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { ledgerRows } from '#libs/read-models/finance-ledger.js';
import { dayRange, dollars, financeCsv, paidLinesFromLog } from '../../apps/api/finance/finance-csv.js';
import { createTestApp, type TestApp } from '../support/app.js';

/** The finance export, computed from the event log alone, equals the finance ledger read model to the cent. */
describe('finance export', () => {
  let shop: TestApp;
  let store: EventStore;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
    store = await createEventStore(shop.shop.config, shop.shop.pool);
  });
  afterAll(async () => {
    await store?.close();
    await shop?.close();
  });

  const call = async <T>(cartId: string, path: string, body: unknown, key?: string) => {
    const response = await fetch(`${shop.baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cart-id': cartId, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as T;
  };
  const buy = async (items: Record<string, unknown>[], STATE: string, SHIPPING: 1 | 2, coupon?: string) => {
    const cartId = randomUUID();
    for (const item of items) await call(cartId, '/cart/items', { QTY: 1, ...item });
    if (coupon) await call(cartId, '/cart/coupon', { COUPON: coupon });
    const quote = await call<Quote>(cartId, '/checkout/quote', { COUNTRY: 'USA', STATE, SHIPPING });
    const paid = await call<PayResponse>(
      cartId,
      '/checkout/pay',
      {
        ATTJSON: {
          FIRSTNAME: 'Fin',
          LASTNAME: 'Ance',
          ADDRESS: '2 Ledger Rd',
          CITY: 'Kansas City',
          STATE,
          ZIP: '64101',
          COUNTRY: 'USA',
          PHONE: '555-0101',
          EMAIL: 'fin@example.test',
        },
        BILLINGJSON: null,
        SHIPPING,
        CARD: { CC: '5555555555554444', MONTH: '01', YEAR: '2031', SC: '321' },
        TOTAL: quote.TOTAL,
      },
      randomUUID(),
    );
    if (!Array.isArray(paid.ERRORS)) throw new Error(JSON.stringify(paid));
    expect(paid.ERRORS).toEqual([]);
    onums.add(String(paid.ONUM));
    return quote;
  };
  /** The orders this test paid (the demo seed pays orders of its own the same day). */
  const onums = new Set<string>();
  const ours = <R extends { onum: string | number }>(rows: R[]): R[] => rows.filter((r) => onums.has(String(r.onum)));

  it('writes every paid order line from the OrderPaid events, equal to the ledger read model to the cent', async () => {
    const quotes = [
      await buy(
        [
          { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 3 },
          { PRODUCTID: 602, FORMAT: 'BOTH' },
        ],
        'MO',
        2,
        'BOOKS100',
      ),
      await buy([{ PRODUCTID: 603, FORMAT: 'BOOK' }], 'MO', 1),
      await buy([{ PRODUCTID: 604, FORMAT: 'BOOK', QTY: 7 }], 'KS', 1),
    ];
    const today = new Date().toISOString().slice(0, 10);
    const { start, end } = dayRange(today, today);
    const fromLog = ours(await paidLinesFromLog(store, start, end));
    const fromLedger = ours(await ledgerRows(shop.shop.pool, start, end));

    expect(fromLog.length).toBe(4);
    expect(financeCsv(fromLog)).toBe(financeCsv(fromLedger));
    const sum = (rows: typeof fromLog) => rows.reduce((s, r) => s + r.total, 0);
    expect(sum(fromLog)).toBe(quotes.reduce((s, q) => s + q.TOTAL, 0));
    expect(sum(fromLog)).toBe(sum(fromLedger));
    for (const r of fromLog) expect(r.eventId).toMatch(/^[0-9a-f-]{36}$/);

    const csv = financeCsv(fromLog).trim().split('\n');
    expect(csv[0]).toBe(
      'event_id,occurred_at,onum,line,product_id,product_name,type,qty,unit_price,discount,tax,shipping,total,reference',
    );
    expect(csv).toHaveLength(5);

    // Another day holds nothing.
    const yesterday = dayRange('2001-01-01', '2001-01-02');
    expect(await paidLinesFromLog(store, yesterday.start, yesterday.end)).toEqual([]);
  });

  it('formats cents exactly and refuses a bad day', () => {
    expect(dollars(0)).toBe('0.00');
    expect(dollars(5)).toBe('0.05');
    expect(dollars(123456)).toBe('1234.56');
    expect(dollars(-1500)).toBe('-15.00');
    expect(() => dayRange('2026-13-01', '2026-12-31')).toThrow();
    expect(() => dayRange('2026-02-01', '2026-01-31')).toThrow('--to must not be before --from');
  });
});
