import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import { CmeSealRunner } from '#libs/cme-seal/seal-runner.js';
import type { Config } from '#libs/config/config.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { CONFIG, EVENT_STORE, PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { RequestContext } from '../kernel/request-context.js';
import { SIGNER, type Signer } from '../signing/index.js';
import { systemContext } from '#libs/application/command-context.js';

/**
 * The seal runner (libs/cme-seal/seal-runner.ts) in an API process: its append goes through
 * EventSourcedService in a context of its own (the system actor), like any command's.
 */
@Injectable()
export class CmeSealService implements OnApplicationShutdown {
  readonly runner: CmeSealRunner;

  constructor(
    @Inject(PG_POOL) pool: Pool,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(CONFIG) config: Config,
    @Inject(SIGNER) signer: Signer,
    eventSourced: EventSourcedService,
    private readonly context: RequestContext,
    clock: Clock,
  ) {
    this.runner = new CmeSealRunner({
      pool,
      store,
      signer,
      clock,
      everyHours: config.SEAL_EVERY_HOURS,
      execute: (ctx, streamId, decider, command) =>
        context.run(ctx, () => eventSourced.execute(streamId, decider, command)),
    });
  }

  /** The context of a seal nobody asked for in a request. */
  systemContext() {
    return systemContext();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.close();
  }
}
