import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { keptKey } from '#libs/application/stored-answers.js';
import { stripeEventDecider } from '#libs/domain/payment-webhook/stripe-event.decider.js';
import { stripeEventStreamId } from '#libs/domain/payment-webhook/stripe-event.events.js';
import { PaymentSettlement } from '../checkout/index.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { RecordStripeEventCommand, type StripeEventOutcome } from './payments.messages.js';
import { factsOf } from './stripe-event-facts.js';

/**
 * Records a verified event on `stripe-event-{id}`: the first delivery appends StripeEventReceived and
 * what the event says; a replay, or a delivery racing it, reads the recorded stream and appends nothing.
 * A payment the processor says succeeded is settled at once if its request never answered (its
 * process died): the order completes now instead of at the checkout's next sweep, which stays the
 * backstop (a crash between the record and the settlement leaves the key to it).
 */
@CommandHandler(RecordStripeEventCommand)
export class RecordStripeEventHandler implements ICommandHandler<RecordStripeEventCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly settlement: PaymentSettlement,
    private readonly clock: Clock,
  ) {}

  async execute({ event }: RecordStripeEventCommand): Promise<StripeEventOutcome> {
    const facts = factsOf(event);
    const result = await this.eventSourced.execute(stripeEventStreamId(event.id), stripeEventDecider, {
      type: 'RecordStripeEvent',
      stripeEventId: event.id,
      stripeType: event.type,
      createdAt: new Date(event.created * 1000).toISOString(),
      livemode: event.livemode,
      facts,
      now: this.clock.now().toISOString(),
    });
    if (facts.kind === 'payment_succeeded') {
      // The key the Stripe adapter kept in the intent's metadata: the shop's own (a payment's claim).
      await this.settlement.settleUnanswered(keptKey(facts.data.idempotencyKey));
    }
    return { recorded: result.events.length > 0 };
  }
}
