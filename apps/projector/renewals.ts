import type pg from 'pg';
import { type Clock, SystemClock } from '#libs/application/clock.js';
import { decideAndAppend } from '#libs/application/decide-and-append.js';
import { Schedule } from '#libs/application/schedule.js';
import type { Config } from '#libs/config/config.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { createMailer, type MailLogger } from '#libs/mail/mailer.js';
import { createPaymentGateway } from '#libs/payments/create-payment-gateway.js';
import { RenewalLocks } from '#libs/renewals/renewal-locks.js';
import { type RenewalPass, RenewalRunner } from '#libs/renewals/renewal-runner.js';

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
 * same runner as the embedded shop (libs/renewals/renewal-runner.ts), with the gateway and mailer of
 * the configuration, appending straight to the event store as the `system` actor. The grant of a paid
 * renewal is left to the OrderPaid process manager every API replica runs from the log.
 */
export function projectorRenewals(deps: {
  config: Config;
  pool: pg.Pool;
  store: EventStore;
  logger: MailLogger & { error(message: string): void };
  clock?: Clock;
}): ProjectorRenewals {
  const { config, pool, store, logger } = deps;
  const clock = deps.clock ?? new SystemClock();
  const locks = new RenewalLocks(pool);
  const runner = new RenewalRunner({
    pool,
    store,
    clock,
    locks,
    gateway: createPaymentGateway(config, pool, clock),
    mailer: createMailer(config, pool, logger),
    baseUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    execute: (context, streamId, decider, command) =>
      decideAndAppend(store, streamId, decider, command, context, { clock }),
    grant: () => Promise.resolve(),
    logError: (message) => logger.error(message),
  });
  // A pass a database outage cut short runs again once the database is back (libs/application/schedule.ts).
  const schedule = new Schedule<RenewalPass>({
    name: 'A renewal pass',
    everyMs: config.RENEWALS_EVERY_MINUTES * 60_000,
    run: () => runner.pass(),
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
