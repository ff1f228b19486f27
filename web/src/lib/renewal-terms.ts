import type { RenewableType, RenewalTerms } from '@contracts/renewals';
import { formatUsd } from './money';

/**
 * The words of a subscription's yearly renewal, said the same way on the pay screen, the receipt and
 * the account's Subscriptions tab (docs/decisions.md, "The renewal and the card: the customer's
 * choice"): what it costs, when the card is charged, and where auto-renew is turned off.
 */

/** The subscriptions' names, as the Subscriptions tab's rows name them. */
export const SUBSCRIPTION_LABELS: Readonly<Record<RenewableType, string>> = {
  cme: 'CME',
  qmpcomplete: 'Complete',
  streaming_all: 'Streaming All',
  elearning: 'eLearning',
};

/** Where auto-renew is turned on or off, one subscription at a time. */
export const SUBSCRIPTIONS_TAB = '/user/account#subscriptions';

/** The renewal's price as the terms state it: the tax is the registered address's when it is charged. */
export const renewalPrice = (terms: RenewalTerms): string =>
  terms.PRICE === null ? '' : `${formatUsd(terms.PRICE)} (plus sales tax where it applies)`;

/** True when the subscription can be renewed automatically (the catalog sells its renewal). */
export const renewable = (terms: RenewalTerms): terms is RenewalTerms & { PRICE: number; RENEWS: string } =>
  terms.PRICE !== null && terms.RENEWS !== null;

/**
 * What a renewal charges, and when, as a clause: "on {day} {card} is charged {price} for another year
 * of {product}, and again every year".
 */
export function chargeClause(terms: RenewalTerms & { PRICE: number; RENEWS: string }, card: string): string {
  const product = terms.PRODUCTNAME ? ` of ${terms.PRODUCTNAME}` : '';
  return `on ${terms.RENEWS} ${card} is charged ${renewalPrice(terms)} for another year${product}, and again every year`;
}

/** A clause as a sentence: its first letter upper-cased, a full stop after it. */
export const asSentence = (clause: string): string => `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`;
