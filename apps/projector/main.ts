// Only the configuration is imported statically: tracing, when on, must be in place before the
// process loads pg, so the rest is imported after (docs/operations.md, Traces).
import { loadConfig } from '#libs/config/config.js';

const config = loadConfig();
// The OpenTelemetry SDK is loaded only when traces go somewhere: it is a large part of a process's start.
const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
  ? (await import('#libs/tracing/tracing.js')).startTracing({
      serviceName: config.OTEL_SERVICE_NAME ?? 'shop-projector',
      endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    })
  : null;
const { runProjectorProcess } = await import('./projector-process.js');
await runProjectorProcess(config, tracing);
