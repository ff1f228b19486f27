/**
 * What a buyer is told when a card is refused: the shop's own words for each kind of refusal, never
 * the processor's text ("The provided PaymentMethod has failed authentication." is a developer's
 * sentence). The processor's own reason goes to the logs (`ChargeDeclined.processorReason`).
 */
export const DECLINES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  securityCode: "Your card's security code is incorrect.",
  incorrectNumber: 'Your card number is incorrect.',
  invalidMonth: "Your card's expiration month is invalid.",
  invalidYear: "Your card's expiration year is invalid.",
  authentication: 'Your bank could not confirm that this payment is yours. Please try again, or use another card.',
  processing: 'Your card could not be processed just now. Please try again in a moment.',
  notAccepted: 'This card cannot be used for this payment. Please use another card.',
} as const;

/** A processor's refusal as Stripe describes one (its error, or a PaymentIntent's `last_payment_error`). */
export interface ProcessorRefusal {
  code?: string | null;
  decline_code?: string | null;
}

/** Stripe's codes (error `code`, or a card error's `decline_code`) and the words each one gets. */
const WORDS_OF_CODE: Readonly<Record<string, string>> = {
  insufficient_funds: DECLINES.insufficientFunds,
  expired_card: DECLINES.expired,
  incorrect_cvc: DECLINES.securityCode,
  invalid_cvc: DECLINES.securityCode,
  incorrect_number: DECLINES.incorrectNumber,
  invalid_number: DECLINES.incorrectNumber,
  invalid_expiry_month: DECLINES.invalidMonth,
  invalid_expiry_year: DECLINES.invalidYear,
  payment_intent_authentication_failure: DECLINES.authentication,
  authentication_required: DECLINES.authentication,
  processing_error: DECLINES.processing,
  try_again_later: DECLINES.processing,
  card_not_supported: DECLINES.notAccepted,
  currency_not_supported: DECLINES.notAccepted,
  resource_missing: DECLINES.notAccepted,
  card_declined: DECLINES.declined,
};

/**
 * The buyer's words for a refusal: by its decline code (the bank's reason) when the shop has words for
 * it, else by its error code, else "Your card was declined." (a bank's reason it does not name, such
 * as a lost or stolen card, is told as a plain decline).
 */
export function declineWords(refusal: ProcessorRefusal): string {
  return (
    (refusal.decline_code ? WORDS_OF_CODE[refusal.decline_code] : undefined) ??
    (refusal.code ? WORDS_OF_CODE[refusal.code] : undefined) ??
    DECLINES.declined
  );
}
