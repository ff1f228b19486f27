import type { CartErrorCode } from '#libs/domain/cart/cart.errors.js';

/**
 * HTTP status of each cart DomainError code (libs/domain/cart/cart.errors.ts), merged into the global
 * exception filter's table in apps/api/bootstrap.ts. Every refusal of the cart decider is the
 * caller's input (a quantity, term, format or code out of range): 400. POST /api/cart/coupon and
 * POST /api/offers catch their refusals and answer 200 with success 0 instead.
 */
export const cartErrorStatus: Record<CartErrorCode, number> = {
  invalid_quantity: 400,
  invalid_term: 400,
  unknown_format: 400,
  coupon_invalid: 400,
  coupon_not_qualifying: 400,
  offer_invalid: 400,
  /** The cart is taken by a running payment: a conflict of the moment, not bad input. */
  payment_in_progress: 409,
};
