import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';

/** What one renewal ended as in this run ('busy': another run holds it now). */
export type RenewalRunOutcome = 'succeeded' | 'failed' | 'busy' | 'skipped';

/** Renews one subscription of a customer for one period (the expiry it renews, YYYY-MM-DD), or resumes it. */
export class RenewSubscriptionCommand {
  constructor(
    readonly customerId: string,
    readonly subscriptionType: SubscriptionType,
    readonly period: string,
  ) {}
}
