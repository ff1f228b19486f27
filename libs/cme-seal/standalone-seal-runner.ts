import type { Pool } from 'pg';
import type { Clock } from '#libs/application/clock.js';
import { decideAndAppend } from '#libs/application/decide-and-append.js';
import type { Config } from '#libs/config/config.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { createSigner } from '#libs/signing/create-signer.js';
import { CmeSealRunner } from './seal-runner.js';

/**
 * The seal runner outside the API (the projector process of the scaled-out mode, `npm run cme:seal`):
 * the shop's signer on the same database, appending straight to the event store.
 */
export function standaloneSealRunner(deps: {
  config: Pick<Config, 'DOB_ENCRYPTION_KEY' | 'SEAL_EVERY_HOURS'>;
  pool: Pool;
  store: EventStore;
  clock: Clock;
}): CmeSealRunner {
  const { config, pool, store, clock } = deps;
  return new CmeSealRunner({
    pool,
    store,
    clock,
    signer: createSigner(config, pool, clock),
    everyHours: config.SEAL_EVERY_HOURS,
    execute: (context, streamId, decider, command) =>
      decideAndAppend(store, streamId, decider, command, context, { clock }),
  });
}
