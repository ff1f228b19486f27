import type pg from 'pg';
import { type Clock, SystemClock } from '#libs/application/clock.js';
import { Schedule } from '#libs/application/schedule.js';
import type { CmeSealRunner, SealOutcome } from '#libs/cme-seal/seal-runner.js';
import { standaloneSealRunner } from '#libs/cme-seal/standalone-seal-runner.js';
import type { Config } from '#libs/config/config.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { systemContext } from '#libs/application/command-context.js';

/** The projector's seals of the CME log: the runner, its timer's start and its stop. */
export interface ProjectorSeals {
  runner: CmeSealRunner;
  /** The scheduled seal of the current period now (joins the one running). */
  runOnce(): Promise<SealOutcome | null>;
  /** A seal at once, then one every SEAL_EVERY_HOURS (none when 0). */
  start(): void;
  stop(): Promise<void>;
}

/**
 * The seal schedule in the scaled-out mode (docs/audit.md, Seals): the projector process runs the same
 * runner as the embedded shop (libs/cme-seal/seal-runner.ts) as the `system` actor, appending straight
 * to the event store; the relay then publishes the seal on the Kafka topic like every event. Any number
 * of nodes records one seal per period.
 */
export function projectorSeals(deps: {
  config: Config;
  pool: pg.Pool;
  store: EventStore;
  logger: { info(message: string): void; error(message: string): void };
  clock?: Clock;
}): ProjectorSeals {
  const { config, pool, store, logger } = deps;
  const runner = standaloneSealRunner({ config, pool, store, clock: deps.clock ?? new SystemClock() });
  // A seal a database outage stopped runs again once the database is back (libs/application/schedule.ts).
  const schedule = new Schedule<SealOutcome | null>({
    name: 'Sealing the CME log',
    everyMs: config.SEAL_EVERY_HOURS * 3_600_000,
    run: async () => {
      const outcome = await runner.seal('schedule', systemContext());
      if (outcome.status === 'sealed') {
        logger.info(
          `CME log sealed: ${outcome.seal.streams.length} stream(s) changed, root ${outcome.seal.merkleRoot}`,
        );
      }
      return outcome;
    },
    failed: null,
    logError: (message) => logger.error(message),
  });
  return {
    runner,
    runOnce: () => schedule.runOnce(),
    start: () => schedule.start(),
    async stop() {
      runner.stopWaiting();
      await schedule.stop();
      await runner.close();
    },
  };
}
