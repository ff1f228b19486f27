import type { CartCommand } from '#libs/domain/cart/cart.commands.js';
import { cartDecider, initialCart } from '#libs/domain/cart/cart.decider.js';
import type { CartEvent } from '#libs/domain/cart/cart.events.js';
import { cmePackage, completePackage, context, product } from '#libs/domain/cart/cart.testing.js';
import { coupon, welcome10 } from '#libs/domain/pricing/coupon.testing.js';
import { fold } from '#libs/domain/kernel/decider.js';
import { cartsReadModel, cartViewOf, findCart, newestCartOf } from './carts.js';
import { projectInto, readModelDatabase } from './identity-projection.testing.js';

/** The packages 130 and 155 (the combo's pair) and the context are the cart decider's fixtures. */
const book = product({ ID: 603, NAME: 'Book 603', TYPE: 'BOOK', PRICE: 19500 });

/** The events the cart decider records for a run of commands on one cart. */
function eventsOf(commands: CartCommand[]): CartEvent[] {
  const events: CartEvent[] = [];
  for (const command of commands) events.push(...cartDecider.decide(command, fold(cartDecider, events)));
  return events;
}

describe('carts read model', () => {
  const db = readModelDatabase();

  const project = async (events: CartEvent[]) => {
    // projectInto creates the table afresh.
    await db.pool.query('DROP TABLE IF EXISTS carts');
    await projectInto(db.pool, cartsReadModel, events);
  };

  it('holds the cart the decider folds, with its money and badge quantity', async () => {
    const events = eventsOf([
      { type: 'AddItemToCart', cartId: 'a', product: book, QTY: 2, ...context },
      { type: 'AddItemToCart', cartId: 'a', product: completePackage, QTY: 1, TERM: 2, ...context },
      { type: 'AddItemToCart', cartId: 'a', product: cmePackage, QTY: 1, ...context },
    ]);
    expect(events.map((e) => e.type)).toEqual([
      'ItemAddedToCart',
      'ItemAddedToCart',
      'ItemAddedToCart',
      'CouponApplied',
    ]);
    await project(events);
    expect(await findCart(db.pool, 'a')).toEqual(fold(cartDecider, events));
    const { rows } = await db.pool.query('SELECT subtotal, discount, total, total_qty FROM carts WHERE cart_id = $1', [
      'a',
    ]);
    expect(rows).toEqual([{ subtotal: 399000, discount: 10000, total: 389000, total_qty: 5 }]);
  });

  it('answers the CartView: lines with their KEY and total, the coupon, the CME warning', async () => {
    const events = eventsOf([
      { type: 'AddItemToCart', cartId: 'b', product: cmePackage, QTY: 1, ...context },
      { type: 'AddItemToCart', cartId: 'b', product: book, QTY: 3, ...context },
    ]);
    await project(events);
    const view = await cartViewOf(db.pool, 'b', []);
    expect(view).toMatchObject({
      cartId: 'b',
      coupon: null,
      SUBTOTAL: 98500,
      DISCOUNT: 0,
      TOTAL: 98500,
      cartTotalQty: 4,
      cmeWarning: true,
    });
    expect(view.items.map((i) => [i.KEY, i.LINE_TOTAL])).toEqual([
      ['155', 40000],
      ['603|book|', 58500],
    ]);
    expect((await cartViewOf(db.pool, 'b', ['elearning'])).cmeWarning).toBe(false);
  });

  it('a refused code leaves the cart as it was: the coupon held stays or goes as the decider said', async () => {
    const books500 = coupon({ code: 'BOOKS500', percent: 15, dollarsOverCents: 50000, types: ['BOOK'] });
    const events = eventsOf([
      { type: 'AddItemToCart', cartId: 'r', product: book, QTY: 1, ...context },
      { type: 'ApplyCoupon', cartId: 'r', code: 'WELCOME10', coupon: welcome10, ...context },
      { type: 'ApplyCoupon', cartId: 'r', code: 'NOPE', coupon: undefined, ...context },
    ]);
    expect(events.map((e) => e.type)).toEqual(['ItemAddedToCart', 'CouponApplied', 'CouponRefused']);
    await project(events);
    expect(await cartViewOf(db.pool, 'r', [])).toMatchObject({ coupon: { code: 'WELCOME10', discount: 1950 } });

    const apply = { type: 'ApplyCoupon', cartId: 'r', code: 'BOOKS500', coupon: books500, ...context } as const;
    const refusal = cartDecider.decide(apply, fold(cartDecider, events));
    expect(refusal.map((e) => e.type)).toEqual(['CouponRemoved', 'CouponRefused']);
    await project([...events, ...refusal]);
    expect(await cartViewOf(db.pool, 'r', [])).toMatchObject({ coupon: null, DISCOUNT: 0, TOTAL: 19500 });
    expect(cartsReadModel.handles).not.toContain('CouponRefused');
  });

  it('a removed line, a removed coupon and a cleared cart show as such; an unknown cart is empty', async () => {
    const events = eventsOf([
      { type: 'AddItemToCart', cartId: 'c', product: completePackage, QTY: 1, ...context },
      { type: 'AddItemToCart', cartId: 'c', product: cmePackage, QTY: 1, ...context },
      { type: 'RemoveItemFromCart', cartId: 'c', ID: 130, ...context },
      { type: 'AddItemToCart', cartId: 'c', product: book, QTY: 1, ...context },
      {
        type: 'RedeemOffer',
        cartId: 'c',
        offer: { OFFER: 'cme', UID: 'u1', TYPE: 'cme', UNITPRICE: 32000, QTY: 1 },
        product: cmePackage,
        ...context,
      },
    ]);
    await project(events);
    const view = await cartViewOf(db.pool, 'c', []);
    expect(view.items.map((i) => [i.ID, i.PRICE, i.OFFER])).toEqual([
      [603, 19500, null],
      [155, 32000, { OFFER: 'cme', UID: 'u1' }],
    ]);
    expect(view.coupon).toBeNull();

    const cleared = eventsOf([
      { type: 'AddItemToCart', cartId: 'd', product: book, QTY: 1, ...context },
      { type: 'ClearCart', cartId: 'd', reason: 'order_paid' },
    ]);
    await project(cleared);
    expect(await cartViewOf(db.pool, 'd', [])).toMatchObject({ items: [], TOTAL: 0, cartTotalQty: 0 });
    expect(await findCart(db.pool, 'unknown')).toEqual({ ...initialCart, cartId: 'unknown' });
  });

  it("knows each customer's newest cart, and whether its checkout ended it", async () => {
    const base = 'customer-7d2a1c0e-4b5f-4e8a-9c3d-1f2e3a4b5c6d';
    const paidCart = (cartId: string, onum: number): CartEvent[] => {
      const press = { onum, idempotencyKey: `key-${onum}` };
      return eventsOf([
        { type: 'AddItemToCart', cartId, product: book, QTY: 1, ...context },
        { type: 'StartCheckout', cartId, ...press, now: '2026-06-15T10:00:00.000Z' },
        { type: 'CompleteCheckout', cartId, ...press },
      ]);
    };
    await project([]);
    expect(await newestCartOf(db.pool, base)).toBeNull();
    await project(paidCart(base, 100001));
    expect(await newestCartOf(db.pool, base)).toEqual({ base, generation: 0, closed: true });
    await project([
      ...paidCart(base, 100001),
      ...paidCart(`${base}.1`, 100002),
      ...eventsOf([{ type: 'AddItemToCart', cartId: `${base}.2`, product: book, QTY: 3, ...context }]),
    ]);
    expect(await newestCartOf(db.pool, base)).toEqual({ base, generation: 2, closed: false });
    expect((await cartViewOf(db.pool, `${base}.2`, [])).cartTotalQty).toBe(3);
    expect(await newestCartOf(db.pool, 'customer-another')).toBeNull();
  });
});
