/**
 * Automatic renewals (docs/payments.md, Renewals).
 *   GET /api/subscriptions/renewals/failed -> { data: FailedRenewal[] } (login required; the expiring banner)
 *   PUT /api/account/auto-renew/:type {autorenew} -> Subscriptions (login required; the Subscriptions tab's switch)
 * The renewal terms (RenewalTerms) are part of the quote, the receipt and GET /api/subscriptions.
 */

/** The subscriptions with an expiry, each renewed automatically by a year of its product. */
export const RENEWABLE_TYPES = ['qmpcomplete', 'elearning', 'streaming_all', 'cme'] as const;
export type RenewableType = (typeof RENEWABLE_TYPES)[number];

/** A subscription is renewed this many days before it expires (the schedule charges the card on file then). */
export const RENEW_DAYS_BEFORE = 7;

/**
 * A subscription's yearly renewal, as the pay screen, the receipt and the Subscriptions tab state it
 * (California's Automatic Renewal Law: the terms before the purchase and in its acknowledgement).
 */
export interface RenewalTerms {
  TYPE: RenewableType;
  /** The product a renewal buys one year of; null when the catalog no longer sells it. */
  PRODUCTNAME: string | null;
  /** The subscription's expiry, YYYY-MM-DD (in a quote: once this order is paid). */
  EXPIRES: string;
  /**
   * The day the card on file is charged for the renewal when auto-renew is on, YYYY-MM-DD:
   * RENEW_DAYS_BEFORE days before EXPIRES (today when that day has passed). Null when it will not be
   * renewed automatically for this expiry: the catalog offers no renewal, or this period's renewal
   * already failed or was cancelled.
   */
  RENEWS: string | null;
  /** One year's renewal price in cents, 10% off, before any sales tax; null when none is offered. */
  PRICE: number | null;
}

/** A subscription held, its renewal terms and whether it renews automatically (its own choice, else the account's). */
export interface SubscriptionRenewal extends RenewalTerms {
  AUTORENEW: 0 | 1;
}

/** PUT /api/account/auto-renew/:type: one subscription's auto-renew. */
export interface SubscriptionAutoRenewRequest {
  autorenew: 0 | 1;
}

export const RENEWABLE_TYPE_MESSAGE = `The subscription must be one of ${RENEWABLE_TYPES.join(', ')}.`;
export const AUTORENEW_LIST_MESSAGE = `AUTORENEW must list subscriptions of ${RENEWABLE_TYPES.join(', ')}, each once.`;
/** Pay: auto-renew asked for a subscription the order does not buy. */
export const AUTORENEW_NOT_BOUGHT = 'Auto-renew can only be chosen for a subscription this order buys.';
/** Pay: auto-renew with a new card that is not to be kept (the renewal charges the card on file). */
export const AUTORENEW_NEEDS_CARD =
  'Auto-renew charges the card kept on file: keep this card on file, or turn auto-renew off.';

/** A renewal the card on file did not pay, while its subscription still runs. */
export interface FailedRenewal {
  /** The subscription type (as the expiring toast's TYPE). */
  TYPE: string;
  /** The expiry it was to renew, YYYY-MM-DD (the toast's DT). */
  DT: string;
  /** Why: the gateway's texts. */
  ERRORS: string[];
  /** Where to renew it by hand: the cart with the renewal. */
  URL: string;
}
