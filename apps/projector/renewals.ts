import type pg from 'pg';
import { type Clock, SystemClock } from '#libs/application/clock.js';
import { decideAndAppend } from '#libs/application/decide-and-append.js';
import { Schedule } from '#libs/application/schedule.js';
import type { Config } from '#libs/config/config.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { createPaymentGateway } from '#libs/payments/create-payment-gateway.js';
import { RenewalLocks } from '#libs/renewals/renewal-locks.js';
import { RenewalReminders } from '#libs/renewals/renewal-reminders.js';
import { type RenewalPass, type RenewalPorts, RenewalRunner } from '#libs/renewals/renewal-runner.js';

/** The projector's renewals: the runner, its timer's start and its stop. */
export interface ProjectorRenewals {
  runner: RenewalRunner;
  /** One pass now (joins the one running). */
  runOnce(): Promise<RenewalPass>;
  /** A pass at once, then one every RENEWALS_EVERY_MINUTES (none when 0). */
  start(): void;
  stop(): Promise<void>;
}

/**
 * The automatic renewals in the scaled-out mode (docs/operations.md): the projector process runs the
 * same runner and reminders as the embedded shop (libs/renewals/), with the gateway of the
 * configuration, appending straight to the event store as the `system` actor. The grant of a paid
 * renewal and the customer's mails are left to the process managers every API replica runs from the log.
 */
export function projectorRenewals(deps: {
  config: Config;
  pool: pg.Pool;
  store: EventStore;
  logger: { info(message: string): void; error(message: string): void };
  clock?: Clock;
}): ProjectorRenewals {
  const { config, pool, store, logger } = deps;
  const clock = deps.clock ?? new SystemClock();
  const locks = new RenewalLocks(pool);
  const execute: RenewalPorts['execute'] = (context, streamId, decider, command) =>
    decideAndAppend(store, streamId, decider, command, context, { clock });
  const logError = (message: string) => logger.error(message);
  const reminders = new RenewalReminders({
    pool,
    clock,
    reminderDays: config.RENEWAL_REMINDER_DAYS,
    execute,
    logError,
  });
  const runner = new RenewalRunner({
    pool,
    store,
    clock,
    locks,
    gateway: createPaymentGateway(config, pool, clock),
    execute,
    grant: () => Promise.resolve(),
    logError,
  });
  // A pass a database outage cut short runs again once the database is back (libs/application/schedule.ts).
  const schedule = new Schedule<RenewalPass>({
    name: 'A renewal pass',
    everyMs: config.RENEWALS_EVERY_MINUTES * 60_000,
    run: async () => {
      const pass = await runner.pass();
      await reminders
        .pass()
        .catch((error: unknown) => logger.error(`A pass of renewal reminders failed: ${String(error)}`));
      return pass;
    },
    failed: {},
    logError: (message) => logger.error(message),
  });
  return {
    runner,
    runOnce: () => schedule.runOnce(),
    start: () => schedule.start(),
    async stop() {
      await schedule.stop();
      await locks.close();
    },
  };
}
