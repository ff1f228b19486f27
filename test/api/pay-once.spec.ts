import { randomUUID } from 'node:crypto';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import { decryptDob, encryptDob } from '#libs/crypto/dob.js';
import { CartErrors } from '#libs/domain/cart/cart.errors.js';
import { PAYMENT_INTERRUPTED } from '#libs/payments/payment-gateway.js';
import { CartService } from '../../apps/api/cart/cart.service.js';
import { PaymentClaims } from '../../apps/api/checkout/payment-claims.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { checkoutContact, SANDBOX_VISA, SENT_KEY } from '../support/checkout-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { shopClient } from '../support/shop-client.js';
import { clientKey, KEY_REUSED, keptKey } from '#libs/application/stored-answers.js';

/**
 * One cart, one charge: presses on the same cart with different Idempotency-Keys (two tabs, a retry
 * from another device) charge it once; a key whose process died is settled instead of refused forever.
 */
/** The date-of-birth key of the test app (test/support/app.ts). */
const DOB_KEY = '0'.repeat(64);

describe('pay: one cart, one charge', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  type Who = { cartId?: string; token?: string };
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const contact = checkoutContact();
  const visa = SANDBOX_VISA;
  const pay = (who: Who, TOTAL: number, key: string = randomUUID(), CARD: Record<string, string> = visa) =>
    call<PayResponse>(
      who,
      'POST',
      '/checkout/pay',
      { ATTJSON: contact, BILLINGJSON: null, CARD, SHIPPING: 1, TOTAL },
      { 'idempotency-key': key },
    );
  const cartWithBook = async (who: Who): Promise<number> => {
    expect((await call(who, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 })).status).toBe(200);
    const quote = await call<Quote>(who, 'POST', '/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 });
    expect(quote.status).toBe(200);
    return quote.body.TOTAL;
  };
  const count = async (sql: string, params: unknown[]): Promise<number> => {
    const { rows } = await shop.shop.pool.query<{ n: string }>(sql, params);
    return Number(rows[0]?.n);
  };
  const charges = (keys: string[]) =>
    count(
      `SELECT count(*) AS n FROM sandbox_gateway_charges WHERE ${SENT_KEY} = ANY($1) AND (result->>'approved')::boolean`,
      [keys],
    );
  const paidEvents = (onum: string) =>
    count(`SELECT count(*) AS n FROM es_events WHERE type = 'OrderPaid' AND stream_id = $1`, [`order-${onum}`]);

  it('ten presses at once with ten keys on one guest cart: one charge, one OrderPaid, one order, ten answers naming it', async () => {
    const who = { cartId: randomUUID() };
    const total = await cartWithBook(who);
    const keys = Array.from({ length: 10 }, () => randomUUID());
    const answers = await Promise.all(keys.map((key) => pay(who, total, key)));

    expect(answers.map((a) => a.status)).toEqual(keys.map(() => 200));
    const onums = new Set(answers.map((a) => a.body.ONUM));
    expect(onums.size).toBe(1);
    const [onum] = [...onums];
    expect(onum).toMatch(/^\d+$/);
    expect(await charges(keys)).toBe(1);
    expect(await paidEvents(String(onum))).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM receipts WHERE paid_at IS NOT NULL AND onum = $1`, [onum])).toBe(1);
    // Every order placed from this cart: exactly the one paid.
    expect(
      await count(`SELECT count(*) AS n FROM es_events WHERE type = 'OrderPlaced' AND data->>'cartId' = $1`, [
        who.cartId,
      ]),
    ).toBe(1);
    // A repeat of any of the keys answers the same order; the cart is empty.
    const again = await pay(who, total, keys[7]);
    expect(again.body.ONUM).toBe(onum);
    const cart = await call<{ items: unknown[] }>(who, 'GET', '/cart');
    expect(cart.body.items).toEqual([]);
  });

  it('thirty customers pay their own carts at once, more than the database pool holds: each is answered with its own order', async () => {
    // Each payment holds an advisory lock on a connection of its own for as long as it runs; were those
    // taken from the pool its queries need, 20 payments at once would hold every connection and wait for
    // one forever (the whole shop with them).
    const customers = Array.from({ length: 30 }, () => ({ cartId: randomUUID() }));
    const totals = await Promise.all(customers.map((who) => cartWithBook(who)));
    const keys = customers.map(() => randomUUID());
    const answers = await Promise.all(customers.map((who, i) => pay(who, totals[i]!, keys[i])));

    expect(answers.map((a) => a.status)).toEqual(customers.map(() => 200));
    const onums = new Set(answers.map((a) => a.body.ONUM));
    expect(onums.size).toBe(30);
    expect(await charges(keys)).toBe(30);
  });

  it("a customer's two tabs press at once: one charge, and the subscription is granted once", async () => {
    const { token } = await loginAs('reader@demo.test');
    const who = { token };
    await call(who, 'DELETE', '/cart');
    const total = await cartWithBook(who);
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    const answers = await Promise.all(keys.map((key) => pay(who, total, key)));
    expect(new Set(answers.map((a) => a.body.ONUM)).size).toBe(1);
    expect(answers.every((a) => a.body.ERRORS.length === 0)).toBe(true);
    expect(await charges(keys)).toBe(1);
    const orders = await call<{ data: { ONUM: string }[] }>(who, 'GET', '/orders');
    expect(orders.body.data.filter((o) => o.ONUM === answers[0]?.body.ONUM)).toHaveLength(1);
  });

  it('a declined press frees the cart: the next press pays it', async () => {
    const who = { cartId: randomUUID() };
    const total = await cartWithBook(who);
    const declined = await pay(who, total, randomUUID(), { ...visa, CC: '4000000000000002' });
    expect(declined.body.ONUM).toBeNull();
    expect(declined.body.ERRORS.length).toBeGreaterThan(0);
    const paid = await pay(who, total);
    expect(paid.body.ERRORS).toEqual([]);
    expect(paid.body.ONUM).toMatch(/^\d+$/);
  });

  it('an Idempotency-Key is bound to its press: another total or card is refused with 409 and charges nothing; the same key of another customer is their own', async () => {
    const { token } = await loginAs('reader@demo.test');
    const who = { token };
    await call(who, 'DELETE', '/cart');
    const total = await cartWithBook(who);
    const key = randomUUID();
    // Another card, then another total, with a key not yet answered: refused before anything is charged.
    const paid = await pay(who, total, key);
    expect(paid.body.ONUM).toMatch(/^\d+$/);
    const otherCard = await pay(who, total, key, { ...visa, CC: '5555555555554444' });
    expect(otherCard.status).toBe(409);
    expect(JSON.stringify(otherCard.body)).toContain(KEY_REUSED);
    expect((await pay(who, total + 1, key)).status).toBe(409);
    // The same press again: its own answer.
    expect((await pay(who, total, key)).body).toEqual(paid.body);
    expect(await charges([key])).toBe(1);
    // Another customer (a guest cart) sending that very key pays their own cart.
    const guest = { cartId: randomUUID() };
    const theirs = await pay(guest, await cartWithBook(guest), key);
    expect(theirs.body.ONUM).toMatch(/^\d+$/);
    expect(theirs.body.ONUM).not.toBe(paid.body.ONUM);
    expect(await charges([key])).toBe(2);
  });

  it('a key claimed by a process that died is settled by its retry, not refused forever', async () => {
    const who = { cartId: randomUUID() };
    const total = await cartWithBook(who);
    const key = randomUUID();
    // What a process killed right after claiming leaves: the claim, no answer, no lock held.
    await shop.shop.pool.query(`INSERT INTO checkout_payments (idempotency_key, cart_id) VALUES ($1, $2)`, [
      clientKey({ cartId: who.cartId }, key),
      who.cartId,
    ]);
    const retry = await pay(who, total, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ ONUM: null, ERRORS: [PAYMENT_INTERRUPTED], RECEIPTTOKEN: null });
    expect(await charges([key])).toBe(0);
    // The key is voided at the gateway; the cart is free and a new press pays it.
    const paid = await pay(who, total);
    expect(paid.body.ONUM).toMatch(/^\d+$/);
  });

  it("a customer's paid press left unanswered is finished by its retry: the card kept and the date of birth recorded once, from the claim", async () => {
    const { token } = await loginAs('learner@demo.test');
    const who = { token };
    await call(who, 'DELETE', '/cart');
    const total = await cartWithBook(who);
    const key = randomUUID();
    const dob = '03/14/1969';
    const press = () =>
      call<PayResponse>(
        who,
        'POST',
        '/checkout/pay',
        {
          ATTJSON: { ...contact, DOB: dob },
          BILLINGJSON: null,
          CARD: visa,
          SAVE_CARD: true,
          SHIPPING: 1,
          TOTAL: total,
        },
        { 'idempotency-key': key },
      );
    const paid = await press();
    expect(paid.body.ERRORS).toEqual([]);
    const claimOf = async () =>
      (
        await shop.shop.pool.query<{ save_card: boolean; dob_encrypted: string }>(
          `SELECT save_card, dob_encrypted FROM checkout_payments WHERE ${SENT_KEY} = $1`,
          [key],
        )
      ).rows[0]!;
    const claim = await claimOf();
    // Kept with the claim for a settlement: the wish, and the date only encrypted.
    expect(claim.save_card).toBe(true);
    expect(decryptDob(claim.dob_encrypted, DOB_KEY)).toBe(dob);
    expect(claim.dob_encrypted).not.toContain('1969');
    const dobsRecorded = (ciphertext: string) =>
      count(`SELECT count(*) AS n FROM es_events WHERE type = 'DateOfBirthRecorded' AND data->>'dobEncrypted' = $1`, [
        ciphertext,
      ]);
    const cardsKept = () =>
      count(
        `SELECT count(*) AS n FROM es_events WHERE type = 'CardSavedOnFile' AND data->>'token' =
          (SELECT result->>'token' FROM sandbox_gateway_charges WHERE ${SENT_KEY} = $1)`,
        [key],
      );
    expect(await dobsRecorded(claim.dob_encrypted)).toBe(1);
    expect(await cardsKept()).toBe(1);

    // A process that died after finishing, before answering: the retry settles again and appends nothing more.
    const unanswer = () =>
      shop.shop.pool.query(`UPDATE checkout_payments SET response = NULL WHERE ${SENT_KEY} = $1`, [key]);
    await unanswer();
    const retry = await press();
    expect(retry.body).toEqual(paid.body);
    expect(await dobsRecorded(claim.dob_encrypted)).toBe(1);
    expect(await cardsKept()).toBe(1);

    // What a settlement records comes from the claim, not the request (which a crash loses).
    const kept = encryptDob('07/02/1971', DOB_KEY);
    await shop.shop.pool.query(`UPDATE checkout_payments SET dob_encrypted = $2 WHERE ${SENT_KEY} = $1`, [key, kept]);
    await unanswer();
    expect((await press()).body).toEqual(paid.body);
    expect(await dobsRecorded(kept)).toBe(1);
    const customer = await shop.shop.pool.query<{ dob_encrypted: string }>(
      `SELECT dob_encrypted FROM customers WHERE email = 'learner@demo.test'`,
    );
    expect(customer.rows[0]?.dob_encrypted).toBe(kept);
  });

  it('a cart being paid refuses changes with 409 and the reason, and takes them again once the payment ends', async () => {
    const who = { cartId: randomUUID() };
    await cartWithBook(who);
    const carts = shop.app.get(CartService);
    const payment = { cartId: who.cartId, onum: 999_001, idempotencyKey: randomUUID() };
    const taken = await carts.startCheckout({ ...payment, now: new Date().toISOString() });
    expect(taken).toEqual({ onum: payment.onum, idempotencyKey: payment.idempotencyKey });

    const add = () => call(who, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 });
    const refused = await add();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toEqual([CartErrors.payment_in_progress]);
    expect((await call(who, 'DELETE', '/cart')).status).toBe(409);

    await carts.execute({ type: 'ReleaseCheckout', ...payment, reason: 'declined' });
    expect((await add()).status).toBe(200);
  });
});

describe("payment claims on a database of the shop's previous version", () => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it('gain the columns of what a press asked; an older unanswered claim asked nothing', async () => {
    db = await createTestDatabase();
    // The claim table as the previous version left it, with a payment its process left unanswered.
    await db.pool.query(`
      CREATE SEQUENCE checkout_order_numbers START 100001;
      CREATE TABLE checkout_payments (
        idempotency_key text PRIMARY KEY, cart_id text NOT NULL, response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(), customer_id text, onum bigint);
      INSERT INTO checkout_payments (idempotency_key, cart_id, customer_id, onum) VALUES ('old-key', 'cart-1', 'c-1', 100001)`);
    const claims = new PaymentClaims(db.pool);
    try {
      expect(await claims.find(keptKey('old-key'))).toEqual({
        idempotencyKey: 'old-key',
        cartId: 'cart-1',
        customerId: 'c-1',
        fingerprint: null,
        onum: 100001,
        response: null,
        saveCard: false,
        dobEncrypted: null,
        autorenew: null,
        awaitingActionUntil: null,
      });
      const fresh = clientKey({ customerId: 'c-2' }, 'new-key');
      expect(await claims.claim(fresh, 'cart-2', 'c-2', 'fingerprint')).toBe(true);
      const autorenew = [{ subscriptionType: 'elearning' as const, autorenew: true }];
      await claims.drawOrderNumber(fresh, { saveCard: true, dobEncrypted: 'v1.ciphertext', autorenew });
      expect(await claims.find(fresh)).toMatchObject({
        saveCard: true,
        dobEncrypted: 'v1.ciphertext',
        autorenew,
        fingerprint: 'fingerprint',
      });
    } finally {
      await claims.onApplicationShutdown();
    }
  });
});
