// Only what starts tracing is imported statically: the instrumentations must be in place before the
// process loads pg, so the rest is imported after (docs/operations.md, Traces).
import { loadConfig } from '#libs/config/config.js';
import { startTracing } from '#libs/tracing/tracing.js';

const config = loadConfig();
const tracing = startTracing({
  serviceName: config.OTEL_SERVICE_NAME ?? 'shop-projector',
  endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
});
const { runProjectorProcess } = await import('./projector-process.js');
await runProjectorProcess(config, tracing);
