import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import {
  activeTraceIds,
  activeTraceparent,
  inBatchSpan,
  inSpan,
  parseTraceparent,
} from '#libs/tracing/trace-context.js';
import { startTracing, type Tracing } from '#libs/tracing/tracing.js';

const traceparent = (traceId: string, spanId = 'b'.repeat(16)) => `00-${traceId}-${spanId}-01`;
const event = (value?: string) => ({ metadata: value ? { traceparent: value } : {} });

describe('trace context', () => {
  it('reads only a well-formed, valid traceparent', () => {
    expect(parseTraceparent(traceparent('a'.repeat(32)))).toMatchObject({ traceId: 'a'.repeat(32), traceFlags: 1 });
    for (const bad of [
      undefined,
      42,
      '',
      '01-' + 'a'.repeat(32) + '-' + 'b'.repeat(16) + '-01',
      traceparent('0'.repeat(32)),
    ])
      expect(parseTraceparent(bad)).toBeUndefined();
  });

  it('off (no SDK started): no traceparent, no ids, the work still runs', async () => {
    await expect(inSpan('x', {}, async () => [activeTraceparent(), activeTraceIds()])).resolves.toEqual([
      undefined,
      {},
    ]);
  });

  describe('with the SDK', () => {
    const exporter = new InMemorySpanExporter();
    let tracing: Tracing | null;
    beforeAll(() => {
      tracing = startTracing({ serviceName: 'test', exporter, instrumentations: [] });
    });
    afterAll(() => tracing?.shutdown());
    beforeEach(() => exporter.reset());

    it('a batch of one trace is a child of its append; of several, linked to each, with a span in each', async () => {
      const one = 'a'.repeat(32);
      const two = 'c'.repeat(32);
      await inBatchSpan('projection.apply', [event(traceparent(one)), event(traceparent(one))], {}, async () => {
        expect(activeTraceIds().traceId).toBe(one);
      });
      let batchTrace: string | undefined;
      await inBatchSpan(
        'projection.apply',
        [event(traceparent(one)), event(), event(traceparent(two))],
        {},
        async () => {
          batchTrace = activeTraceIds().traceId;
        },
      );
      const spans = exporter.getFinishedSpans();
      expect(spans[0]!.parentSpanContext?.spanId).toBe('b'.repeat(16));
      const batch = spans.find((s) => s.spanContext().traceId === batchTrace)!;
      expect(batch.links.map((l) => l.context.traceId)).toEqual([one, two]);
      for (const traceId of [one, two]) {
        const inTrace = spans.filter((s) => s.spanContext().traceId === traceId && s !== spans[0]);
        expect(inTrace).toHaveLength(1);
        expect(inTrace[0]!.links[0]!.context.spanId).toBe(batch.spanContext().spanId);
      }
    });

    it('a failed step marks its span failed and throws on', async () => {
      await expect(inSpan('x', {}, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect(exporter.getFinishedSpans()[0]!.status.code).toBe(2);
    });
  });
});
