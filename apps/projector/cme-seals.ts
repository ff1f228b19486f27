import type pg from 'pg';
import { type Clock, SystemClock } from '#libs/application/clock.js';
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
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<SealOutcome | null> | null = null;
  const runOnce = (): Promise<SealOutcome | null> =>
    (running ??= runner
      .seal('schedule', systemContext())
      .then((outcome) => {
        if (outcome.status === 'sealed') {
          logger.info(`CME log sealed: ${outcome.seal.streams.length} streams, root ${outcome.seal.merkleRoot}`);
        }
        return outcome;
      })
      .catch((error: unknown) => {
        logger.error(`Sealing the CME log failed: ${String(error)}`);
        return null;
      })
      .finally(() => (running = null)));
  return {
    runner,
    runOnce,
    start() {
      const hours = config.SEAL_EVERY_HOURS;
      if (hours === 0) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), hours * 3_600_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      runner.stopWaiting();
      await running;
      await runner.close();
    },
  };
}
