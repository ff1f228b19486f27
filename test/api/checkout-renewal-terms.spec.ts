import { randomUUID } from 'node:crypto';
import { KEY_REUSED } from '#libs/application/stored-answers.js';
import type { CardOnFile, PayResponse, Quote, Receipt, Subscriptions } from '#libs/contracts/cart.js';
import {
  AUTORENEW_LIST_MESSAGE,
  AUTORENEW_NEEDS_CARD,
  AUTORENEW_NOT_BOUGHT,
  RENEW_DAYS_BEFORE,
} from '#libs/contracts/renewals.js';
import { addYears } from '#libs/domain/entitlements/grants-for-order.js';
import { renewalUnitPrice } from '#libs/domain/pricing/renewal.js';
import { renewalProduct } from '#libs/read-models/renewal-offers.js';
import { useTestShop } from '../support/app.js';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { outboxValidationLink, registerAndValidate } from '../support/customer-fixtures.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The renewal and the card at checkout (docs/decisions.md, "The renewal and the card: the customer's
 * choice"): the quote states each bought subscription's renewal terms, Pay keeps the card only when
 * asked (SAVE_CARD) and records the auto-renew chosen for each subscription (AUTORENEW) once paid, a
 * renewal needs the card kept, and the receipt repeats the terms with the auto-renew as it now is.
 */
