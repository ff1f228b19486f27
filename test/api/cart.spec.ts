import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCatalog } from '#libs/catalog/index.js';
import type { CartView, OfferResponse } from '#libs/contracts/cart.js';
import { CartErrors } from '#libs/domain/cart/cart.errors.js';
import { CartService, pastMeetingMessage } from '#apps/api/cart/cart.service.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { type Caller, shopClient } from '../support/shop-client.js';

/**
 * The cart over real HTTP with the demo catalog (libs/catalog/data): items and their rules, offers,
 * and the CME warning (the coupons are in cart-coupons.spec.ts). Visitors send X-Cart-Id; customers a token.
 */
describe('cart API', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  type Who = Caller;
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const visitor = (): Who => ({ cartId: randomUUID() });
  const add = (who: Who, item: Record<string, unknown>) =>
    call<CartView>(who, 'POST', '/cart/items', { QTY: 1, ...item });
  const ids = (cart: CartView) => cart.items.map((i) => i.ID);
  const login = async (email: string): Promise<string> => (await loginAs(email)).token;

  describe('identity of the cart', () => {
    it('a visitor without a cart id, or with one that is not a uuid, is refused', async () => {
      for (const who of [{}, { cartId: 'not-a-uuid' }]) {
        const { status, body } = await call<CartView>(who, 'GET', '/cart');
        expect(status).toBe(400);
        expect(body.error).toBe('A cart id is required.');
      }
    });

    it('a new cart is empty', async () => {
      const who = visitor();
      const { status, body } = await call<CartView>(who, 'GET', '/cart');
      expect(status).toBe(200);
      expect(body).toEqual({
        cartId: who.cartId,
        items: [],
        coupon: null,
        SUBTOTAL: 0,
        DISCOUNT: 0,
        TOTAL: 0,
        cartTotalQty: 0,
        cmeWarning: false,
      });
    });

    it("a customer's calls use the customer's cart whatever the header says", async () => {
      const token = await login('reader@demo.test');
      const first = await add({ token, cartId: randomUUID() }, { PRODUCTID: 603 });
      const second = await call<CartView>({ token, cartId: randomUUID() }, 'GET', '/cart');
      const none = await call<CartView>({ token }, 'GET', '/cart');
      expect(first.body.cartId).toMatch(/^customer-/);
      expect(second.body).toEqual(first.body);
      expect(none.body).toEqual(first.body);
      await call({ token }, 'DELETE', '/cart');
    });
  });

  describe('items', () => {
    it('adds a product at its catalog price; a repeat add sums the quantity', async () => {
      const who = visitor();
      await add(who, { PRODUCTID: 603, QTY: 2 });
      const { status, body } = await add(who, { PRODUCTID: 603, QTY: 1 });
      expect(status).toBe(200);
      expect(body.items).toEqual([
        expect.objectContaining({
          ID: 603,
          TYPE: 'BOOK',
          PRICE: 19500,
          QTY: 3,
          TERM: null,
          LINE_TOTAL: 58500,
          OFFER: null,
        }),
      ]);
      expect(body.items[0]?.product).not.toHaveProperty('DESCR');
      expect(body.items[0]?.product).not.toHaveProperty('productprices');
      expect(body).toMatchObject({ SUBTOTAL: 58500, DISCOUNT: 0, TOTAL: 58500, cartTotalQty: 3 });
    });

    it('keeps book formats on their own lines and removes one line by its KEY', async () => {
      const who = visitor();
      await add(who, { PRODUCTID: 601, FORMAT: 'BOOK' });
      const both = await add(who, { PRODUCTID: 601, FORMAT: 'STREAMING' });
      expect(both.body.items.map((i) => [i.TYPE, i.PRICE])).toEqual([
        ['BOOK', 24900],
        ['STREAMING', 18900],
      ]);
      const key = both.body.items[1]!.KEY;
      const { body } = await call<CartView>(who, 'DELETE', `/cart/items/${encodeURIComponent(key)}`);
      expect(body.items.map((i) => i.TYPE)).toEqual(['BOOK']);
      const again = await call<CartView>(who, 'DELETE', `/cart/items/${encodeURIComponent(key)}`);
      expect(again.status).toBe(200);
      expect(again.body.items.map((i) => i.TYPE)).toEqual(['BOOK']);
    });

    it('prices a subscription per year for its term: QTY is the number of years', async () => {
      const who = visitor();
      const { body } = await add(who, { PRODUCTID: 130, TERM: 2 });
      expect(body.items).toEqual([
        expect.objectContaining({ ID: 130, PRICE: 160000, QTY: 2, TERM: 2, LINE_TOTAL: 320000 }),
      ]);
      const three = await add(who, { PRODUCTID: 130, TERM: 3 });
      expect(three.body.items).toEqual([expect.objectContaining({ ID: 130, PRICE: 140000, QTY: 3, TERM: 3 })]);
    });

    it('adding the Complete package (130) removes the eLearning product (140) and STREAMING_ALL (145)', async () => {
      const who = visitor();
      await add(who, { PRODUCTID: 140 });
      await add(who, { PRODUCTID: 145 });
      await add(who, { PRODUCTID: 603 });
      const { body } = await add(who, { PRODUCTID: 130 });
      expect(ids(body)).toEqual([603, 130]);
    });

    it('130 with 155 gets the "CMEComplete combo" automatically; removing 130 removes 155 and the coupon', async () => {
      const who = visitor();
      await add(who, { PRODUCTID: 130 });
      const { body } = await add(who, { PRODUCTID: 155 });
      expect(body.coupon).toEqual({ code: 'CMEComplete combo', discount: 10000, auto: true });
      expect(body).toMatchObject({ SUBTOTAL: 215000, DISCOUNT: 10000, TOTAL: 205000 });
      const removed = await call<CartView>(who, 'DELETE', '/cart/items/130');
      expect(removed.body.items).toEqual([]);
      expect(removed.body.coupon).toBeNull();
    });

    it("the combo's pair is catalog data: a coupons.csv whose combo REQUIRES other products moves it", async () => {
      const demo = join(__dirname, '../../libs/catalog/data/coupons.csv');
      const scratch = await mkdtemp(join(tmpdir(), 'coupons-'));
      const original = await readFile(demo, 'utf8');
      try {
        await writeFile(join(scratch, 'coupons.csv'), original.replace(/,130;155$/m, ',140;155'));
        expect((await importCatalog(shop.shop.pool, join(scratch, 'coupons.csv'))).errors).toEqual([]);
        const who = visitor();
        await add(who, { PRODUCTID: 140 });
        const { body } = await add(who, { PRODUCTID: 155 });
        expect(body.coupon).toEqual({ code: 'CMEComplete combo', discount: 10000, auto: true });
        const other = visitor();
        await add(other, { PRODUCTID: 130 });
        expect((await add(other, { PRODUCTID: 155 })).body.coupon).toBeNull();
      } finally {
        expect((await importCatalog(shop.shop.pool, demo)).errors).toEqual([]);
        await rm(scratch, { recursive: true, force: true });
      }
    });

    it('unknown product 404, quantity and term out of range 400 with their messages', async () => {
      const who = visitor();
      const unknown = await add(who, { PRODUCTID: 99999 });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('Product not found');
      for (const QTY of [0, 1000, 1.5]) {
        const refused = await add(who, { PRODUCTID: 603, QTY });
        expect(refused.status).toBe(400);
        expect(refused.body.error).toBe(CartErrors.invalid_quantity);
      }
      const badTerm = await add(who, { PRODUCTID: 130, TERM: 4 });
      expect(badTerm.status).toBe(400);
      expect(badTerm.body.error).toBe(CartErrors.invalid_term);
      // STREAMING_ALL has no 2-year term in the catalog: the decider refuses it.
      const notOffered = await add(who, { PRODUCTID: 145, TERM: 2 });
      expect(notOffered.status).toBe(400);
      expect(notOffered.body.error).toBe(CartErrors.invalid_term);
      const badFormat = await add(who, { PRODUCTID: 603, FORMAT: 'DVD' });
      expect(badFormat.status).toBe(400);
      expect(badFormat.body.error).toBe(CartErrors.unknown_format);
      const tooMany = await add(who, { PRODUCTID: 603, QTY: 999 });
      expect(tooMany.status).toBe(200);
      const over = await add(who, { PRODUCTID: 603, QTY: 1 });
      expect(over.status).toBe(400);
      expect(over.body.error).toBe(CartErrors.invalid_quantity);
    });

    it('a past meeting (its last day before today, UTC) cannot be bought: 400 with its message', async () => {
      const who = visitor();
      // 520 ended on 2025-11-08: the meeting itself and its virtual pass (an option of the meeting).
      for (const PRODUCTID of [520, 521]) {
        const refused = await add(who, { PRODUCTID });
        expect(refused.status).toBe(400);
        expect(refused.body.error).toBe(pastMeetingMessage('The Art and Craft of Rhinoplasty 2025'));
      }
      const upcoming = await add(who, { PRODUCTID: 517 });
      expect(upcoming.status).toBe(200);
      expect(ids(upcoming.body)).toEqual([517]);
    });

    it('DELETE /api/cart empties the cart', async () => {
      const who = visitor();
      await add(who, { PRODUCTID: 603 });
      await call(who, 'POST', '/cart/coupon', { COUPON: 'WELCOME10' });
      const { body } = await call<CartView>(who, 'DELETE', '/cart');
      expect(body).toMatchObject({ items: [], coupon: null, TOTAL: 0, cartTotalQty: 0 });
    });
  });

  describe('offers (libs/catalog/data/offers.csv)', () => {
    const redeem = (who: Who, OFFER: string, UID: string) =>
      call<OfferResponse>(who, 'POST', '/offers', { OFFER, UID });

    it('redeems an offer: its product at the offer price, marked with the offer', async () => {
      const who = visitor();
      await add(who, { PRODUCTID: 140 });
      const { status, body } = await redeem(who, 'elearning', 'elearning-spring-u3szbv');
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: 1, data: { TYPE: 'elearning', UNITPRICE: 59500, QTY: 1 } });
      expect(body.cart?.items).toEqual([
        expect.objectContaining({
          ID: 140,
          PRICE: 59500,
          QTY: 1,
          OFFER: { OFFER: 'elearning', UID: 'elearning-spring-u3szbv' },
        }),
      ]);
      const again = await redeem(who, 'elearning', 'elearning-spring-u3szbv');
      expect(again.body.success).toBe(1);
      expect(again.body.cart?.items).toHaveLength(1);
    });

    it.each([
      ['cme', 'cme-yearend-uf69db', 155, 32000, 1],
      ['streaming_all', 'stream-all-byu6p9', 145, 79500, 1],
      ['qmpcomplete', 'complete-welcome-w3neaz', 130, 157500, 1],
      ['qmpcomplete', 'complete-2yr-n6gkjr', 130, 150000, 2],
      ['event', 'rhinoplasty-early-7bxkar', 520, 149500, 1],
    ])('offer %s %s puts %i at %i x %i', async (OFFER, UID, ID, UNITPRICE, QTY) => {
      const { body } = await redeem(visitor(), OFFER, UID);
      expect(body.data).toEqual({ TYPE: OFFER, UNITPRICE, QTY });
      expect(body.cart?.items).toEqual([expect.objectContaining({ ID, PRICE: UNITPRICE, QTY })]);
    });

    it('an expired or unknown offer answers success 0 without a cart', async () => {
      const who = visitor();
      for (const [OFFER, UID] of [
        ['elearning', 'elearning-2024-bzazyk'],
        ['elearning', 'no-such-uid'],
        ['cme', 'elearning-spring-u3szbv'],
      ] as const) {
        const { status, body } = await redeem(who, OFFER, UID);
        expect(status).toBe(200);
        expect(body).toEqual({ success: 0, data: null, cart: null });
      }
      expect((await call<CartView>(who, 'GET', '/cart')).body.items).toEqual([]);
    });

    it('a cart being paid answers 409 with the reason, as every other cart write (not success 0)', async () => {
      const who = visitor();
      await add(who, { PRODUCTID: 603 });
      const payment = { cartId: who.cartId!, onum: 999_002, idempotencyKey: randomUUID() };
      const carts = shop.app.get(CartService);
      await carts.startCheckout({ ...payment, now: '2026-06-15T12:00:00.000Z' });
      const refused = await redeem(who, 'elearning', 'elearning-spring-u3szbv');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toEqual([CartErrors.payment_in_progress]);
      await carts.execute({ type: 'ReleaseCheckout', ...payment, reason: 'declined' });
      expect((await redeem(who, 'elearning', 'elearning-spring-u3szbv')).body.success).toBe(1);
    });
  });

  describe('CME purchase rule', () => {
    it('warns a visitor holding only 155, not one with 130 and 155', async () => {
      const who = visitor();
      const alone = await add(who, { PRODUCTID: 155 });
      expect(alone.body.cmeWarning).toBe(true);
      const withComplete = await add(who, { PRODUCTID: 130 });
      expect(withComplete.body.cmeWarning).toBe(false);
    });

    it('does not warn a customer with a current eLearning subscription', async () => {
      const token = await login('learner@demo.test');
      const { body } = await add({ token }, { PRODUCTID: 155 });
      expect(body.cmeWarning).toBe(false);
      await call({ token }, 'DELETE', '/cart');
    });
  });
});
