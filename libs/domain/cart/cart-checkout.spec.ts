import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import type { CartCommand } from './cart.commands.js';
import { cartDecider } from './cart.decider.js';
import type { CartEvent } from './cart.events.js';
import { added, book, itemOf } from './cart.testing.js';

/** One cart, one charge: the cart's payment, decided on the cart stream (given / when / then). */
const given = givenWhenThen(cartDecider);
const cartId = 'cart-pay';
const now = '2026-06-15T10:00:00.000Z';
const first = { onum: 100001, idempotencyKey: 'key-first-press' };
const second = { onum: 100002, idempotencyKey: 'key-second-press' };

const bookAdded: CartEvent = added(book);
const start = (press: typeof first): CartCommand => ({ type: 'StartCheckout', cartId, ...press, now });
const started = (press: typeof first): CartEvent => ({
  type: 'CheckoutStarted',
  data: { cartId, ...press, startedAt: now },
});
const released = (press: typeof first): CartEvent => ({
  type: 'CheckoutReleased',
  data: { cartId, ...press, reason: 'declined' },
});
const completed = (press: typeof first): CartEvent => ({ type: 'CheckoutCompleted', data: { cartId, ...press } });
const paidAndEmptied = (press: typeof first): CartEvent[] => [
  completed(press),
  { type: 'CartCleared', data: { cartId, reason: 'order_paid', mergedInto: null } },
];

describe('the cart taken by its payment', () => {
  it('the first press takes a cart holding items', () => {
    given(bookAdded).when(start(first)).then(started(first));
  });

  it('a second press finds the cart taken and appends nothing (it answers with the first one)', () => {
    given(bookAdded, started(first)).when(start(second)).then();
    const state = [bookAdded, started(first)].reduce(cartDecider.evolve, cartDecider.initialState);
    expect(state.checkout).toEqual(first);
  });

  it('an empty cart is not taken', () => {
    given().when(start(first)).then();
  });

  it('a paid cart is emptied and remembers its payment, so a late press answers with that order', () => {
    given(bookAdded, started(first))
      .when({ type: 'CompleteCheckout', cartId, ...first })
      .then(...paidAndEmptied(first));
    given(bookAdded, started(first), ...paidAndEmptied(first))
      .when(start(second))
      .then();
    const state = [bookAdded, started(first), ...paidAndEmptied(first)].reduce(
      cartDecider.evolve,
      cartDecider.initialState,
    );
    expect(state).toMatchObject({ items: [], checkout: null, paidBy: first });
  });

  it.each<CartCommand>([
    { type: 'AddItemToCart', cartId, product: book, QTY: 1, roles: [], today: '2026-06-15' } as CartCommand,
    { type: 'RemoveItemFromCart', cartId, ID: 601, roles: [], today: '2026-06-15' },
    { type: 'RemoveCoupon', cartId },
    { type: 'ClearCart', cartId, reason: 'cleared' },
    { type: 'ClearCart', cartId, reason: 'merged', mergedInto: 'customer-x' },
    { type: 'ApplyCoupon', cartId, code: 'SAVE10', coupon: undefined, roles: [], today: '2026-06-15' },
  ])('a paid cart is closed: it refuses $type (the next cart takes it)', (command) => {
    given(bookAdded, started(first), ...paidAndEmptied(first))
      .when(command)
      .thenFails('cart_closed');
  });

  it('a paid cart still answers its payment commands: a late press, a repeated completion or release', () => {
    const paid = [bookAdded, started(first), ...paidAndEmptied(first)];
    given(...paid)
      .when(start(second))
      .then();
    given(...paid)
      .when({ type: 'CompleteCheckout', cartId, ...first })
      .then();
    given(...paid)
      .when({ type: 'ReleaseCheckout', cartId, ...first, reason: 'failed' })
      .then();
  });

  it('a stream recorded before carts ended at checkout, with items added after a payment, is open', () => {
    given(bookAdded, started(first), ...paidAndEmptied(first), bookAdded)
      .when(start(second))
      .then(started(second));
  });

  it('a declined payment frees the cart for the next press', () => {
    given(bookAdded, started(first))
      .when({ type: 'ReleaseCheckout', cartId, ...first, reason: 'declined' })
      .then(released(first));
    given(bookAdded, started(first), released(first)).when(start(second)).then(started(second));
  });

  it('only the payment holding the cart can release or complete it; a repeat appends nothing', () => {
    given(bookAdded, started(first))
      .when({ type: 'ReleaseCheckout', cartId, ...second, reason: 'failed' })
      .then();
    given(bookAdded, started(first))
      .when({ type: 'CompleteCheckout', cartId, ...second })
      .then();
    given(bookAdded, started(first), ...paidAndEmptied(first))
      .when({ type: 'CompleteCheckout', cartId, ...first })
      .then();
  });

  it.each<CartCommand>([
    { type: 'RemoveItemFromCart', cartId, ID: 601, roles: [], today: '2026-06-15' },
    { type: 'RemoveCoupon', cartId },
    { type: 'ClearCart', cartId, reason: 'cleared' },
    { type: 'ApplyCoupon', cartId, code: 'SAVE10', coupon: undefined, roles: [], today: '2026-06-15' },
  ])('while taken, the cart refuses $type', (command) => {
    given(bookAdded, started(first)).when(command).thenFails('payment_in_progress');
  });

  it('a cart folded before the payment fields existed is not taken', () => {
    const legacy = { cartId, items: [itemOf(book)], coupon: null, redeemedOffers: [], mergedFrom: [] };
    // The carts read model may hold such a state: it decides as a cart nobody is paying.
    expect(cartDecider.decide(start(first), legacy as never)).toEqual([started(first)]);
  });
});
