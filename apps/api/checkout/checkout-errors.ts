import type { OrderErrorCode } from '#libs/domain/order/order.errors.js';

/** HTTP status of each order DomainError code, merged into the one table of apps/api/domain-error-statuses.ts. */
export const checkoutErrorStatus: Record<OrderErrorCode | 'no_shipping_rate', number> = {
  empty_order: 400,
  order_exists: 409,
  order_not_found: 404,
  order_already_paid: 409,
  total_mismatch: 400,
  coupon_invalid: 400,
  coupon_not_qualifying: 400,
  cme_needs_subscription: 400,
  card_data_refused: 502,
  no_shipping_rate: 400,
};

export const GUEST_DIGITAL_MESSAGE = 'Please log in or create an account to buy subscriptions or streaming.';
export const ORDER_LIMIT_MESSAGE = 'limit must be a whole number from 1 to 50.';
export const ORDER_AFTER_MESSAGE = 'after must be the NEXT of a page of your orders.';
export const RECEIPT_NOT_AUTHORIZED = 'You are not authorized to access this resource.';
export const IDEMPOTENCY_KEY_REQUIRED = 'An Idempotency-Key header is required.';
export const PAYMENT_IN_PROGRESS = 'This payment is still being processed.';
export const NO_CARD_ON_FILE = 'Card Number is required.';
