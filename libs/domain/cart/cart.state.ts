import type { AppliedCoupon, CartItem } from './cart.events.js';

/** The payment holding the cart, or the one that emptied it. */
export interface CartPayment {
  onum: number;
  idempotencyKey: string;
}

/** The cart's payment (cart-checkout.ts decides it). */
export interface CartCheckoutState {
  /** The payment running now: no other may start, and the cart cannot change. */
  checkout: CartPayment | null;
  /** The payment that emptied the cart, until something is added again. */
  paidBy: CartPayment | null;
}

/** The cart as its events leave it (folded by `evolve` in cart.decider.ts). */
export interface Cart extends CartCheckoutState {
  cartId: string | null;
  items: CartItem[];
  /** The one cart-level coupon (storefront section 3). */
  coupon: AppliedCoupon | null;
  /** Offer UIDs redeemed into this cart since it was last cleared (a repeat redeems nothing). */
  redeemedOffers: string[];
  /** Anonymous carts merged into this one (a repeated merge adds nothing). */
  mergedFrom: string[];
}

export const initialCart: Cart = {
  cartId: null,
  items: [],
  coupon: null,
  redeemedOffers: [],
  mergedFrom: [],
  checkout: null,
  paidBy: null,
};