describe('checkout: the renewal terms, the auto-renew chosen and the card kept only when asked', () => {
  const shop = useTestShop({ seedDemo: true });
  const { call } = shopClient(() => shop.baseUrl);
  const today = new Date().toISOString().slice(0, 10);
  const aYearOn = addYears(`${today}T00:00:00.000Z`, 1);
  const renewsOn = new Date(Date.parse(aYearOn) - RENEW_DAYS_BEFORE * DAY_MS).toISOString().slice(0, 10);

  const customer = async (name: string, autorenew: 0 | 1 = 1): Promise<Caller> => {
    const email = `terms-${name}@example.test`;
    await registerAndValidate(shop.baseUrl, email, (e) => outboxValidationLink(shop.shop.pool, e), { autorenew });
    const login = await call<{ token: string }>({}, 'POST', '/auth/login', {
      email,
      password: 'Secret-pass-1',
      version: 5,
    });
    return { token: login.body.token };
  };
  const quoteOf = async (who: Caller) =>
    (await call<Quote>(who, 'POST', '/checkout/quote', { COUNTRY: 'USA', STATE: 'KS', SHIPPING: 1 })).body;
  const pay = async (who: Caller, over: Record<string, unknown>, key: string = randomUUID()) =>
    call<PayResponse>(
      who,
      'POST',
      '/checkout/pay',
      {
        ATTJSON: checkoutContact({ STATE: 'KS' }),
        BILLINGJSON: null,
        CARD: SANDBOX_VISA,
        SHIPPING: 1,
        TOTAL: (await quoteOf(who)).TOTAL,
        ...over,
      },
      { 'idempotency-key': key },
    );
  const elearningInCart = async (who: Caller) =>
    expect((await call(who, 'POST', '/cart/items', { PRODUCTID: 140, QTY: 1, TERM: 1 })).status).toBe(200);
  const receiptOf = async (who: Caller, onum: string | null) =>
    (await call<{ data: Receipt }>(who, 'GET', `/orders/${onum}`)).body.data;
  const cardOf = async (who: Caller) => (await call<{ data: CardOnFile | null }>(who, 'GET', '/card')).body.data;

  it("the quote states each subscription's renewal: what it buys, its price and the day the card is charged", async () => {
    const who = await customer('quote');
    await elearningInCart(who);
    expect((await call(who, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 })).status).toBe(200);
    const product = await renewalProduct(shop.shop.pool, 'elearning');
    expect((await quoteOf(who)).RENEWALS).toEqual([
      {
        TYPE: 'elearning',
        PRODUCTNAME: product!.NAME,
        EXPIRES: aYearOn.slice(0, 10),
        RENEWS: renewsOn,
        PRICE: renewalUnitPrice(product!, 1),
      },
    ]);
    // A visitor's book: no subscription, no renewal.
    const visitor = { cartId: randomUUID() };
    expect((await call(visitor, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 })).status).toBe(200);
    expect((await quoteOf(visitor)).RENEWALS).toEqual([]);
  });

  it('refuses auto-renew with a new card not kept, for a subscription not bought, and a list that is not one', async () => {
    const who = await customer('refused');
    await elearningInCart(who);
    const needsCard = await pay(who, { AUTORENEW: ['elearning'] });
    expect(needsCard.status).toBe(400);
    expect(needsCard.body.message).toEqual([AUTORENEW_NEEDS_CARD]);
    const notBought = await pay(who, { AUTORENEW: ['cme'], SAVE_CARD: true });
    expect(notBought.status).toBe(400);
    expect(notBought.body.message).toEqual([AUTORENEW_NOT_BOUGHT]);
    for (const AUTORENEW of [['pulse'], ['elearning', 'elearning'], 'elearning']) {
      const bad = await pay(who, { AUTORENEW, SAVE_CARD: true });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain(AUTORENEW_LIST_MESSAGE);
    }
    const badSave = await pay(who, { SAVE_CARD: 'yes' });
    expect(badSave.status).toBe(400);
    expect(badSave.body.message).toEqual(['SAVE_CARD must be true or false.']);
    // Nothing was kept or charged by a refused press.
    expect(await cardOf(who)).toBeNull();
  });

  it('without "keep this card" and with auto-renew unticked: no card kept, the subscription does not renew, the receipt says so', async () => {
    // Registered with the account's auto-renew on (the form's default): the pay screen's box decides.
    const who = await customer('declined-renewal');
    await elearningInCart(who);
    const paid = await pay(who, { AUTORENEW: [] });
    expect(paid.body).toMatchObject({ ERRORS: [], ONUM: expect.stringMatching(/^\d+$/) });
    expect(await cardOf(who)).toBeNull();
    const subscriptions = (await call<Subscriptions>(who, 'GET', '/subscriptions')).body;
    expect(subscriptions.RENEWALS).toEqual([expect.objectContaining({ TYPE: 'elearning', AUTORENEW: 0 })]);
    const receipt = await receiptOf(who, paid.body.ONUM);
    expect(receipt.RENEWALS).toEqual([
      expect.objectContaining({ TYPE: 'elearning', EXPIRES: aYearOn.slice(0, 10), RENEWS: renewsOn, AUTORENEW: 0 }),
    ]);
    expect(receipt.CARDONFILE).toBeNull();
    const events = await shop.shop.pool.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM es_events WHERE type = 'SubscriptionAutoRenewChanged' AND data->>'onum' = $1`,
      [paid.body.ONUM],
    );
    expect(events.rows.map((e) => e.data)).toEqual([
      expect.objectContaining({ subscriptionType: 'elearning', autorenew: false, via: 'checkout' }),
    ]);
  });

  it('auto-renew ticked with the card kept: the card is on file, the subscription renews, the receipt repeats the terms', async () => {
    // Registered with the account's auto-renew off: the box turns this subscription on alone.
    const who = await customer('chose-renewal', 0);
    await elearningInCart(who);
    const key = randomUUID();
    const paid = await pay(who, { AUTORENEW: ['elearning'], SAVE_CARD: true }, key);
    expect(paid.body).toMatchObject({ ERRORS: [], ONUM: expect.stringMatching(/^\d+$/) });
    expect(await cardOf(who)).toMatchObject({ LAST4: '4242' });
    // The key is bound to what its press chose: the same key without auto-renew is another request.
    await elearningInCart(who);
    const otherChoice = await pay(who, { AUTORENEW: [], SAVE_CARD: true }, key);
    expect(otherChoice.status).toBe(409);
    expect(otherChoice.body.message).toEqual([KEY_REUSED]);
    expect((await call(who, 'DELETE', '/cart')).status).toBe(200);
    const receipt = await receiptOf(who, paid.body.ONUM);
    const product = await renewalProduct(shop.shop.pool, 'elearning');
    expect(receipt.RENEWALS).toEqual([
      {
        TYPE: 'elearning',
        PRODUCTNAME: product!.NAME,
        EXPIRES: aYearOn.slice(0, 10),
        RENEWS: renewsOn,
        PRICE: renewalUnitPrice(product!, 1),
        AUTORENEW: 1,
      },
    ]);
    expect(receipt.CARDONFILE).toEqual({ BRAND: expect.any(String), LAST4: '4242' });

    // Next year's purchase with the card on file: auto-renew needs no SAVE_CARD, the card is already kept.
    expect((await call(who, 'POST', '/cart/items', { PRODUCTID: 130, QTY: 1, TERM: 1 })).status).toBe(200);
    const again = await pay(who, { CARD: null, AUTORENEW: ['qmpcomplete'] });
    expect(again.body).toMatchObject({ ERRORS: [], ONUM: expect.stringMatching(/^\d+$/) });
    const subscriptions = (await call<Subscriptions>(who, 'GET', '/subscriptions')).body;
    expect(Object.fromEntries(subscriptions.RENEWALS.map((r) => [r.TYPE, r.AUTORENEW]))).toEqual({
      qmpcomplete: 1,
      elearning: 1,
    });
  });

  it('a book paid with a new card and nothing asked keeps no card (SAVE_CARD absent)', async () => {
    const who = await customer('book');
    expect((await call(who, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 })).status).toBe(200);
    const paid = await pay(who, {});
    expect(paid.body).toMatchObject({ ERRORS: [] });
    expect(await cardOf(who)).toBeNull();
    expect((await receiptOf(who, paid.body.ONUM)).RENEWALS).toEqual([]);
  });
});
