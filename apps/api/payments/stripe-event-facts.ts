import type { StripeEventFacts } from '#libs/domain/payment-webhook/stripe-event.decider.js';

/**
 * The metadata keys our PaymentIntents carry (docs/payments.md, Webhooks): the checkout's
 * Idempotency-Key and the order number, as the Stripe adapter writes them (first), then the shop's own
 * field names, so an intent made another way does not silently lose a fact.
 */
export const METADATA_IDEMPOTENCY_KEYS = ['idempotency_key', 'idempotencyKey'] as const;
export const METADATA_ORDER_KEYS = ['order_number', 'onum', 'ONUM'] as const;

/** The part of a verified Stripe event this module reads. */
export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  data: { object: unknown };
}

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A Stripe id field is a string, or the expanded object carrying it. */
const idOf = (value: unknown): string | null => text(value) ?? text(fieldsOf(value).id);

const cents = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

function firstOf(metadata: Fields, keys: readonly string[]): string | null {
  for (const key of keys) {
    const found = text(metadata[key]);
    if (found !== null) return found;
  }
  return null;
}

/** The order number in a metadata object, when it holds a canonical positive integer. */
export function orderNumberOf(metadata: unknown): number | null {
  const raw = firstOf(fieldsOf(metadata), METADATA_ORDER_KEYS);
  return raw !== null && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/**
 * What the shop learns from an event: a succeeded intent of ours, a refund, a dispute; anything else
 * (another type, or one of these without the fields it needs) is only recorded as received.
 */
export function factsOf(event: StripeEventLike): StripeEventFacts {
  const object = fieldsOf(event.data.object);
  const metadata = fieldsOf(object.metadata);
  const currency = text(object.currency) ?? '';
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const paymentIntentId = idOf(object.id);
      const idempotencyKey = firstOf(metadata, METADATA_IDEMPOTENCY_KEYS);
      const amountCents = cents(object.amount_received) ?? cents(object.amount);
      if (paymentIntentId === null || idempotencyKey === null || amountCents === null) return { kind: 'other' };
      return {
        kind: 'payment_succeeded',
        data: { paymentIntentId, idempotencyKey, amountCents, currency, onum: orderNumberOf(metadata) },
      };
    }
    case 'charge.refunded': {
      const chargeId = idOf(object.id);
      const amountCents = cents(object.amount);
      const amountRefundedCents = cents(object.amount_refunded);
      if (chargeId === null || amountCents === null || amountRefundedCents === null) return { kind: 'other' };
      return {
        kind: 'charge_refunded',
        data: {
          chargeId,
          paymentIntentId: idOf(object.payment_intent),
          amountCents,
          amountRefundedCents,
          currency,
          onum: orderNumberOf(metadata),
        },
      };
    }
    case 'charge.dispute.created': {
      const disputeId = idOf(object.id);
      const chargeId = idOf(object.charge);
      const amountCents = cents(object.amount);
      if (disputeId === null || chargeId === null || amountCents === null) return { kind: 'other' };
      return {
        kind: 'dispute_created',
        data: {
          disputeId,
          chargeId,
          amountCents,
          currency,
          reason: text(object.reason) ?? 'unknown',
          onum: orderNumberOf(metadata) ?? orderNumberOf(fieldsOf(object.charge).metadata),
        },
      };
    }
    default:
      return { kind: 'other' };
  }
}
