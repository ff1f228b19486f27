import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';
import { Command } from '@nestjs/cqrs';
import type { RenewalRunOutcome } from '#libs/renewals/renewal-runner.js';

/** Renews one subscription of a customer for one period (the expiry it renews, YYYY-MM-DD), or resumes it. */
export class RenewSubscriptionCommand extends Command<RenewalRunOutcome> {
  constructor(
    readonly customerId: string,
    readonly subscriptionType: SubscriptionType,
    readonly period: string,
  ) {
    super();
  }
}
