import type { DomainEvent } from '../kernel/decider.js';

/**
 * Events of the stream `stripe-event-{id}`: one Stripe webhook event, recorded once. The first append
 * is made at revision no_stream, so a replayed or concurrent delivery of the same event appends nothing.
 */

/** Every verified event, whatever its type (an unknown type is recorded with this one alone). */
export type StripeEventReceived = DomainEvent<
  'StripeEventReceived',
  {
    /** Stripe's event id (evt_...). */
    stripeEventId: string;
    /** Stripe's event type, e.g. `charge.refunded`. */
    stripeType: string;
    /** When Stripe created the event, ISO 8601. */
    createdAt: string;
    livemode: boolean;
    receivedAt: string;
  }
>;

/** `payment_intent.succeeded` for an intent whose metadata carries our Idempotency-Key. */
export type ProcessorPaymentSucceeded = DomainEvent<
  'ProcessorPaymentSucceeded',
  {
    stripeEventId: string;
    paymentIntentId: string;
    idempotencyKey: string;
    amountCents: number;
    currency: string;
    onum: number | null;
  }
>;

/** `charge.refunded`: the processor refunded (part of) a charge, from its dashboard or through us. */
export type ChargeRefundedByProcessor = DomainEvent<
  'ChargeRefundedByProcessor',
  {
    stripeEventId: string;
    chargeId: string;
    paymentIntentId: string | null;
    /** The charge's amount and the total refunded so far, in cents. */
    amountCents: number;
    amountRefundedCents: number;
    currency: string;
    onum: number | null;
  }
>;

/** `charge.dispute.created`: the card holder's bank disputes a charge. */
export type PaymentDisputed = DomainEvent<
  'PaymentDisputed',
  {
    stripeEventId: string;
    disputeId: string;
    chargeId: string;
    amountCents: number;
    currency: string;
    reason: string;
    onum: number | null;
  }
>;

export type StripeWebhookEvent =
  StripeEventReceived | ProcessorPaymentSucceeded | ChargeRefundedByProcessor | PaymentDisputed;

export const STRIPE_WEBHOOK_EVENT_TYPES = [
  'StripeEventReceived',
  'ProcessorPaymentSucceeded',
  'ChargeRefundedByProcessor',
  'PaymentDisputed',
] as const satisfies readonly StripeWebhookEvent['type'][];

export const stripeEventStreamId = (stripeEventId: string): string => `stripe-event-${stripeEventId}`;
