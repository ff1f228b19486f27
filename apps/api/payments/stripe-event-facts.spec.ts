import { factsOf, orderNumberOf, type StripeEventLike } from './stripe-event-facts.js';

const event = (type: string, object: unknown): StripeEventLike => ({
  id: 'evt_1',
  type,
  created: 1_800_000_000,
  livemode: false,
  data: { object },
});

describe('what a Stripe event tells the shop', () => {
  it('reads a succeeded intent of ours: key, amount received, order number', () => {
    const intent = {
      id: 'pi_1',
      amount: 4900,
      amount_received: 4900,
      currency: 'usd',
      metadata: { idempotencyKey: 'k-1', onum: '100123' },
    };
    expect(factsOf(event('payment_intent.succeeded', intent))).toEqual({
      kind: 'payment_succeeded',
      data: { paymentIntentId: 'pi_1', idempotencyKey: 'k-1', amountCents: 4900, currency: 'usd', onum: 100123 },
    });
  });

  it('an intent without our key (not the shop’s payment) is only received', () => {
    expect(factsOf(event('payment_intent.succeeded', { id: 'pi_1', amount: 100, metadata: {} }))).toEqual({
      kind: 'other',
    });
  });

  it('reads a refund: charge, intent, amounts in cents', () => {
    const charge = {
      id: 'ch_1',
      amount: 4900,
      amount_refunded: 1500,
      currency: 'usd',
      payment_intent: 'pi_1',
      metadata: { order_number: '100123' },
    };
    expect(factsOf(event('charge.refunded', charge))).toEqual({
      kind: 'charge_refunded',
      data: {
        chargeId: 'ch_1',
        paymentIntentId: 'pi_1',
        amountCents: 4900,
        amountRefundedCents: 1500,
        currency: 'usd',
        onum: 100123,
      },
    });
  });

  it('reads a dispute: its charge (also expanded), amount and reason', () => {
    const dispute = {
      id: 'dp_1',
      amount: 4900,
      currency: 'usd',
      reason: 'fraudulent',
      charge: { id: 'ch_1', metadata: { onum: '100124' } },
    };
    expect(factsOf(event('charge.dispute.created', dispute))).toEqual({
      kind: 'dispute_created',
      data: {
        disputeId: 'dp_1',
        chargeId: 'ch_1',
        amountCents: 4900,
        currency: 'usd',
        reason: 'fraudulent',
        onum: 100124,
      },
    });
  });

  it('a known type missing what it needs, or an unknown type, is only received', () => {
    expect(factsOf(event('charge.refunded', { id: 'ch_1', amount: -5, amount_refunded: 0 }))).toEqual({
      kind: 'other',
    });
    expect(factsOf(event('customer.created', { id: 'cus_1' }))).toEqual({ kind: 'other' });
    expect(factsOf(event('charge.dispute.created', null))).toEqual({ kind: 'other' });
  });

  it('takes only a canonical positive order number', () => {
    expect(orderNumberOf({ onum: '100123' })).toBe(100123);
    expect(orderNumberOf({ onum: '0100' })).toBeNull();
    expect(orderNumberOf({ onum: 'abc' })).toBeNull();
    expect(orderNumberOf(null)).toBeNull();
  });
});
