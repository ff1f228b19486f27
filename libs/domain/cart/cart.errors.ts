/**
 * Codes of the cart decider's DomainErrors, with the text a person sees (the spec's wording where it
 * gives one: storefront section 8). The HTTP layer maps the codes to statuses. A typed coupon code is
 * never refused with an error: the decider records the refusal (CouponRefused) and the answer is 200.
 */
export const CartErrors = {
  invalid_quantity: 'Quantity must be a number from 1 to 999.',
  invalid_term: 'Choose a term of 1, 2 or 3 years offered for this subscription.',
  unknown_format: 'This format is not offered for this product.',
  offer_invalid: 'This offer is not valid.',
  payment_in_progress: 'This cart is being paid right now. Please wait a moment and try again.',
  /** Never shown in practice: the cart service moves on to the customer's next cart and tries there. */
  cart_closed: 'This cart was paid for. Please try again: a new cart holds what you add now.',
} as const;

export type CartErrorCode = keyof typeof CartErrors;
