import { randomUUID } from 'node:crypto';
import { decryptDob } from '#libs/crypto/dob.js';
import { encryptedDobOf } from '#libs/read-models/customers.js';
import type {
  CardOnFile,
  OrderHistoryEntry,
  PayResponse,
  Quote,
  Receipt,
  Subscriptions,
} from '#libs/contracts/cart.js';
import { addYears } from '#libs/domain/entitlements/grants-for-order.js';
import { TOTAL_MISMATCH_MESSAGE } from '#libs/domain/pricing/order-totals.js';
import { DECLINES } from '#libs/payments/decline-words.js';
import { GUEST_DIGITAL_MESSAGE, RECEIPT_NOT_AUTHORIZED } from '../../apps/api/checkout/checkout-errors.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { checkoutContact, SANDBOX_VISA, SENT_KEY } from '../support/checkout-fixtures.js';
import { shopClient } from '../support/shop-client.js';

/** Checkout, payment through the sandbox gateway, orders, receipts and access grants over real HTTP (demo data). */
describe('checkout API', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  type Who = { cartId?: string; token?: string };
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const guest = (): Who => ({ cartId: randomUUID() });
  const login = async (email: string): Promise<Who> => ({ token: (await loginAs(email)).token });
  const add = async (who: Who, item: Record<string, unknown>) => {
    const { status } = await call(who, 'POST', '/cart/items', { QTY: 1, ...item });
    expect(status).toBe(200);
  };
  const contact = checkoutContact;
  const visa = SANDBOX_VISA;
  const quote = (who: Who, SHIPPING: 1 | 2, STATE = 'MO') =>
    call<Quote>(who, 'POST', '/checkout/quote', { COUNTRY: 'USA', STATE, SHIPPING });
  const pay = (who: Who, body: Record<string, unknown>, key: string = randomUUID()) =>
    call<PayResponse>(
      who,
      'POST',
      '/checkout/pay',
      { ATTJSON: contact(), BILLINGJSON: null, CARD: visa, ...body },
      {
        'idempotency-key': key,
      },
    );

  it('a guest buys a book with standard, then with expedited shipping to MO: 8.238% tax on the items', async () => {
    const first = guest();
    await add(first, { PRODUCTID: 601, FORMAT: 'BOOK' });
    const standard = await quote(first, 1);
    expect(standard.status).toBe(200);
    const price = standard.body.ORDER.SUBTOTAL;
    expect(price).toBeGreaterThan(0);
    const tax = Math.round((price * 8.238) / 100);
    expect(standard.body).toEqual({
      ORDER: { SUBTOTAL: price, DISCOUNT: 0, TAX: tax, SHIPCOST: 1000, COUPON: null },
      TOTAL: price + tax + 1000,
      SHIPS: true,
      RENEWALS: [],
    });
    const paid = await pay(first, { SHIPPING: 1, TOTAL: standard.body.TOTAL });
    expect(paid.status).toBe(200);
    expect(paid.body.ERRORS).toEqual([]);
    expect(paid.body.ONUM).toMatch(/^\d+$/);
    expect(paid.body.RECEIPTTOKEN).toEqual(expect.any(String));
    // The cart is cleared.
    const cart = await call<{ items: unknown[] }>(first, 'GET', '/cart');
    expect(cart.body.items).toEqual([]);
    // The guest opens the receipt with the token; without it, 404.
    const receipt = await call<{ data: Receipt }>(
      {},
      'GET',
      `/orders/${paid.body.ONUM}?token=${paid.body.RECEIPTTOKEN}`,
    );
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({
      ONUM: paid.body.ONUM,
      ORDER: { SUBTOTAL: price, TAX: tax, SHIPCOST: 1000 },
      TOTAL: price + tax + 1000,
      CARD: { BRAND: 'Visa', LAST4: '4242' },
      EVENTS: [],
    });
    expect(JSON.stringify(receipt.body)).not.toContain('4242424242424242');
    const denied = await call({}, 'GET', `/orders/${paid.body.ONUM}?token=wrong`);
    expect(denied.status).toBe(404);
    expect(denied.body.error).toBe(RECEIPT_NOT_AUTHORIZED);

    const second = guest();
    await add(second, { PRODUCTID: 601, FORMAT: 'BOOK' });
    const expedited = await quote(second, 2);
    expect(expedited.body.ORDER).toMatchObject({ TAX: tax, SHIPCOST: 1000 + 2500 });
    expect((await quote(second, 2, 'KS')).body.ORDER.TAX).toBe(0);
    const paid2 = await pay(second, { SHIPPING: 2, TOTAL: expedited.body.TOTAL });
    expect(paid2.body).toMatchObject({ ERRORS: [], ONUM: expect.stringMatching(/^\d+$/) });
    expect(paid2.body.ONUM).not.toBe(paid.body.ONUM);
  });

  it('a client total that differs from the server’s is refused', async () => {
    const who = guest();
    await add(who, { PRODUCTID: 602, FORMAT: 'BOOK' });
    const { body: q } = await quote(who, 1);
    const refused = await pay(who, { SHIPPING: 1, TOTAL: q.TOTAL - 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(TOTAL_MISMATCH_MESSAGE);
  });

  it('each decline card answers 200 with its text in ERRORS and no order number', async () => {
    const who = guest();
    await add(who, { PRODUCTID: 603, FORMAT: 'BOOK' });
    const { body: q } = await quote(who, 1);
    const cases: [string, string][] = [
      ['4000000000000002', DECLINES.declined],
      ['4000000000009995', DECLINES.insufficientFunds],
      ['4000000000000069', DECLINES.expired],
      ['4000000000000127', DECLINES.securityCode],
      ['4242424242424241', DECLINES.incorrectNumber],
    ];
    for (const [CC, text] of cases) {
      const declined = await pay(who, { SHIPPING: 1, TOTAL: q.TOTAL, CARD: { ...visa, CC } });
      expect(declined.status).toBe(200);
      expect(declined.body).toEqual({ ONUM: null, ERRORS: [text], RECEIPTTOKEN: null });
    }
    const past = await pay(who, { SHIPPING: 1, TOTAL: q.TOTAL, CARD: { ...visa, YEAR: '2020' } });
    expect(past.body.ERRORS).toEqual([DECLINES.expired]);
    // The cart stays; a good card then pays.
    const ok = await pay(who, { SHIPPING: 1, TOTAL: q.TOTAL });
    expect(ok.body.ERRORS).toEqual([]);
  });

  it('the same Idempotency-Key twice (a double click) makes one order and one charge', async () => {
    const who = guest();
    await add(who, { PRODUCTID: 604, FORMAT: 'BOOK' });
    const { body: q } = await quote(who, 1);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      pay(who, { SHIPPING: 1, TOTAL: q.TOTAL }, key),
      pay(who, { SHIPPING: 1, TOTAL: q.TOTAL }, key),
    ]);
    expect(a.body.ONUM).toMatch(/^\d+$/);
    expect(b.body).toEqual(a.body);
    const again = await pay(who, { SHIPPING: 1, TOTAL: q.TOTAL }, key);
    expect(again.body).toEqual(a.body);
    const { rows } = await shop.shop.pool.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM finance_ledger WHERE onum = $1`,
      [a.body.ONUM],
    );
    expect(rows[0]?.n).toBe('1');
    const charges = await shop.shop.pool.query(`SELECT 1 FROM sandbox_gateway_charges WHERE ${SENT_KEY} = $1`, [key]);
    expect(charges.rowCount).toBe(1);
  });

  it('validates the contact and the card with the spec’s messages', async () => {
    const who = guest();
    await add(who, { PRODUCTID: 605, FORMAT: 'BOOK' });
    const bad = await pay(who, {
      SHIPPING: 1,
      TOTAL: 1,
      ATTJSON: { ...contact({ FIRSTNAME: '', CITY: ' ', PHONE: '1'.repeat(21) }), DOB: '1970-01-02' },
      CARD: { CC: '', MONTH: '', YEAR: '', SC: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining([
        'First Name is required.',
        'City is required.',
        'Phone must be at most 20 characters.',
        'Date of Birth must be in the format of MM/DD/YYYY.',
        'Card Number is required.',
        'Card Month is required.',
        'Card Year is required.',
        'Security Code is required.',
      ]),
    );
    const noKey = await call(who, 'POST', '/checkout/pay', {
      ATTJSON: contact(),
      BILLINGJSON: null,
      CARD: visa,
      SHIPPING: 1,
      TOTAL: 1,
    });
    expect(noKey.status).toBe(400);
  });

  it('a guest may buy only physical items', async () => {
    const who = guest();
    await add(who, { PRODUCTID: 606, FORMAT: 'STREAMING' });
    const refused = await pay(who, { SHIPPING: 1, TOTAL: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(GUEST_DIGITAL_MESSAGE);
  });

  it('a paid Complete grants qmpcomplete at once; the order is in the history; the card is kept on file; others get 404', async () => {
    const reader = await login('reader@demo.test');
    const before = await call<{ roles: string[] }>(reader, 'GET', '/auth/me');
    expect(before.body.roles).not.toContain('qmpcomplete');
    await add(reader, { PRODUCTID: 130, TERM: 1 });
    const { body: q } = await quote(reader, 1, 'KS');
    expect(q).toMatchObject({ ORDER: { SUBTOTAL: 175000, TAX: 0, SHIPCOST: 0 }, TOTAL: 175000, SHIPS: false });
    const paid = await pay(reader, { SHIPPING: 1, TOTAL: q.TOTAL, ATTJSON: contact({ STATE: 'KS' }), SAVE_CARD: true });
    expect(paid.body).toEqual({ ONUM: expect.stringMatching(/^\d+$/), ERRORS: [], RECEIPTTOKEN: null });

    const me = await call<{ roles: string[] }>(reader, 'GET', '/auth/me');
    expect(me.body.roles).toContain('qmpcomplete');
    const subs = await call<Subscriptions>(reader, 'GET', '/subscriptions');
    const today = new Date().toISOString().slice(0, 10);
    expect(subs.body.complete_expire).toBe(addYears(`${today}T00:00:00.000Z`, 1).slice(0, 10));
    expect(subs.body.cme_expire).toBe('0000-00-00');

    const history = await call<{ data: OrderHistoryEntry[] }>(reader, 'GET', '/orders');
    expect(history.body.data[0]).toMatchObject({
      ONUM: paid.body.ONUM,
      PRODUCTS: [{ PRODUCTID: 130, TYPE: 'qmpcomplete' }],
    });
    const card = await call<{ data: CardOnFile | null }>(reader, 'GET', '/card');
    expect(card.body.data).toEqual({ BRAND: 'Visa', LAST4: '4242', MONTH: '12', YEAR: '2030' });

    const mine = await call<{ data: Receipt }>(reader, 'GET', `/orders/${paid.body.ONUM}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.PRODUCTS).toEqual([
      {
        PRODUCTID: 130,
        PRODUCTNAME: expect.any(String),
        TYPE: 'qmpcomplete',
        UNITPRICE: 175000,
        QTY: 1,
        TOTAL: 175000,
      },
    ]);
    const other = await login('resident@demo.test');
    const theirs = await call(other, 'GET', `/orders/${paid.body.ONUM}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe(RECEIPT_NOT_AUTHORIZED);
    expect((await call({}, 'GET', `/orders/${paid.body.ONUM}`)).status).toBe(404);

    // The card on file pays a second order (CARD null).
    await add(reader, { PRODUCTID: 601, FORMAT: 'BOOK' });
    const { body: q2 } = await quote(reader, 1, 'KS');
    const second = await pay(reader, { SHIPPING: 1, TOTAL: q2.TOTAL, ATTJSON: contact({ STATE: 'KS' }), CARD: null });
    expect(second.body.ERRORS).toEqual([]);
  });
  it('a renewal from the toast is priced again at 10% off and extends the subscription from its current expiry', async () => {
    const customer = await login('complete@demo.test');
    const before = await call<Subscriptions>(customer, 'GET', '/subscriptions');
    expect(before.body.complete_expire).not.toBe('0000-00-00');
    const renewal = await call(customer, 'POST', '/cart/renewals', { TYPE: 'qmpcomplete', TERM: 1 });
    expect(renewal.status).toBe(200);
    const { body: q } = await quote(customer, 1, 'KS');
    expect(q.ORDER.SUBTOTAL).toBe(157500);
    const paid = await pay(customer, { SHIPPING: 1, TOTAL: q.TOTAL, ATTJSON: contact({ STATE: 'KS' }) });
    expect(paid.body.ERRORS).toEqual([]);
    const after = await call<Subscriptions>(customer, 'GET', '/subscriptions');
    expect(after.body.complete_expire).toBe(addYears(`${before.body.complete_expire}T12:00:00.000Z`, 1).slice(0, 10));
  });
  it('a resident’s receipt carries CATEGORY and the venue and hotel of a meeting bought', async () => {
    const resident = await login('resident@demo.test');
    await add(resident, { PRODUCTID: 503 });
    const { body: q } = await quote(resident, 1, 'KS');
    const paid = await pay(resident, { SHIPPING: 1, TOTAL: q.TOTAL, ATTJSON: contact({ STATE: 'KS' }) });
    expect(paid.body.ERRORS).toEqual([]);
    const receipt = await call<{ data: Receipt }>(resident, 'GET', `/orders/${paid.body.ONUM}`);
    expect(receipt.body.data.CATEGORY).toBe('Resident');
    expect(receipt.body.data.EVENTS).toEqual([
      { PRODUCTID: 503, NAME: expect.any(String), VENUE: expect.any(String), HOTEL: expect.any(String) },
    ]);
  });

  it('CME shipped to the USA needs a date of birth', async () => {
    const learner = await login('learner@demo.test');
    await add(learner, { PRODUCTID: 155 });
    const { body: q } = await quote(learner, 1, 'KS');
    const refused = await pay(learner, { SHIPPING: 1, TOTAL: q.TOTAL, ATTJSON: contact({ STATE: 'KS' }) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Date of Birth is required.');
    const paid = await pay(learner, {
      SHIPPING: 1,
      TOTAL: q.TOTAL,
      ATTJSON: { ...contact({ STATE: 'KS' }), DOB: '01/02/1970' },
    });
    expect(paid.body.ERRORS).toEqual([]);
    const subs = await call<Subscriptions>(learner, 'GET', '/subscriptions');
    expect(subs.body.cme_expire).toBe(`${new Date().getUTCFullYear()}-12-31`);
    const { rows } = await shop.shop.pool.query<{ data: unknown }>(`SELECT data FROM es_events WHERE stream_id = $1`, [
      `order-${paid.body.ONUM}`,
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/1970|4242424242424242/);
    // The date of birth is kept for the CME record, encrypted, on the customer: never in plain text in the log.
    const customer = await shop.shop.pool.query<{ customer_id: string }>(
      `SELECT customer_id FROM customers WHERE email = 'learner@demo.test'`,
    );
    const stored = await encryptedDobOf(shop.shop.pool, customer.rows[0]!.customer_id);
    expect(stored).not.toBeNull();
    expect(stored).not.toContain('1970');
    expect(decryptDob(stored!, shop.shop.config.DOB_ENCRYPTION_KEY!)).toBe('01/02/1970');
    const customerEvents = await shop.shop.pool.query<{ data: unknown }>(
      `SELECT data FROM es_events WHERE stream_id = $1`,
      [`customer-${customer.rows[0]!.customer_id}`],
    );
    expect(JSON.stringify(customerEvents.rows)).not.toMatch(/1970/);
  });
});
