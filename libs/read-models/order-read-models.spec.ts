import type { OrderEvent, OrderLine } from '#libs/domain/order/order.events.js';
import { cardOf, cardsReadModel } from './cards.js';
import { financeLedgerReadModel, ledgerRows } from './finance-ledger.js';
import { projectInto, readModelDatabase } from './identity-projection.testing.js';
import { cmeModulesBoughtIn, decodeOrderCursor, orderHistoryPage, orderHistoryReadModel } from './order-history.js';
import { receiptOf, receiptsReadModel } from './receipts.js';
import { TEST_CONTACT } from '#libs/domain/order/order.testing.js';

const contact = TEST_CONTACT;
const lines: OrderLine[] = [
  {
    PRODUCTID: 301,
    PRODUCTNAME: 'Atlas',
    TYPE: 'BOOK',
    UNITPRICE: 6000,
    QTY: 2,
    TERM: null,
    OFFER: null,
    AMOUNT: 12000,
    DISCOUNT: 0,
    TAX: 989,
    SHIPPING: 1000,
    TOTAL: 13989,
  },
];
const money = { SUBTOTAL: 12000, DISCOUNT: 0, TAX: 989, SHIPCOST: 1000, TOTAL: 13989, COUPON: null };
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    onum: 100001,
    customerId: 'c1',
    cartId: 'cart',
    contact,
    billing: null,
    CATEGORY: 'Resident',
    shippingOption: 1,
    lines,
    ...money,
    placedAt: '2026-06-15T10:00:00.000Z',
  },
};
const paid: OrderEvent = {
  type: 'OrderPaid',
  data: {
    onum: 100001,
    customerId: 'c1',
    lines,
    ...money,
    gateway: { reference: 'sbx_ch_1', brand: 'Visa', last4: '4242' },
    idempotencyKey: 'k',
    paidAt: '2026-06-15T10:00:01.000Z',
  },
};

const refunded: OrderEvent = {
  type: 'OrderRefunded',
  data: {
    onum: 100001,
    customerId: 'c1',
    amountCents: 989,
    refundedCents: 989,
    full: false,
    reason: 'Tax exemption shown late',
    by: 'finance',
    chargeReference: 'sbx_ch_1',
    refundReference: 'sbx_re_1',
    idempotencyKey: 'r1',
    refundedAt: '2026-06-20T09:00:00.000Z',
  },
};

