import type { SubscriptionType } from '../entitlements/entitlements.events.js';
import type { DomainEvent } from '../kernel/decider.js';

/**
 * Events of the stream `renewal-reminder-{customerId}-{subscriptionType}-{period}`: the reminder mailed
 * before one automatic renewal (the period is the expiry it renews, YYYY-MM-DD). A stream of its own,
 * its one event appended at no_stream, so one reminder per subscription and period whatever the number
 * of schedulers; the renewal's own stream (`renewal-...`) still begins with RenewalStarted.
 */
export type RenewalReminderIssued = DomainEvent<
  'RenewalReminderIssued',
  {
    customerId: string;
    subscriptionType: SubscriptionType;
    /** The expiry the renewal renews, YYYY-MM-DD. */
    period: string;
    /** When the renewal charges: RENEW_DAYS_BEFORE days before the expiry, YYYY-MM-DD. */
    chargeOn: string;
    /** The renewal's total as it would be charged today (tax included), in cents. */
    amountCents: number;
    productId: number;
    productName: string;
    /** The card on file it would be charged to. */
    card: { brand: string; last4: string };
    issuedAt: string;
  }
>;

export type RenewalReminderEvent = RenewalReminderIssued;

export const renewalReminderStreamId = (customerId: string, subscriptionType: string, period: string): string =>
  `renewal-reminder-${customerId}-${subscriptionType}-${period}`;
