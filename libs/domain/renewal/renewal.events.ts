import type { DomainEvent } from '../kernel/decider.js';
import type { SubscriptionType } from '../entitlements/entitlements.events.js';

/**
 * Events of the stream `renewal-{customerId}-{subscriptionType}-{period}`: the automatic renewal of one
 * subscription for one period (the period is the expiry it renews, YYYY-MM-DD). The stream is the
 * consistency boundary: its first event is appended with expected revision no_stream, so of two
 * schedulers (two API nodes, or a run repeated after a crash) only one starts the renewal.
 */

export type RenewalStarted = DomainEvent<
  'RenewalStarted',
  {
    customerId: string;
    subscriptionType: SubscriptionType;
    /** The expiry renewed, YYYY-MM-DD. */
    period: string;
    /** The order placed for the customer (drawn before the start, so a resumed run finds it). */
    onum: number;
    productId: number;
    /**
     * The payment's key, the shop's own (`system:renewal:...`; the stream id for renewals started before
     * keys had namespaces), so a repeated charge is the same charge.
     */
    idempotencyKey: string;
    startedAt: string;
  }
>;

export type RenewalSucceeded = DomainEvent<
  'RenewalSucceeded',
  { customerId: string; subscriptionType: SubscriptionType; period: string; onum: number; renewedAt: string }
>;

/** Declined, needing authentication, or not placeable: nothing was extended; `errors` says why. */
export type RenewalFailed = DomainEvent<
  'RenewalFailed',
  {
    customerId: string;
    subscriptionType: SubscriptionType;
    period: string;
    onum: number;
    errors: string[];
    failedAt: string;
  }
>;

/**
 * Ended before any charge: decided again before charging (a run resumed after a crash), the renewal
 * was no longer wanted (auto-renew turned off, the subscription renewed or ended, no card on file).
 */
export type RenewalCancelled = DomainEvent<
  'RenewalCancelled',
  {
    customerId: string;
    subscriptionType: SubscriptionType;
    period: string;
    onum: number;
    reason: string;
    cancelledAt: string;
  }
>;

export type RenewalEvent = RenewalStarted | RenewalSucceeded | RenewalFailed | RenewalCancelled;

export const RENEWAL_EVENT_TYPES = [
  'RenewalStarted',
  'RenewalSucceeded',
  'RenewalFailed',
  'RenewalCancelled',
] as const satisfies readonly RenewalEvent['type'][];

export const renewalStreamId = (customerId: string, type: SubscriptionType, period: string): string =>
  `renewal-${customerId}-${type}-${period}`;
