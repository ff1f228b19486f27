import { Command } from '@nestjs/cqrs';
import type { StripeEventLike } from './stripe-event-facts.js';

/** What recording a verified webhook event did: `recorded` false for a replay (nothing appended). */
export interface StripeEventOutcome {
  recorded: boolean;
}

/** Records one verified Stripe webhook event, once per Stripe event id. */
export class RecordStripeEventCommand extends Command<StripeEventOutcome> {
  constructor(readonly event: StripeEventLike) {
    super();
  }
}
