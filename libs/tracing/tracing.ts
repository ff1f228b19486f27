import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';

/** Requests nobody follows: probes and scrapes, many a minute, would fill the traces. */
const UNTRACED_PATHS = /^\/(api\/health|api\/ready|metrics)(\/|\?|$)/;

export interface TracingOptions {
  /** `service.name` of every span (`shop-api`, `shop-projector`). */
  serviceName: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: spans go to `<endpoint>/v1/traces` by OTLP/HTTP (JSON), in batches. */
  endpoint?: string;
  /** Instead of OTLP (tests): every span handed to this exporter as it ends. */
  exporter?: SpanExporter;
  /** Default `shopInstrumentations()`; a test passes its own to reach them. */
  instrumentations?: ReturnType<typeof shopInstrumentations>;
}

/** The instrumentations the shop runs: incoming and outgoing HTTP, Fastify's routes and hooks, and pg. */
export function shopInstrumentations() {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
      // Outgoing calls (a payment gateway, the OTLP exporter itself) only inside a traced request.
      requireParentforOutgoingSpans: true,
    }),
    // Fastify's own plugin, attached to every Fastify instance as it is created (a diagnostics channel
    // Fastify publishes, so it works for the ES-module import Nest makes): a span per request, hook and
    // handler, and the route template handed to the HTTP span, which is named `POST /api/checkout/pay` by it.
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      ignorePaths: (route) => UNTRACED_PATHS.test(route.url ?? ''),
    }),
    // Only queries made for a traced step: the projector's and relay's polling would fill traces with roots.
    new PgInstrumentation({ requireParentSpan: true }),
  ];
}

export interface Tracing {
  /** Exports what is still buffered, then stops tracing. */
  shutdown(): Promise<void>;
}

/**
 * Starts OpenTelemetry (docs/operations.md, Traces) with the HTTP and pg instrumentations, or nothing
 * at all without an endpoint or exporter: then no SDK is registered and every span of the shop is
 * OpenTelemetry's no-op. Must run before `http`, `pg` and any Fastify instance are loaded or made (the entry points import the
 * rest of the process after it), so the instrumentations can patch them through `require`.
 */
export function startTracing(options: TracingOptions): Tracing | null {
  if (!options.endpoint && !options.exporter) return null;
  const spanProcessor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint!.replace(/\/+$/, '')}/v1/traces` }));
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: [spanProcessor],
    instrumentations: options.instrumentations ?? shopInstrumentations(),
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
