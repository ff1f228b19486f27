/**
 * Automatic renewals (docs/payments.md, Renewals).
 *   GET /api/subscriptions/renewals/failed -> { data: FailedRenewal[] } (login required; the expiring banner)
 */

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
