import pino from 'pino';
import { SystemClock } from '#libs/application/clock.js';
import { ShutdownStack } from '#libs/application/shutdown-stack.js';
import type { Config } from '#libs/config/config.js';
import { createPool } from '#libs/database/pools.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { withAppendMetrics } from '#libs/metrics/instrumented-event-store.js';
import { startMetricsServer } from '#libs/metrics/metrics-server.js';
import { collectProcessMetrics, namePaymentGateway, watchPool } from '#libs/metrics/metrics.js';
import { allReadModels } from '#libs/read-models/index.js';
import { startKafkaRelay, startProjections } from '#libs/read-models/run-projections.js';
import { activeTraceIds } from '#libs/tracing/trace-context.js';
import type { Tracing } from '#libs/tracing/tracing.js';
import { projectorSeals } from './cme-seals.js';
import { projectorRenewals } from './renewals.js';

/**
 * The projector process of the scaled-out mode (docs/conventions.md): the same projections the
 * embedded shop runs in-process, the schedules of automatic renewals and of the CME log's seals, plus the Kafka relay when
 * KAFKA_BROKERS is set. The api replicas then run with RUN_PROJECTIONS=false. Logs are JSON lines (pino),
 * with the trace ids of the span they are written in. Started by main.ts once tracing is.
 */
export async function runProjectorProcess(config: Config, tracing: Tracing | null): Promise<void> {
  const log = pino({ level: config.LOG_LEVEL, base: { process: 'projector' }, mixin: activeTraceIds });

  if (!config.DATABASE_URL) {
    // No embedded database here: several processes must share one PostgreSQL.
    process.stderr.write(
      'Invalid configuration: DATABASE_URL is required by the projector process (scaled-out mode)\n',
    );
    process.exit(1);
  }

  const stops = new ShutdownStack((error) => log.error({ err: error }, 'error while stopping'));
  // Stopped last: the spans still buffered are exported.
  if (tracing) stops.push(() => tracing.shutdown());
  const stopAll = (): Promise<void> => stops.stopAll();

  let stopping = false;
  function onSignal(signal: NodeJS.Signals): void {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    void stopAll().then(() => {
      log.info('stopped');
      process.exit(0);
    });
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // A broker that is still starting is waited for; a signal meanwhile stops cleanly.
  try {
    const clock = new SystemClock();
    // An idle connection dropped by the server (a restart, a failover) must not end the process.
    const pool = createPool({ connectionString: config.DATABASE_URL, max: 10 }, (error) => {
      if (!stopping) log.warn({ err: error.message }, 'idle database connection closed');
    });
    stops.push(() => pool.end());
    // Its metrics (docs/operations.md, Metrics) on METRICS_PORT: this process has no other HTTP port.
    collectProcessMetrics();
    namePaymentGateway(config.PAYMENT_GATEWAY);
    watchPool('projector', pool);
    if (config.METRICS_PORT !== undefined) {
      const metrics = await startMetricsServer({
        port: config.METRICS_PORT,
        host: config.HOST,
        token: config.METRICS_TOKEN,
      });
      stops.push(() => metrics.close());
      log.info({ port: metrics.port }, 'metrics served');
    }
    // Fail fast with one line when the database cannot be reached.
    await pool.query('SELECT 1');

    const store = withAppendMetrics(await createEventStore(config, pool));
    stops.push(() => store.close());

    const host = { pool, store, logger: log, clock, stops };
    await startProjections(host);
    log.info(
      { readModels: allReadModels.map((m) => m.name), eventStore: config.EVENTSTORE_URL ? 'eventstoredb' : 'postgres' },
      'projections running',
    );

    // The automatic renewals of the scaled-out mode (the api replicas, RUN_PROJECTIONS=false, run none).
    const renewals = projectorRenewals({
      config,
      pool,
      store,
      logger: { info: (message) => log.info(message), error: (message) => log.error(message) },
    });
    renewals.start();
    stops.push(() => renewals.stop());

    // The seals of the CME log in the scaled-out mode (the api replicas run none); they are signed with a
    // key encrypted under DOB_ENCRYPTION_KEY, which every process of that mode is given.
    if (config.DOB_ENCRYPTION_KEY) {
      const seals = projectorSeals({
        config,
        pool,
        store,
        logger: { info: (message) => log.info(message), error: (message) => log.error(message) },
      });
      seals.start();
      stops.push(() => seals.stop());
    } else if (config.SEAL_EVERY_HOURS > 0) {
      log.error('DOB_ENCRYPTION_KEY is not set: the CME log is not sealed (the signing keys are encrypted with it)');
    }

    if (config.KAFKA_BROKERS) await startKafkaRelay(host, { brokers: config.KAFKA_BROKERS, topic: config.KAFKA_TOPIC });
    if (!stopping) log.info('projector started');
  } catch (error) {
    // After a signal the stop path owns the exit; otherwise one clear line, then exit.
    if (!stopping) {
      log.fatal({ err: error }, 'projector could not start');
      await stopAll();
      process.stderr.write(
        `The projector could not start: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    }
  }
}
