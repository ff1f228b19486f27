import { setTimeout as sleep } from 'node:timers/promises';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { shopInstrumentations, startTracing, type Tracing } from '#libs/tracing/tracing.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { patchHttpForJest } from './jest-http.js';
import { tracedGuestCheckout } from './traced-checkout.js';

/**
 * Issue 23, one request followed end to end, in one process (the embedded mode): with an in-memory
 * exporter, one checkout is one trace holding its HTTP requests, their commands, the appends and the
 * projection of what they appended, each span the child of the one that caused it.
 */
describe('tracing: one checkout, one trace', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | null;
  let unpatch: () => void = () => undefined;
  let shop: TestApp;
  beforeAll(async () => {
    const instrumentations = shopInstrumentations();
    tracing = startTracing({ serviceName: 'shop-api', exporter, instrumentations });
    unpatch = patchHttpForJest(instrumentations);
    // With a broker (`npm test` starts one, KAFKA_BROKERS) the shop relays its events too.
    const kafka = process.env.KAFKA_BROKERS;
    shop = await createTestApp({
      seedDemo: true,
      env: kafka ? { KAFKA_BROKERS: kafka, KAFKA_TOPIC: `shop-events-tracing-${Date.now()}` } : {},
    });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    unpatch();
    await tracing?.shutdown();
  });

  const named = (spans: ReadableSpan[], name: string | RegExp) =>
    spans.filter((s) => (typeof name === 'string' ? s.name === name : name.test(s.name)));
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

  it('spans the HTTP requests, the commands, the appends and the projections, and the events carry it', async () => {
    exporter.reset();
    const { traceId, onum } = await tracedGuestCheckout(shop.baseUrl);
    const traced = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const spans = traced();
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));

    const pay = named(spans, 'POST /api/checkout/pay');
    expect(pay).toHaveLength(1);
    expect(named(spans, 'POST /api/cart/items')).toHaveLength(1);
    expect(named(spans, 'POST /api/checkout/quote')).toHaveLength(1);

    // Fastify's plugin traced the request inside Fastify, below the HTTP span, and its handler.
    const request = named(spans, 'request').find((s) => parentOf(s) === pay[0]!.spanContext().spanId);
    expect(request?.attributes['http.route']).toBe('/api/checkout/pay');
    expect(named(spans, /^handler - /).some((s) => parentOf(s) === request!.spanContext().spanId)).toBe(true);

    // The pay's commands run inside its HTTP span, each append inside a command.
    const commands = named(spans, /^command /);
    expect(commands.map((s) => s.name)).toEqual(expect.arrayContaining(['command PlaceOrder', 'command PayOrder']));
    const appends = named(spans, 'eventstore.append');
    expect(appends.length).toBeGreaterThan(0);
    for (const append of appends) expect(byId.get(parentOf(append)!)?.name).toMatch(/^command /);
    const placeOrder = named(spans, 'command PlaceOrder')[0]!;
    let up: ReadableSpan | undefined = placeOrder;
    while (up && !up.name.startsWith('POST ')) up = byId.get(parentOf(up)!);
    expect(up?.name).toBe('POST /api/checkout/pay');

    // Each append's events were projected in a span of this trace, the append's child.
    const projections = named(spans, 'projection.apply');
    expect(projections.length).toBeGreaterThan(0);
    for (const projection of projections) expect(byId.get(parentOf(projection)!)?.name).toBe('eventstore.append');

    // With Kafka, the relay's publish of those events is in the trace too.
    if (process.env.KAFKA_BROKERS) {
      const deadline = Date.now() + 20_000;
      while (named(traced(), /^kafka\.publish /).length === 0 && Date.now() < deadline) await sleep(100);
      expect(named(traced(), /^kafka\.publish /).length).toBeGreaterThan(0);
    }

    // The trace context is in the events' metadata.
    const { rows } = await shop.shop.pool.query<{ traceparent: string | null }>(
      `SELECT metadata->>'traceparent' AS traceparent FROM es_events WHERE stream_id = $1`,
      [`order-${onum}`],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  });
});
