import { SUBSCRIPTION_TYPES, type SubscriptionType } from '../entitlements/entitlements.events.js';

/** A yearly subscription is renewed this many days before it expires (docs/payments.md, Renewals). */
export const RENEW_DAYS_BEFORE = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A subscription as the entitlements read model holds it (ISO 8601 dates). */
export interface HeldSubscription {
  subscriptionType: string;
  startsAt: string;
  expiresAt: string;
}

/** A subscription to renew now: its type and the expiry it renews (the period, YYYY-MM-DD). */
export interface DueRenewal {
  subscriptionType: SubscriptionType;
  period: string;
  expiresAt: string;
}

/**
 * The subscriptions of one customer to renew at `now`: per type the latest expiry, when it lies in
 * the next RENEW_DAYS_BEFORE days (a subscription already renewed expires later; one that has
 * expired is not charged for any more: the customer renews it by hand).
 */
export function dueRenewals(subscriptions: readonly HeldSubscription[], now: Date): DueRenewal[] {
  const latest = new Map<SubscriptionType, string>();
  for (const s of subscriptions) {
    const type = SUBSCRIPTION_TYPES.find((t) => t === s.subscriptionType);
    if (type === undefined) continue;
    const current = latest.get(type);
    if (current === undefined || Date.parse(s.expiresAt) > Date.parse(current)) latest.set(type, s.expiresAt);
  }
  const from = now.getTime();
  const until = from + RENEW_DAYS_BEFORE * DAY_MS;
  return [...latest.entries()]
    .filter(([, expiresAt]) => Date.parse(expiresAt) > from && Date.parse(expiresAt) <= until)
    .map(([subscriptionType, expiresAt]) => ({ subscriptionType, period: expiresAt.slice(0, 10), expiresAt }));
}