describe('order read models', () => {
  const db = readModelDatabase();

  it('order history lists a customer’s paid orders', async () => {
    await projectInto(db.pool, orderHistoryReadModel, [placed, paid]);
    expect(await orderHistoryPage(db.pool, 'c1', 20, null)).toEqual({
      data: [
        {
          DATE: '2026-06-15T10:00:01.000Z',
          ONUM: '100001',
          PRODUCTS: [{ PRODUCTID: 301, PRODUCTNAME: 'Atlas', TYPE: 'BOOK' }],
          REFUNDS: [],
        },
      ],
      NEXT: null,
    });
    expect(await orderHistoryPage(db.pool, 'c2', 20, null)).toEqual({ data: [], NEXT: null });
  });

  it('given seven orders, two paid in the same microsecond, when read 3 at a time, then every order once, newest first, and no NEXT after the last', async () => {
    await db.pool.query('DROP TABLE IF EXISTS order_history');
    const paidAt = ['2026-01-02T08:00:00.000Z', '2026-03-01T10:00:00.123Z', '2026-03-01T10:00:00.123Z'];
    paidAt.push(
      '2026-03-01T10:00:00.124Z',
      '2026-05-05T00:00:00.000Z',
      '2026-07-01T12:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    );
    const orders = paidAt.map((at, n): OrderEvent => ({
      type: 'OrderPaid',
      data: { ...paid.data, onum: 100010 + n, paidAt: at },
    }));
    await projectInto(db.pool, orderHistoryReadModel, orders);
    const seen: string[] = [];
    const nexts: (string | null)[] = [];
    let after: string | null = null;
    do {
      const page = await orderHistoryPage(db.pool, 'c1', 3, after === null ? null : decodeOrderCursor(after));
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((order) => order.ONUM));
      nexts.push(page.NEXT);
      after = page.NEXT;
    } while (after !== null);
    expect(seen).toEqual(['100016', '100015', '100014', '100013', '100012', '100011', '100010']);
    expect(nexts.map((next) => next !== null)).toEqual([true, true, false]);
    // Seven is not a multiple of three; six would end on a page of three whose NEXT is already null.
    expect((await orderHistoryPage(db.pool, 'c1', 7, null)).NEXT).toBeNull();
  });

  it('a cursor is only one the shop made: garbage, a date that is no date or SQL is not decoded', () => {
    expect(decodeOrderCursor('2026-03-01T10:00:00.123000Z_100011')).toEqual({
      paidAt: '2026-03-01T10:00:00.123000Z',
      onum: '100011',
    });
    for (const bad of [
      '',
      'x',
      '2026-13-45T10:00:00.123000Z_1',
      '2026-02-30T10:00:00.123000Z_1',
      "2026-03-01T10:00:00.123000Z_1' OR 1=1",
      '_100011',
    ]) {
      expect(decodeOrderCursor(bad)).toBeNull();
    }
  });

  it('the CME modules bought in a year: TYPE cme in any case, paid in that UTC year only', async () => {
    await db.pool.query('DROP TABLE IF EXISTS order_history');
    const line = (PRODUCTID: number, TYPE: string): OrderLine => ({ ...lines[0]!, PRODUCTID, TYPE });
    const order = (onum: number, at: string, bought: OrderLine[]): OrderEvent => ({
      type: 'OrderPaid',
      data: { ...paid.data, onum, paidAt: at, lines: bought },
    });
    await projectInto(db.pool, orderHistoryReadModel, [
      order(100020, '2025-12-31T23:59:59.999Z', [line(401, 'cme')]),
      order(100021, '2026-01-01T00:00:00.000Z', [line(402, 'CME'), line(301, 'BOOK')]),
      order(100022, '2026-12-31T23:59:59.999Z', [line(403, 'cme'), line(402, 'cme')]),
      order(100023, '2027-01-01T00:00:00.000Z', [line(404, 'cme')]),
    ]);
    expect([...(await cmeModulesBoughtIn(db.pool, 'c1', 2026))].sort()).toEqual([402, 403]);
    expect(await cmeModulesBoughtIn(db.pool, 'c2', 2026)).toEqual(new Set());
  });

  it('order history and receipt show a refund with its amount and date; the ledger as its own negative row', async () => {
    for (const model of [orderHistoryReadModel, receiptsReadModel, financeLedgerReadModel]) {
      for (const table of model.tables) await db.pool.query(`DROP TABLE IF EXISTS ${table}`);
      await projectInto(db.pool, model, [placed, paid, refunded]);
    }
    const lines = [{ AMOUNT: 989, DATE: '2026-06-20T09:00:00.000Z' }];
    expect((await orderHistoryPage(db.pool, 'c1', 1, null)).data[0]?.REFUNDS).toEqual(lines);
    expect((await receiptOf(db.pool, '100001'))?.receipt.REFUNDS).toEqual(lines);
    const rows = await ledgerRows(db.pool, '2025-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(rows.map((r) => [r.type, r.total, r.reference, r.productId])).toEqual([
      ['BOOK', 13989, 'sbx_ch_1', 301],
      ['refund', -989, 'sbx_re_1', null],
    ]);
    expect(rows.reduce((sum, r) => sum + r.total, 0)).toBe(13989 - 989);
    for (const model of [receiptsReadModel, financeLedgerReadModel]) {
      for (const table of model.tables) await db.pool.query(`DROP TABLE ${table}`);
    }
  });

  it('receipts keep the order with its owner, and the card brand and last four once paid', async () => {
    await projectInto(db.pool, receiptsReadModel, [placed]);
    expect((await receiptOf(db.pool, '100001'))?.paid).toBe(false);
    await db.pool.query('DROP TABLE receipts');
    await projectInto(db.pool, receiptsReadModel, [placed, paid]);
    const stored = await receiptOf(db.pool, '100001');
    expect(stored).toMatchObject({ customerId: 'c1', paid: true });
    expect(stored?.receipt).toMatchObject({
      ONUM: '100001',
      DATE: '2026-06-15T10:00:01.000Z',
      CARD: { BRAND: 'Visa', LAST4: '4242' },
      CATEGORY: 'Resident',
      TOTAL: 13989,
      PRODUCTS: [{ PRODUCTID: 301, PRODUCTNAME: 'Atlas', TYPE: 'BOOK', UNITPRICE: 6000, QTY: 2, TOTAL: 12000 }],
    });
    expect(await receiptOf(db.pool, '999')).toBeNull();
  });

  it('the finance ledger holds one row per paid line with the event id and time', async () => {
    await projectInto(db.pool, financeLedgerReadModel, [placed, paid]);
    expect(await ledgerRows(db.pool, '2025-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
      {
        eventId: 'e2',
        occurredAt: '2026-01-01T00:00:00.000Z',
        onum: '100001',
        lineNo: 1,
        productId: 301,
        productName: 'Atlas',
        type: 'BOOK',
        qty: 2,
        unitPrice: 6000,
        discount: 0,
        tax: 989,
        shipping: 1000,
        total: 13989,
        reference: 'sbx_ch_1',
      },
    ]);
  });

  it('the card on file is the latest saved token with brand, last four and expiry', async () => {
    const saved = (token: string, last4: string) => ({
      type: 'CardSavedOnFile',
      data: {
        customerId: 'c1',
        token,
        brand: 'Visa',
        last4,
        month: '12',
        year: '2030',
        savedAt: '2026-06-15T10:00:00Z',
      },
    });
    await projectInto(db.pool, cardsReadModel, [saved('tok_a', '4242'), saved('tok_b', '1881')]);
    expect(await cardOf(db.pool, 'c1')).toEqual({
      BRAND: 'Visa',
      LAST4: '1881',
      MONTH: '12',
      YEAR: '2030',
      token: 'tok_b',
    });
    expect(await cardOf(db.pool, 'c2')).toBeNull();
  });
});
