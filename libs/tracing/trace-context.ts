import {
  type Attributes,
  type Context,
  context,
  type Link,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/**
 * The shop's own spans and the W3C trace context (traceparent) events carry (docs/operations.md,
 * Traces). Without a started SDK (libs/tracing/tracing.ts) every call here meets OpenTelemetry's no-op
 * tracer: no span is recorded, no traceparent is written, nothing is exported.
 */
const tracer = () => trace.getTracer('shop');

/** version 00, trace id, parent span id, flags (https://www.w3.org/TR/trace-context/#traceparent-header). */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A batch spread over more traces than this gets links to the first ones and no span in the others. */
const MAX_TRACES_PER_BATCH = 100;

export { SpanKind };

export function formatTraceparent(spanContext: SpanContext): string {
  return `00-${spanContext.traceId}-${spanContext.spanId}-${(spanContext.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** The span context a traceparent names; undefined for anything else (absent, malformed, all zeros). */
export function parseTraceparent(value: unknown): SpanContext | undefined {
  const match = typeof value === 'string' ? TRACEPARENT.exec(value) : null;
  if (!match) return undefined;
  const spanContext: SpanContext = {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: Number.parseInt(match[3]!, 16),
    isRemote: true,
  };
  return trace.isSpanContextValid(spanContext) ? spanContext : undefined;
}

/** The traceparent of the span running now; undefined when none records (tracing off, or outside any trace). */
export function activeTraceparent(): string | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && trace.isSpanContextValid(spanContext) ? formatTraceparent(spanContext) : undefined;
}

/** `{traceId, spanId}` of the span running now, for log lines; `{}` outside any trace. */
export function activeTraceIds(): { traceId?: string; spanId?: string } {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return {};
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent (default: the active context). */
  parent?: Context;
  links?: Link[];
}

/** Runs `work` inside a new active span; a throw marks the span as failed and goes on. */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const { parent, ...spanOptions } = options;
  return tracer().startActiveSpan(name, spanOptions, parent ?? context.active(), async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The distinct trace contexts a batch of events was appended under, in order of first appearance. */
function tracesOf(events: readonly { metadata: { traceparent?: string } }[]): SpanContext[] {
  const seen = new Map<string, SpanContext>();
  for (const event of events) {
    const spanContext = parseTraceparent(event.metadata.traceparent);
    if (spanContext && !seen.has(spanContext.traceId)) seen.set(spanContext.traceId, spanContext);
  }
  return [...seen.values()];
}

/**
 * Runs `work` on a batch of events (a projection, a Kafka publish) so that each request's trace shows it.
 * A batch appended under one trace (the usual live case: one request's append) gets one span, a child of
 * that append. A batch from several requests gets one span of its own, linked to each of their appends,
 * plus a short span in each of those traces linked back to it, so no request's trace misses the step.
 */
export async function inBatchSpan<T>(
  name: string,
  events: readonly { metadata: { traceparent?: string } }[],
  options: { kind?: SpanKind; attributes?: Attributes },
  work: () => Promise<T>,
): Promise<T> {
  const traces = tracesOf(events);
  if (traces.length <= 1) {
    const parent = traces[0] ? trace.setSpanContext(ROOT_CONTEXT, traces[0]) : ROOT_CONTEXT;
    return inSpan(name, { ...options, parent }, () => work());
  }
  const linked = traces.slice(0, MAX_TRACES_PER_BATCH);
  const started = Date.now();
  return inSpan(
    name,
    { ...options, parent: ROOT_CONTEXT, links: linked.map((c) => ({ context: c })) },
    async (batchSpan) => {
      let failed = false;
      try {
        return await work();
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        for (const requestTrace of linked) {
          const span = tracer().startSpan(
            name,
            {
              ...options,
              startTime: started,
              links: [{ context: batchSpan.spanContext() }],
              attributes: { ...options.attributes, 'shop.batch.traces': traces.length },
            },
            trace.setSpanContext(ROOT_CONTEXT, requestTrace),
          );
          if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        }
      }
    },
  );
}
