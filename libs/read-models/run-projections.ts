import type pg from 'pg';
import type { Clock } from '#libs/application/clock.js';
import type { ShutdownStack } from '#libs/application/shutdown-stack.js';
import type { DatabaseHealth } from '#libs/database/database-health.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { KafkaRelay, type RelayLogger } from '#libs/kafka/kafka-relay.js';
import { countProjectionFailure, watchProjections, watchRelay } from '#libs/metrics/metrics.js';
import { lagAfter, projectionLags } from '#libs/metrics/projection-lag.js';
import { allReadModels } from './index.js';
import { Projector } from './projector.js';

/** What the process running the projections (the embedded shop, or the projector process) hands over. */
export interface ProjectionsHost {
  pool: pg.Pool;
  store: EventStore;
  logger: RelayLogger;
  clock: Clock;
  /** Where each part started pushes its stop. */
  stops: ShutdownStack;
  /** Told of the database faults the projections meet (readiness says them); the projector process has none. */
  database?: Pick<DatabaseHealth, 'noteError'>;
  /** Read models whose version changed are rebuilt once this settles (the embedded shop: its port open). */
  rebuildAfter?: Promise<unknown>;
}

/**
 * Starts every read model's projection, its failures counted and its lag exported by this process
 * (docs/operations.md, Metrics); resolves once they run.
 */
export async function startProjections({
  pool,
  store,
  logger,
  clock,
  stops,
  database,
  rebuildAfter,
}: ProjectionsHost): Promise<void> {
  const projector = new Projector({
    pool,
    store,
    readModels: allReadModels,
    logger,
    ...(rebuildAfter ? { rebuildAfter } : {}),
    onFailure: (models, error) => {
      countProjectionFailure(models, clock.now());
      database?.noteError(error);
    },
  });
  await projector.start();
  stops.push(() => projector.stop());
  const names = allReadModels.map((m) => m.name);
  const unwatch = watchProjections(() => projectionLags(pool, store, names, clock.now()));
  stops.push(async () => void unwatch());
}

/**
 * Starts relaying the event log to Kafka, its lag exported by this process. The answer settles when
 * the relay runs (it waits for a broker that is still starting, retrying); its stop is pushed at once.
 */
export function startKafkaRelay(
  { pool, store, logger, clock, stops }: ProjectionsHost,
  kafka: { brokers: readonly string[]; topic: string },
): Promise<void> {
  const relay = new KafkaRelay({ pool, store, brokers: kafka.brokers, topic: kafka.topic, logger });
  stops.push(() => relay.stop());
  const unwatch = watchRelay(async () => ({
    name: kafka.topic,
    ...(await lagAfter(store, relay.position, clock.now())),
  }));
  stops.push(async () => void unwatch());
  return relay.start();
}
