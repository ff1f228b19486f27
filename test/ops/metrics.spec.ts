import { randomUUID } from 'node:crypto';
import { EVENT_STORE } from '#apps/api/infrastructure/tokens.js';
import { SystemClock } from '#libs/application/clock.js';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { createPaymentGateway } from '#libs/payments/create-payment-gateway.js';
import { refundOrder } from '../../apps/api/refunds/refund-order.js';
import { shopClient } from '../support/shop-client.js';
import { useTestShop } from '../support/app.js';
import { buyWithDateOfBirth, checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { parseMetrics, samplesOf, valueOf } from './metrics-text.js';

const TOKEN = 'metrics-token-for-the-test-0123';

describe('GET /metrics (METRICS_TOKEN set)', () => {
  const shop = useTestShop({ seedDemo: true, env: { METRICS_TOKEN: TOKEN } });
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const scrape = async () => {
    const response = await fetch(`${shop.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(await response.text());
  };

  it('is refused without the token or with another one (401), and answers with it', async () => {
    expect((await fetch(`${shop.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${shop.baseUrl}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    expect(await scrape()).not.toHaveLength(0);
  });

  it('exposes every family with plausible values after a checkout, a failed login and a projection', async () => {
    // The demo seed pays orders and signs in too: what this test did is the difference.
    const before = await scrape();
    const grew = (name: string, labels: Record<string, string>) =>
      valueOf(samples, name, labels) - valueOf(before, name, labels);
    const learner = await loginAs('learner@demo.test');
    const failed = await call({}, 'POST', '/auth/login', {
      email: 'learner@demo.test',
      password: 'wrong-pass',
      version: 5,
    });
    expect(failed.status).toBe(401);
    const paid = await buyWithDateOfBirth(call, { token: learner.token }, 155);
    expect(paid.body.ERRORS).toEqual([]);
    // The order's history is a read model: answered once the projection applied the payment.
    expect((await call({ token: learner.token }, 'GET', '/orders')).status).toBe(200);

    const samples = await scrape();
    expect(grew('shop_event_appends_total', { category: 'order' })).toBeGreaterThanOrEqual(2);
    // HTTP by route template (never the raw path), method and status, with the latency histogram.
    const pay = { route: '/api/checkout/pay', method: 'POST', status: '200' };
    expect(valueOf(samples, 'shop_http_requests_total', pay)).toBe(1);
    expect(valueOf(samples, 'shop_http_request_duration_seconds_count', pay)).toBe(1);
    expect(valueOf(samples, 'shop_http_request_duration_seconds_sum', pay)).toBeGreaterThan(0);
    expect(valueOf(samples, 'shop_http_request_duration_seconds_bucket', { ...pay, le: '+Inf' })).toBe(1);
    expect(valueOf(samples, 'shop_http_requests_total', { route: '/api/auth/login', status: '401' })).toBe(1);
    expect(samplesOf(samples, 'shop_http_requests_total').every((s) => !/\d{2,}/.test(s.labels.route ?? ''))).toBe(
      true,
    );
    // Event appends by stream category.
    expect(valueOf(samples, 'shop_event_appends_total', { category: 'order' })).toBeGreaterThanOrEqual(2);
    expect(valueOf(samples, 'shop_event_append_duration_seconds_count', { category: 'order' })).toBeGreaterThanOrEqual(
      2,
    );
    expect(samplesOf(samples, 'shop_event_appends_total').every((s) => !s.labels.category?.includes('-'))).toBe(true);
    // Payments and logins.
    expect(grew('shop_payments_total', { gateway: 'sandbox', outcome: 'approved' })).toBe(1);
    expect(grew('shop_logins_total', { outcome: 'failed' })).toBe(1);
    expect(grew('shop_logins_total', { outcome: 'success' })).toBe(1);
    // Each projection's lag, caught up after the read above.
    const lags = samplesOf(samples, 'shop_projection_lag_events');
    expect(lags.length).toBeGreaterThanOrEqual(10);
    for (const lag of lags) expect(lag.value).toBeGreaterThanOrEqual(0);
    expect(samplesOf(samples, 'shop_projection_lag_seconds')).toHaveLength(lags.length);
    // The database pool and Node's own metrics.
    expect(samplesOf(samples, 'shop_db_pool_connections', { pool: 'api', state: 'in_use' })).toHaveLength(1);
    expect(valueOf(samples, 'shop_db_pool_connections', { pool: 'api', state: 'idle' })).toBeGreaterThan(0);
    expect(samplesOf(samples, 'shop_db_pool_connections', { pool: 'api', state: 'waiting' })).toHaveLength(1);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
    expect(samplesOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
  });
  it('counts declined payments, refunds and append conflicts', async () => {
    const before = await scrape();
    /** A guest's checkout of one book, paid with `card`. */
    const guestPays = async (card: { CC: string; MONTH: string; YEAR: string; SC: string }) => {
      const cart = { 'x-cart-id': randomUUID() };
      const added = await call({}, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 }, cart);
      expect(added.status).toBe(200);
      const quote = await call<Quote>(
        {},
        'POST',
        '/checkout/quote',
        { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 },
        cart,
      );
      const body = { SHIPPING: 1, TOTAL: quote.body.TOTAL, BILLINGJSON: null, CARD: card, ATTJSON: checkoutContact() };
      return call<PayResponse>({}, 'POST', '/checkout/pay', body, { ...cart, 'idempotency-key': randomUUID() });
    };
    const declined = await guestPays({ ...SANDBOX_VISA, CC: '4000000000000002' });
    expect(declined.body.ERRORS).toEqual(['Your card was declined.']);
    const paid = await guestPays(SANDBOX_VISA);
    expect(paid.body.ERRORS).toEqual([]);
    const store = shop.app.get<EventStore>(EVENT_STORE);
    const clock = new SystemClock();
    const refunded = await refundOrder(
      { store, gateway: createPaymentGateway(shop.shop.config, shop.shop.pool, clock), clock },
      { onum: Number(paid.body.ONUM), amountCents: null, reason: 'Bought by mistake', by: 'finance', key: null },
    );
    expect(refunded.outcome).toBe('refunded');
    // Two appends that both expect a new stream: the second one conflicts.
    const metadata = {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actorId: 'test',
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    };
    const event = { type: 'ProbeHappened', data: {}, metadata };
    const streamId = `probe-${randomUUID()}`;
    await store.append(streamId, [event], 'no_stream');
    await expect(store.append(streamId, [event], 'no_stream')).rejects.toThrow();

    const samples = await scrape();
    const grew = (name: string, labels: Record<string, string>) =>
      valueOf(samples, name, labels) - valueOf(before, name, labels);
    expect(grew('shop_payments_total', { gateway: 'sandbox', outcome: 'declined' })).toBe(1);
    expect(grew('shop_payments_total', { gateway: 'sandbox', outcome: 'approved' })).toBe(1);
    expect(grew('shop_payments_total', { gateway: 'sandbox', outcome: 'refunded' })).toBe(1);
    expect(grew('shop_event_append_conflicts_total', { category: 'probe' })).toBe(1);
    expect(grew('shop_event_appends_total', { category: 'probe' })).toBe(1);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is off in production (404) and kept to this machine otherwise', async () => {
    const { metricsAccess } = await import('../../apps/api/metrics/http-metrics.js');
    expect(metricsAccess({ NODE_ENV: 'production', METRICS_PORT: undefined, METRICS_TOKEN: undefined })).toBe('off');
    expect(metricsAccess({ NODE_ENV: 'development', METRICS_PORT: undefined, METRICS_TOKEN: undefined })).toBe(
      'loopback',
    );
    expect(metricsAccess({ NODE_ENV: 'production', METRICS_PORT: undefined, METRICS_TOKEN: TOKEN })).toBe('token');
    expect(metricsAccess({ NODE_ENV: 'production', METRICS_PORT: 9464, METRICS_TOKEN: TOKEN })).toBe('off');
  });
});
