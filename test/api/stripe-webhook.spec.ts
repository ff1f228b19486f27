import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { Clock } from '#libs/application/clock.js';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import { stripeEventStreamId } from '#libs/domain/payment-webhook/stripe-event.events.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { EVENT_STORE } from '#apps/api/infrastructure/tokens.js';
import { BAD_SIGNATURE, WEBHOOK_NOT_CONFIGURED } from '#apps/api/payments/stripe-webhook.controller.js';
import { createTestApp, useTestShop } from '../support/app.js';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { fireAtOnce, unexpectedStatuses } from '../support/concurrency.js';
import { shopClient } from '../support/shop-client.js';
import { clientKey } from '#libs/application/stored-answers.js';

const SECRET = 'whsec_test_secret_of_this_endpoint';
const ROUTE = '/api/payments/stripe/webhook';

/** A Stripe event as Stripe sends it: pretty-printed, so only the raw bytes verify. */
function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${randomUUID()}`): string {
  const event = { id, object: 'event', api_version: '2025-01-01', created: 1_800_000_000, livemode: false, type };
  return JSON.stringify({ ...event, data: { object } }, null, 2);
}

const signed = (payload: string, secret = SECRET, timestamp?: number): string =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

/**
 * `POST /api/payments/stripe/webhook` (docs/payments.md, Webhooks): the signature over the raw body,
 * the tolerance on its timestamp, one record per Stripe event id, what each type records.
 */
describe('Stripe webhook', () => {
  const shop = useTestShop({ seedDemo: true, env: { STRIPE_WEBHOOK_SECRET: SECRET } });
  const deliver = (payload: string, signature: string | null, contentType = 'application/json') =>
    fetch(shop.baseUrl + ROUTE, {
      method: 'POST',
      headers: { 'content-type': contentType, ...(signature === null ? {} : { 'stripe-signature': signature }) },
      body: payload,
    });
  const streamOf = async (payload: string) => {
    const { id } = JSON.parse(payload) as { id: string };
    return shop.app.get<EventStore>(EVENT_STORE).readStream(stripeEventStreamId(id));
  };
  afterEach(() => jest.restoreAllMocks());

  it('records a signed event once; its replay answers 200 and changes nothing', async () => {
    const payload = stripeEvent('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      amount: 4900,
      amount_refunded: 4900,
      currency: 'usd',
      payment_intent: 'pi_1',
      metadata: { onum: '100123' },
    });
    const first = await deliver(payload, signed(payload));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, recorded: true });
    const replay = await deliver(payload, signed(payload));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, recorded: false });

    const recorded = await streamOf(payload);
    expect(recorded.map((e) => e.type)).toEqual(['StripeEventReceived', 'ChargeRefundedByProcessor']);
    expect(recorded[1]?.data).toEqual({
      stripeEventId: JSON.parse(payload).id,
      chargeId: 'ch_1',
      paymentIntentId: 'pi_1',
      amountCents: 4900,
      amountRefundedCents: 4900,
      currency: 'usd',
      onum: 100123,
    });
    expect(recorded[0]?.metadata.actorId).toBe('stripe');
  });

  it('records a succeeded intent of ours with its key, and a dispute with its charge', async () => {
    const intent = stripeEvent('payment_intent.succeeded', {
      id: 'pi_2',
      object: 'payment_intent',
      amount: 12900,
      amount_received: 12900,
      currency: 'usd',
      metadata: { idempotencyKey: 'key-2', onum: '100124' },
    });
    const dispute = stripeEvent('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      amount: 12900,
      currency: 'usd',
      charge: 'ch_2',
      reason: 'fraudulent',
      metadata: {},
    });
    for (const payload of [intent, dispute]) expect((await deliver(payload, signed(payload))).status).toBe(200);

    const [, paid] = await streamOf(intent);
    expect(paid).toMatchObject({
      type: 'ProcessorPaymentSucceeded',
      data: { paymentIntentId: 'pi_2', idempotencyKey: 'key-2', amountCents: 12900, onum: 100124 },
    });
    const [, disputed] = await streamOf(dispute);
    expect(disputed).toMatchObject({
      type: 'PaymentDisputed',
      data: { disputeId: 'dp_1', chargeId: 'ch_2', amountCents: 12900, reason: 'fraudulent', onum: null },
    });
  });

  it('records an event of a type the shop does not act on as received', async () => {
    const payload = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await deliver(payload, signed(payload))).status).toBe(200);
    const recorded = await streamOf(payload);
    expect(recorded.map((e) => e.type)).toEqual(['StripeEventReceived']);
    expect(recorded[0]?.data).toMatchObject({ stripeType: 'customer.created', livemode: false });
  });

  it('refuses a forged signature, a changed body and a missing header with 400, recording nothing', async () => {
    const payload = stripeEvent('charge.refunded', { id: 'ch_3', amount: 100, amount_refunded: 100 });
    const forged = await deliver(payload, signed(payload, 'whsec_someone_else'));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string[] }).message).toEqual([BAD_SIGNATURE]);
    const changed = payload.replace('"amount": 100', '"amount": 1');
    expect((await deliver(changed, signed(payload))).status).toBe(400);
    expect((await deliver(payload, null)).status).toBe(400);
    expect((await deliver(payload, 'garbage')).status).toBe(400);
    expect(await streamOf(payload)).toEqual([]);
  });

  it('refuses a signature whose timestamp is outside the tolerance (an old one, or a clock moved on)', async () => {
    const payload = stripeEvent('charge.refunded', { id: 'ch_4', amount: 100, amount_refunded: 100 });
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect((await deliver(payload, signed(payload, SECRET, tenMinutesAgo))).status).toBe(400);

    const header = signed(payload);
    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 10 * 60_000));
    expect((await deliver(payload, header)).status).toBe(400);
    expect(await streamOf(payload)).toEqual([]);
  });

  it('refuses a signature whose timestamp is more than five minutes ahead, takes one within them', async () => {
    const payload = stripeEvent('charge.refunded', { id: 'ch_5', amount: 100, amount_refunded: 100 });
    const now = Math.floor(Date.now() / 1000);
    const ahead = await deliver(payload, signed(payload, SECRET, now + 600));
    expect(ahead.status).toBe(400);
    expect(((await ahead.json()) as { message: string[] }).message).toEqual([BAD_SIGNATURE]);
    expect(await streamOf(payload)).toEqual([]);
    // A clock a little behind Stripe's is no reason to refuse.
    expect((await deliver(payload, signed(payload, SECRET, now + 120))).status).toBe(200);
  });

  it('answers garbage with 400, never 500', async () => {
    for (const body of ['', '{', '[]', 'null', '{"id": 5}']) {
      const status = (await deliver(body, signed(body))).status;
      expect([body, status]).toEqual([body, 400]);
    }
    expect((await deliver('id=1', signed('id=1'), 'text/plain')).status).toBe(400);
  });

  it('is documented for the contract check: the signature header, 200, 400 and 404', async () => {
    type Operation = { parameters: { name: string; in: string }[]; responses: Record<string, unknown> };
    const document = (await (await fetch(`${shop.baseUrl}/api/docs-json`)).json()) as {
      paths: Record<string, { post?: Operation }>;
    };
    const operation = document.paths[ROUTE]?.post;
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '404']);
    expect(operation?.parameters.map((p) => `${p.in}:${p.name}`)).toContain('header:Stripe-Signature');
  });

  it('30 identical deliveries at once answer 200 and record the event once', async () => {
    const payload = stripeEvent('charge.dispute.created', {
      id: 'dp_2',
      amount: 2500,
      currency: 'usd',
      charge: 'ch_5',
      reason: 'duplicate',
    });
    const header = signed(payload);
    const { statuses, results } = await fireAtOnce(30, () => deliver(payload, header));
    expect(unexpectedStatuses(statuses, [200])).toEqual({});
    const answers = await Promise.all(results.map((r) => (r as Response).json() as Promise<{ recorded: boolean }>));
    expect(answers.filter((a) => a.recorded)).toHaveLength(1);
    expect((await streamOf(payload)).map((e) => e.type)).toEqual(['StripeEventReceived', 'PaymentDisputed']);
  });

  it('a succeeded payment whose request never answered (its process died) is settled at once by the webhook', async () => {
    const { call } = shopClient(() => shop.baseUrl);
    const guest = { cartId: randomUUID() };
    expect((await call(guest, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 })).status).toBe(200);
    const quote = await call<Quote>(guest, 'POST', '/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 });
    const key = randomUUID();
    const paid = await call<PayResponse>(
      guest,
      'POST',
      '/checkout/pay',
      { ATTJSON: checkoutContact(), BILLINGJSON: null, CARD: SANDBOX_VISA, SHIPPING: 1, TOTAL: quote.body.TOTAL },
      { 'idempotency-key': key },
    );
    expect(paid.body.ERRORS).toEqual([]);
    // The key as the shop keeps it (and as its Stripe adapter writes it into the intent's metadata).
    const kept = clientKey({ cartId: guest.cartId }, key);
    // The process that charged died before answering: the key has no answer.
    const answerOf = async () =>
      (
        await shop.shop.pool.query<{ response: PayResponse | null }>(
          'SELECT response FROM checkout_payments WHERE idempotency_key = $1',
          [kept],
        )
      ).rows[0]!.response;
    await shop.shop.pool.query('UPDATE checkout_payments SET response = NULL WHERE idempotency_key = $1', [kept]);
    expect(await answerOf()).toBeNull();

    const payload = stripeEvent('payment_intent.succeeded', {
      id: 'pi_late',
      object: 'payment_intent',
      amount: quote.body.TOTAL,
      amount_received: quote.body.TOTAL,
      currency: 'usd',
      metadata: { idempotency_key: kept, order_number: String(paid.body.ONUM) },
    });
    expect((await deliver(payload, signed(payload))).status).toBe(200);
    // Answered when the webhook's answer came (not at the checkout's sweep, 30 s later), with the same order.
    expect(await answerOf()).toEqual(paid.body);
  });
});

describe('Stripe webhook without STRIPE_WEBHOOK_SECRET', () => {
  it('answers a signed delivery 404: the shop takes no Stripe webhooks', async () => {
    const shop = await createTestApp();
    try {
      const payload = stripeEvent('charge.refunded', { id: 'ch_6' });
      const answer = await fetch(shop.baseUrl + ROUTE, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signed(payload) },
        body: payload,
      });
      expect(answer.status).toBe(404);
      expect(((await answer.json()) as { message: string[] }).message).toEqual([WEBHOOK_NOT_CONFIGURED]);
      // Without the signature header the request is bad input there too (the contract check sends it).
      const unsigned = await fetch(shop.baseUrl + ROUTE, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
      });
      expect(unsigned.status).toBe(400);
    } finally {
      await shop.close();
    }
  });
});
