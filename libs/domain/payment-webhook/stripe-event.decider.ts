import type { Decider } from '../kernel/decider.js';
import type {
  ChargeRefundedByProcessor,
  PaymentDisputed,
  ProcessorPaymentSucceeded,
  StripeWebhookEvent,
} from './stripe-event.events.js';

/** What a verified webhook event says, already read from Stripe's object (apps/api/payments). */
export type StripeEventFacts =
  | { kind: 'payment_succeeded'; data: Omit<ProcessorPaymentSucceeded['data'], 'stripeEventId'> }
  | { kind: 'charge_refunded'; data: Omit<ChargeRefundedByProcessor['data'], 'stripeEventId'> }
  | { kind: 'dispute_created'; data: Omit<PaymentDisputed['data'], 'stripeEventId'> }
  | { kind: 'other' };

/** Records one verified Stripe event; a second delivery of the same event id appends nothing. */
export interface RecordStripeEvent {
  type: 'RecordStripeEvent';
  stripeEventId: string;
  stripeType: string;
  createdAt: string;
  livemode: boolean;
  facts: StripeEventFacts;
  now: string;
}

export interface StripeEventRecord {
  recorded: boolean;
}

export const initialStripeEventRecord: StripeEventRecord = { recorded: false };

function factEvent(stripeEventId: string, facts: StripeEventFacts): StripeWebhookEvent[] {
  switch (facts.kind) {
    case 'payment_succeeded':
      return [{ type: 'ProcessorPaymentSucceeded', data: { stripeEventId, ...facts.data } }];
    case 'charge_refunded':
      return [{ type: 'ChargeRefundedByProcessor', data: { stripeEventId, ...facts.data } }];
    case 'dispute_created':
      return [{ type: 'PaymentDisputed', data: { stripeEventId, ...facts.data } }];
    case 'other':
      return [];
  }
}

export function decide(command: RecordStripeEvent, state: StripeEventRecord): StripeWebhookEvent[] {
  if (state.recorded) return []; // Stripe delivers at least once: a replay changes nothing
  const { stripeEventId, stripeType, createdAt, livemode, now } = command;
  return [
    { type: 'StripeEventReceived', data: { stripeEventId, stripeType, createdAt, livemode, receivedAt: now } },
    ...factEvent(stripeEventId, command.facts),
  ];
}

export function evolve(state: StripeEventRecord, event: StripeWebhookEvent): StripeEventRecord {
  return event.type === 'StripeEventReceived' ? { recorded: true } : state;
}

export const stripeEventDecider: Decider<RecordStripeEvent, StripeEventRecord, StripeWebhookEvent> = {
  initialState: initialStripeEventRecord,
  decide,
  evolve,
};
