import { randomUUID } from 'node:crypto';
import { Clock } from '#libs/application/clock.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { EVENT_STORE } from '#apps/api/infrastructure/tokens.js';
import { type CartView, COUPON_MESSAGES, type CouponResponse } from '#libs/contracts/cart.js';
import { useTestShop } from '../support/app.js';
import { type Caller, shopClient } from '../support/shop-client.js';

/**
 * Every demo coupon over real HTTP with its message (docs/demo-data.md): the refusals settled by the
 * cart itself, the shop's combo, and "today" from the injected clock. Visitors send X-Cart-Id.
 */
describe('cart API: coupons', () => {
  const shop = useTestShop({ seedDemo: true });
  type Who = Caller;
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const login = async (email: string): Promise<string> => (await loginAs(email)).token;
  const visitor = (): Who => ({ cartId: randomUUID() });
  const add = (who: Who, item: Record<string, unknown>) =>
    call<CartView>(who, 'POST', '/cart/items', { QTY: 1, ...item });

  const apply = (who: Who, COUPON: string) => call<CouponResponse>(who, 'POST', '/cart/coupon', { COUPON });

  it('a code shorter than 4 characters is refused with 400', async () => {
    const { status } = await apply(visitor(), 'abc');
    expect(status).toBe(400);
  });

  it('WELCOME10: 10% off everything, case-insensitive', async () => {
    const who = visitor();
    await add(who, { PRODUCTID: 603 });
    const { status, body } = await apply(who, 'welcome10');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: 1, message: COUPON_MESSAGES.valid });
    expect(body.data).toEqual({ code: 'WELCOME10', discount: 1950, auto: false });
    expect(body.cart).toMatchObject({ SUBTOTAL: 19500, DISCOUNT: 1950, TOTAL: 17550, coupon: body.data });
  });

  it('BOOKS100: 15% off books over $100, else not valid for these products', async () => {
    const small = visitor();
    await add(small, { PRODUCTID: 601, FORMAT: 'STREAMING' });
    const refused = await apply(small, 'BOOKS100');
    expect(refused.body).toMatchObject({ success: 0, data: null, message: COUPON_MESSAGES.not_qualifying });
    expect(refused.body.cart.coupon).toBeNull();
    await add(small, { PRODUCTID: 603 });
    const { body } = await apply(small, 'BOOKS100');
    expect(body).toMatchObject({ success: 1, message: COUPON_MESSAGES.valid });
    expect(body.data?.discount).toBe(2925);
  });

  it('COMPLETEWEBCAST: 20% off streaming items over $200', async () => {
    const who = visitor();
    await add(who, { PRODUCTID: 601, FORMAT: 'STREAMING' });
    expect((await apply(who, 'COMPLETEWEBCAST')).body).toMatchObject({
      success: 0,
      message: COUPON_MESSAGES.not_qualifying,
    });
    await add(who, { PRODUCTID: 601, FORMAT: 'STREAMING' });
    const { body } = await apply(who, 'COMPLETEWEBCAST');
    expect(body).toMatchObject({ success: 1, message: COUPON_MESSAGES.valid });
    expect(body.data).toEqual({ code: 'COMPLETEWEBCAST', discount: 7560, auto: false });
  });

  it('complete: 20% off events for Complete subscribers only', async () => {
    const who = visitor();
    await add(who, { PRODUCTID: 517 });
    expect((await apply(who, 'complete')).body).toMatchObject({ success: 0, message: COUPON_MESSAGES.invalid });

    const token = await login('complete@demo.test');
    await add({ token }, { PRODUCTID: 603 });
    const noEvent = await apply({ token }, 'complete');
    expect(noEvent.body).toMatchObject({ success: 0, message: COUPON_MESSAGES.not_qualifying });
    await add({ token }, { PRODUCTID: 517 });
    const { body } = await apply({ token }, 'complete');
    expect(body).toMatchObject({ success: 1, message: COUPON_MESSAGES.valid });
    expect(body.data).toEqual({ code: 'complete', discount: 25900, auto: false });
    await call({ token }, 'DELETE', '/cart');
  });

  it('EXPIRED1, an unknown code and the combo typed in: "Not a valid code"', async () => {
    const who = visitor();
    await add(who, { PRODUCTID: 603 });
    for (const code of ['EXPIRED1', 'NOPE-2026', 'CMEComplete combo']) {
      const { status, body } = await apply(who, code);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: 0, data: null, message: COUPON_MESSAGES.invalid });
    }
  });

  it('a code not valid for these products or minimum not reached removes the coupon from the cart', async () => {
    const who = visitor();
    await add(who, { PRODUCTID: 603 });
    await apply(who, 'WELCOME10');
    const refused = await apply(who, 'COMPLETEWEBCAST');
    expect(refused.body).toMatchObject({
      success: 0,
      message: 'Not a valid code for these products or minimum not reached',
    });
    expect(refused.body.cart).toMatchObject({ coupon: null, DISCOUNT: 0 });
  });

  it('a code that does not qualify is settled by one command: the coupon held removed, the refusal recorded', async () => {
    const who = visitor();
    await add(who, { PRODUCTID: 603 });
    await apply(who, 'WELCOME10');
    const requestId = `req-${randomUUID()}`;
    const refused = await call<CouponResponse>(
      who,
      'POST',
      '/cart/coupon',
      { COUPON: 'COMPLETEWEBCAST' },
      { 'x-request-id': requestId },
    );
    expect(refused.body).toMatchObject({ success: 0, data: null, message: COUPON_MESSAGES.not_qualifying });
    const stream = await shop.app.get<EventStore>(EVENT_STORE).readStream(`cart-${who.cartId}`);
    const mine = stream.filter((e) => e.metadata.correlationId === requestId);
    expect(mine.map((e) => [e.type, e.data])).toEqual([
      ['CouponRemoved', { cartId: who.cartId, code: 'WELCOME10', reason: 'not_qualifying' }],
      ['CouponRefused', { cartId: who.cartId, code: 'COMPLETEWEBCAST', reason: 'not_qualifying' }],
    ]);
    expect(mine.map((e) => e.metadata.actorId)).toEqual(['anonymous', 'anonymous']);
  });

  it("today is the injected Clock's: EXPIRED1 is still good on its EXPIRES day", async () => {
    const who = visitor();
    await add(who, { PRODUCTID: 603 });
    const now = jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(new Date('2024-12-31T18:00:00Z'));
    try {
      expect((await apply(who, 'EXPIRED1')).body).toMatchObject({ success: 1, message: COUPON_MESSAGES.valid });
    } finally {
      now.mockRestore();
    }
    expect((await apply(who, 'EXPIRED1')).body).toMatchObject({ success: 0, message: COUPON_MESSAGES.invalid });
  });

  it('an invalid code leaves the coupon held; DELETE /api/cart/coupon removes it', async () => {
    const who = visitor();
    await add(who, { PRODUCTID: 603 });
    await apply(who, 'WELCOME10');
    const refused = await apply(who, 'EXPIRED1');
    expect(refused.body.cart.coupon?.code).toBe('WELCOME10');
    const { body } = await call<CartView>(who, 'DELETE', '/cart/coupon');
    expect(body).toMatchObject({ coupon: null, DISCOUNT: 0, TOTAL: 19500 });
  });

  it('a coupon that stops qualifying is removed; one that still qualifies follows the cart', async () => {
    const who = visitor();
    await add(who, { PRODUCTID: 603 });
    await add(who, { PRODUCTID: 601, FORMAT: 'STREAMING' });
    await apply(who, 'BOOKS100');
    const more = await add(who, { PRODUCTID: 603 });
    expect(more.body.coupon).toEqual({ code: 'BOOKS100', discount: 5850, auto: false });
    const { body } = await call<CartView>(who, 'DELETE', '/cart/items/603%7Cbook%7C');
    expect(body.items.map((i) => i.TYPE)).toEqual(['STREAMING']);
    expect(body.coupon).toBeNull();
    expect(body.DISCOUNT).toBe(0);
  });
});
