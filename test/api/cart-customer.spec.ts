import { randomUUID } from 'node:crypto';
import type { CartView } from '#libs/contracts/cart.js';
import type { LoginResponse } from '#libs/contracts/identity.js';
import { SESSION_ENDED } from '#apps/api/identity/jwt.strategy.js';
import { CartErrors } from '#libs/domain/cart/cart.errors.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { type Caller, shopClient } from '../support/shop-client.js';

/** The signed-in cart: merge on login, renewals at 10% off (and the toast's offer), one device per account. */
describe('cart API for customers', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  type Who = Caller;
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const login = (email: string): Promise<LoginResponse> => loginAs<LoginResponse>(email);
  const add = (who: Who, item: Record<string, unknown>) =>
    call<CartView>(who, 'POST', '/cart/items', { QTY: 1, ...item });

  describe('merge on login', () => {
    it("moves the visitor's cart into the customer's cart and empties it; a repeat changes nothing", async () => {
      const cartId = randomUUID();
      await add({ cartId }, { PRODUCTID: 603, QTY: 2 });
      await add({ cartId }, { PRODUCTID: 517 });
      await call({ cartId }, 'POST', '/cart/coupon', { COUPON: 'WELCOME10' });

      const { token } = await login('reader@demo.test');
      await add({ token }, { PRODUCTID: 603 });
      const merged = await call<CartView>({ token, cartId }, 'POST', '/cart/merge', { cartId });
      expect(merged.status).toBe(200);
      expect(merged.body.cartId).toMatch(/^customer-/);
      expect(merged.body.items.map((i) => [i.ID, i.QTY])).toEqual([
        [603, 3],
        [517, 1],
      ]);
      expect(merged.body.coupon).toMatchObject({ code: 'WELCOME10', auto: false });

      const anonymous = await call<CartView>({ cartId }, 'GET', '/cart');
      expect(anonymous.body).toMatchObject({ items: [], coupon: null });

      const again = await call<CartView>({ token }, 'POST', '/cart/merge', { cartId });
      expect(again.body).toEqual(merged.body);

      // The decider merges an anonymous cart once: what is added to it later is kept there, not dropped.
      await add({ cartId }, { PRODUCTID: 601, FORMAT: 'STREAMING' });
      const late = await call<CartView>({ token }, 'POST', '/cart/merge', { cartId });
      expect(late.body).toEqual(merged.body);
      expect((await call<CartView>({ cartId }, 'GET', '/cart')).body.items.map((i) => i.ID)).toEqual([601]);
      await call({ token }, 'DELETE', '/cart');
    });

    it('needs a login and a uuid cart id', async () => {
      const visitor = await call({ cartId: randomUUID() }, 'POST', '/cart/merge', { cartId: randomUUID() });
      expect(visitor.status).toBe(401);
      const { token } = await login('reader@demo.test');
      const bad = await call({ token }, 'POST', '/cart/merge', { cartId: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('A cart id is required.');
    });
  });

  describe('renewals', () => {
    it('the login response offers the Complete renewal at 10% off per year for each term', async () => {
      const { EXPIRATIONS } = await login('complete@demo.test');
      expect(EXPIRATIONS).toEqual([
        {
          TYPE: 'qmpcomplete',
          DT: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          COST: 157500,
          URLS: [
            { TERM: 1, URL: '/cart?renew=qmpcomplete&term=1', COST: 157500 },
            { TERM: 2, URL: '/cart?renew=qmpcomplete&term=2', COST: 144000 },
            { TERM: 3, URL: '/cart?renew=qmpcomplete&term=3', COST: 126000 },
          ],
        },
      ]);
    });

    it('adds the subscription at 10% off the per-year price of the term for a customer who holds it', async () => {
      const { token } = await login('complete@demo.test');
      const { status, body } = await call<CartView>({ token }, 'POST', '/cart/renewals', {
        TYPE: 'qmpcomplete',
        TERM: 2,
      });
      expect(status).toBe(200);
      expect(body.items).toEqual([
        expect.objectContaining({
          ID: 130,
          PRICE: 144000,
          QTY: 2,
          TERM: 2,
          LINE_TOTAL: 288000,
          OFFER: { OFFER: 'renewal', UID: 'renewal-qmpcomplete-2' },
        }),
      ]);
      const one = await call<CartView>({ token }, 'POST', '/cart/renewals', { TYPE: 'qmpcomplete', TERM: 1 });
      expect(one.body.items).toEqual([expect.objectContaining({ ID: 130, PRICE: 157500, QTY: 1, TERM: 1 })]);
      const back = await call<CartView>({ token }, 'POST', '/cart/renewals', { TYPE: 'qmpcomplete', TERM: 2 });
      expect(back.body.items).toEqual([expect.objectContaining({ ID: 130, PRICE: 144000, QTY: 2, TERM: 2 })]);
      await call({ token }, 'DELETE', '/cart');
    });

    it('renews the other subscription types from their own products', async () => {
      const learner = (await login('learner@demo.test')).token;
      const elearning = await call<CartView>({ token: learner }, 'POST', '/cart/renewals', {
        TYPE: 'elearning',
        TERM: 3,
      });
      expect(elearning.body.items).toEqual([
        expect.objectContaining({ ID: 140, TYPE: 'elearning', PRICE: 53550, QTY: 3 }),
      ]);
      const streamer = (await login('streamer@demo.test')).token;
      const stream = await call<CartView>({ token: streamer }, 'POST', '/cart/renewals', {
        TYPE: 'streaming_all',
        TERM: 1,
      });
      expect(stream.body.items).toEqual([expect.objectContaining({ ID: 145, PRICE: 89550, QTY: 1 })]);
      // A CME held in an earlier year may be renewed (cmePrint keeps the certificate).
      const cmeprint = (await login('cmeprint@demo.test')).token;
      const cme = await call<CartView>({ token: cmeprint }, 'POST', '/cart/renewals', { TYPE: 'cme', TERM: 1 });
      expect(cme.body.items).toEqual([expect.objectContaining({ ID: 155, PRICE: 36000, QTY: 1 })]);
      const twoYears = await call<CartView>({ token: cmeprint }, 'POST', '/cart/renewals', { TYPE: 'cme', TERM: 2 });
      expect(twoYears.status).toBe(400);
      expect(twoYears.body.error).toBe(CartErrors.invalid_term);
      for (const token of [learner, streamer, cmeprint]) await call({ token }, 'DELETE', '/cart');
    });

    it('refuses a subscription never held, a bad type or term, and a visitor', async () => {
      const { token } = await login('reader@demo.test');
      const never = await call({ token }, 'POST', '/cart/renewals', { TYPE: 'qmpcomplete', TERM: 1 });
      expect(never.status).toBe(400);
      expect(never.body.error).toBe('Only a subscription you hold or held can be renewed.');
      expect((await call({ token }, 'POST', '/cart/renewals', { TYPE: 'pulse', TERM: 1 })).status).toBe(400);
      expect((await call({ token }, 'POST', '/cart/renewals', { TYPE: 'qmpcomplete', TERM: 5 })).status).toBe(400);
      const visitor = await call({ cartId: randomUUID() }, 'POST', '/cart/renewals', { TYPE: 'qmpcomplete', TERM: 1 });
      expect(visitor.status).toBe(401);
    });
  });

  it('a token whose session ended by a login elsewhere answers 401 (one device per account)', async () => {
    const first = (await login('iflap@demo.test')).token;
    expect((await call({ token: first }, 'GET', '/cart')).status).toBe(200);
    await login('iflap@demo.test');
    for (const [method, path, body] of [
      ['GET', '/cart', undefined],
      ['POST', '/cart/items', { PRODUCTID: 603, QTY: 1 }],
      ['POST', '/offers', { OFFER: 'cme', UID: 'cme-yearend-uf69db' }],
    ] as const) {
      const { status, body: answer } = await call({ token: first, cartId: randomUUID() }, method, path, body);
      expect(status).toBe(401);
      expect(answer.error).toBe(SESSION_ENDED);
    }
  });
});
