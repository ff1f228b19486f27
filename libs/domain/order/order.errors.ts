import { CME_PURCHASE_WARNING } from '../cart/cme.rules.js';
import { COUPON_MESSAGES } from '#libs/contracts/cart.js';
import { TOTAL_MISMATCH_MESSAGE } from '../pricing/order-totals.js';

/**
 * Codes of the order decider's DomainErrors, with the text a person sees (the spec's wording where it
 * gives one). The HTTP layer maps the codes to statuses.
 */
export const OrderErrors = {
  empty_order: 'You have 0 items in your cart.',
  order_exists: 'This order number is already taken.',
  order_not_found: 'You are not authorized to access this resource.',
  order_already_paid: 'This order is already paid.',
  total_mismatch: TOTAL_MISMATCH_MESSAGE,
  coupon_invalid: COUPON_MESSAGES.invalid,
  coupon_not_qualifying: COUPON_MESSAGES.not_qualifying,
  cme_needs_subscription: CME_PURCHASE_WARNING,
  card_data_refused: 'The payment answer carried card data and was refused.',
} as const;

export type OrderErrorCode = keyof typeof OrderErrors;
