import { DomainError } from '../kernel/decider.js';
import { CartErrors } from './cart.errors.js';
import type { CompleteCheckout, ReleaseCheckout, StartCheckout } from './cart.commands.js';
import type { CartCheckoutEvent } from './cart.events.js';
import type { CartCheckoutState } from './cart.state.js';

/**
 * The cart's payment, decided on the cart stream (the consistency boundary of "one cart, one charge"):
 * a cart is taken by one payment at a time, and a cart that was just paid remembers by which order,
 * so a late second press answers with that order instead of charging the cart again.
 */

/** The commands that change the cart's content: refused while a payment holds the cart. */
export const CHANGES_CONTENT = [
  'AddItemToCart',
  'RemoveItemFromCart',
  'ApplyCoupon',
  'RemoveCoupon',
  'RedeemOffer',
  'MergeCart',
];

export const paymentInProgress = (): never => {
  throw new DomainError('payment_in_progress', CartErrors.payment_in_progress);
};

/**
 * A cart's stream ends with its checkout (issue 32): once CheckoutCompleted is recorded (`paidBy` set)
 * the cart is closed, and only the payment commands still run on it (a late second press reads
 * `paidBy`); anything else is refused with `cart_closed`, and the cart service moves on to the next
 * cart of the same customer or visitor (cart-generations.ts). A stream recorded before streams ended
 * has items added after a checkout: ItemAddedToCart cleared `paidBy` there, so it reads as open.
 */
export const PAYMENT_COMMANDS = ['StartCheckout', 'ReleaseCheckout', 'CompleteCheckout'];

export const isClosed = (cart: CartCheckoutState): boolean => cart.paidBy !== null;

export const cartClosed = (): never => {
  throw new DomainError('cart_closed', CartErrors.cart_closed);
};

/**
 * StartCheckout: takes the cart for this payment. Nothing is appended when the cart is already taken
 * or was paid: the caller reads `checkout` / `paidBy` of the state and answers with that payment.
 */
export function startCheckout(
  command: StartCheckout,
  cart: CartCheckoutState & { items: readonly unknown[] },
): CartCheckoutEvent[] {
  if (cart.checkout !== null || cart.items.length === 0) return [];
  const { cartId, onum, idempotencyKey, now } = command;
  return [{ type: 'CheckoutStarted', data: { cartId, onum, idempotencyKey, startedAt: now } }];
}

const holds = (cart: CartCheckoutState, command: { onum: number; idempotencyKey: string }): boolean =>
  cart.checkout !== null &&
  cart.checkout.onum === command.onum &&
  cart.checkout.idempotencyKey === command.idempotencyKey;

/** ReleaseCheckout: the payment ended without money (declined, failed, settled uncharged); a repeat appends nothing. */
export function releaseCheckout(command: ReleaseCheckout, cart: CartCheckoutState): CartCheckoutEvent[] {
  if (!holds(cart, command)) return [];
  const { cartId, onum, idempotencyKey, reason } = command;
  return [{ type: 'CheckoutReleased', data: { cartId, onum, idempotencyKey, reason } }];
}

/** CompleteCheckout: the order is paid; the caller's decider empties the cart after it. A repeat appends nothing. */
export function completeCheckout(command: CompleteCheckout, cart: CartCheckoutState): CartCheckoutEvent[] {
  if (!holds(cart, command)) return [];
  const { cartId, onum, idempotencyKey } = command;
  return [{ type: 'CheckoutCompleted', data: { cartId, onum, idempotencyKey } }];
}

export function evolveCheckout<S extends CartCheckoutState>(cart: S, event: CartCheckoutEvent): S {
  const { onum, idempotencyKey } = event.data;
  switch (event.type) {
    case 'CheckoutStarted':
      return { ...cart, checkout: { onum, idempotencyKey } };
    case 'CheckoutReleased':
      return { ...cart, checkout: null };
    case 'CheckoutCompleted':
      return { ...cart, checkout: null, paidBy: { onum, idempotencyKey } };
  }
}
