import { randomUUID } from 'node:crypto';
import type { CartView, CouponResponse } from '#libs/contracts/cart.js';
import { cartDecider } from '#libs/domain/cart/cart.decider.js';
import { type CartEvent, cartStreamId } from '#libs/domain/cart/cart.events.js';
import { fold } from '#libs/domain/kernel/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { toCartView } from '#libs/read-models/carts.js';
import { EVENT_STORE } from '#apps/api/infrastructure/tokens.js';
import { useTestShop } from '../support/app.js';
import { fireAtOnce, unexpectedStatuses } from '../support/concurrency.js';
import { type Caller, shopClient } from '../support/shop-client.js';

/**
 * The rule "any write, sent 30 times at once by one account, answers 200 or 409, never 500, and the
 * stream stays consistent", for every cart write: a signed-in customer (its own cart) and a visitor
 * (X-Cart-Id) each send 30 at once of add item, apply coupon, remove coupon, remove item and clear.
 * After each burst the cart the API shows is the cart its stream folds to, and what the 200s did.
 */
describe('the cart under 30 concurrent writes of one account', () => {
  const shop = useTestShop({ seedDemo: true });
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const AT_ONCE = 30;
  const BOOK = { PRODUCTID: 603, QTY: 1 };

  /** The cart the stream folds to, seen as the API sees it (no roles: the CME warning is not under test). */
  const folded = async (cartId: string): Promise<CartView> => {
    const events = await shop.app.get<EventStore>(EVENT_STORE).readStream(cartStreamId(cartId));
    return toCartView(cartId, fold(cartDecider, events as unknown as CartEvent[]), []);
  };

  /** 30 at once: only 200 or 409; answers the count of 200s and the cart as the API then shows it. */
  const burst = async (who: Caller, method: string, path: string, body?: unknown) => {
    const { statuses } = await fireAtOnce(AT_ONCE, () => call(who, method, path, body));
    expect(unexpectedStatuses(statuses, [200, 409])).toEqual({});
    const cart = (await call<CartView>(who, 'GET', '/cart')).body;
    expect(cart).toEqual({ ...(await folded(cart.cartId)), cmeWarning: cart.cmeWarning });
    return { ok: statuses[200] ?? 0, cart };
  };

  const everyWrite = async (who: Caller) => {
    const added = await burst(who, 'POST', '/cart/items', BOOK);
    expect(added.ok).toBeGreaterThan(0);
    // Each add that answered 200 added one copy, no more (a conflict re-decides; it never adds twice).
    expect(added.cart.items).toEqual([expect.objectContaining({ ID: 603, QTY: added.ok })]);

    const applied = await burst(who, 'POST', '/cart/coupon', { COUPON: 'WELCOME10' });
    expect(applied.ok).toBeGreaterThan(0);
    expect(applied.cart.coupon).toEqual({
      code: 'WELCOME10',
      discount: Math.round(applied.cart.SUBTOTAL / 10),
      auto: false,
    });

    const unapplied = await burst(who, 'DELETE', '/cart/coupon');
    expect(unapplied.cart).toMatchObject({ coupon: null, DISCOUNT: 0 });

    const removed = await burst(who, 'DELETE', `/cart/items/${encodeURIComponent('603|book|')}`);
    expect(removed.cart).toMatchObject({ items: [], TOTAL: 0, cartTotalQty: 0 });

    await call(who, 'POST', '/cart/items', BOOK);
    const cleared = await burst(who, 'DELETE', '/cart');
    expect(cleared.cart).toMatchObject({ items: [], coupon: null, TOTAL: 0 });
  };

  it('a signed-in customer: every write answers 200 or 409 and the cart stays its stream', async () => {
    const { token } = await loginAs('reader@demo.test');
    await everyWrite({ token });
  });

  it('a visitor with X-Cart-Id: the same', async () => {
    await everyWrite({ cartId: randomUUID() });
  });

  it('30 refused codes at once: 200 with the refusal each time (or 409), and the coupon held is gone once', async () => {
    const who: Caller = { cartId: randomUUID() };
    await call(who, 'POST', '/cart/items', BOOK);
    await call(who, 'POST', '/cart/coupon', { COUPON: 'WELCOME10' });
    const answers: CouponResponse[] = [];
    const { statuses } = await fireAtOnce(AT_ONCE, async () => {
      // Streaming items over $200 only: a book never qualifies.
      const answer = await call<CouponResponse>(who, 'POST', '/cart/coupon', { COUPON: 'COMPLETEWEBCAST' });
      if (answer.status === 200) answers.push(answer.body);
      return answer;
    });
    expect(unexpectedStatuses(statuses, [200, 409])).toEqual({});
    expect(answers.map((a) => a.success)).toEqual(answers.map(() => 0));
    const events = await shop.app.get<EventStore>(EVENT_STORE).readStream(cartStreamId(who.cartId!));
    expect(events.filter((e) => e.type === 'CouponRemoved')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'CouponRefused')).toHaveLength(statuses[200] ?? 0);
    expect((await call<CartView>(who, 'GET', '/cart')).body.coupon).toBeNull();
  });
});
