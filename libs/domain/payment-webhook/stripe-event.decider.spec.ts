import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { type RecordStripeEvent, type StripeEventFacts, stripeEventDecider } from './stripe-event.decider.js';
import type { StripeEventReceived } from './stripe-event.events.js';

const given = givenWhenThen(stripeEventDecider);
const NOW = '2027-03-01T10:00:00.000Z';
const CREATED = '2027-03-01T09:59:58.000Z';
const record = (stripeType: string, facts: StripeEventFacts): RecordStripeEvent => ({
  type: 'RecordStripeEvent',
  stripeEventId: 'evt_1',
  stripeType,
  createdAt: CREATED,
  livemode: false,
  facts,
  now: NOW,
});
const received = (stripeType: string): StripeEventReceived => ({
  type: 'StripeEventReceived',
  data: { stripeEventId: 'evt_1', stripeType, createdAt: CREATED, livemode: false, receivedAt: NOW },
});

describe('stripe webhook event: recorded once per Stripe event id', () => {
  it('records an event of a type the shop does not act on as received only', () =>
    given()
      .when(record('customer.created', { kind: 'other' }))
      .then(received('customer.created')));

  it('records a succeeded intent with our key', () => {
    const data = {
      paymentIntentId: 'pi_1',
      idempotencyKey: 'k-1',
      amountCents: 4900,
      currency: 'usd',
      onum: 100123,
    };
    given()
      .when(record('payment_intent.succeeded', { kind: 'payment_succeeded', data }))
      .then(received('payment_intent.succeeded'), {
        type: 'ProcessorPaymentSucceeded',
        data: { stripeEventId: 'evt_1', ...data },
      });
  });

  it('records a refund with its amounts in cents', () => {
    const data = {
      chargeId: 'ch_1',
      paymentIntentId: 'pi_1',
      amountCents: 4900,
      amountRefundedCents: 1000,
      currency: 'usd',
      onum: null,
    };
    given()
      .when(record('charge.refunded', { kind: 'charge_refunded', data }))
      .then(received('charge.refunded'), {
        type: 'ChargeRefundedByProcessor',
        data: { stripeEventId: 'evt_1', ...data },
      });
  });

  it('records a dispute with its amount, charge and reason', () => {
    const data = {
      disputeId: 'dp_1',
      chargeId: 'ch_1',
      amountCents: 4900,
      currency: 'usd',
      reason: 'fraudulent',
      onum: 100123,
    };
    given()
      .when(record('charge.dispute.created', { kind: 'dispute_created', data }))
      .then(received('charge.dispute.created'), { type: 'PaymentDisputed', data: { stripeEventId: 'evt_1', ...data } });
  });

  it('a replay of a recorded event appends nothing', () =>
    given(received('charge.refunded'))
      .when(record('charge.refunded', { kind: 'other' }))
      .then());
});
