import type { CartErrorCode } from '#libs/domain/cart/cart.errors.js';

/**
 * HTTP status of each cart DomainError code (libs/domain/cart/cart.errors.ts), merged with the other
 * features' tables in apps/api/domain-error-statuses.ts. Every refusal of the cart decider is the
 * caller's input (a quantity, term or format out of range): 400. A typed coupon is never an error (the
 * decider records CouponRefused; POST /api/cart/coupon answers 200 with success 0), and POST
 * /api/offers answers 200 with success 0 for an offer that does not fit its product.
 */
export const cartErrorStatus: Record<CartErrorCode, number> = {
  invalid_quantity: 400,
  invalid_term: 400,
  unknown_format: 400,
  offer_invalid: 400,
  /** The cart is taken by a running payment: a conflict of the moment, not bad input. */
  payment_in_progress: 409,
  /** A paid cart (its stream ended); the cart service retries on the next cart, so only a race reaches here. */
  cart_closed: 409,
};
