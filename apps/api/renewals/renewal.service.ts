import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import type { Mailer } from '#libs/mail/mailer.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '#libs/payments/payment-gateway.js';
import { RenewalLocks } from '#libs/renewals/renewal-locks.js';
import { RenewalRunner } from '#libs/renewals/renewal-runner.js';
import { OrderPaidProcessManager } from '../entitlements/index.js';
import { publicBaseUrl } from '../identity/index.js';
import { CONFIG, EVENT_STORE, MAILER, PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { RequestContext } from '../kernel/request-context.js';

/**
 * The renewals' runner (libs/renewals/renewal-runner.ts) in an API process: its appends go through
 * EventSourcedService in the renewal's own context (system actor), so they are published and waited
 * for like a request's; a paid renewal is granted at once by the OrderPaid process manager.
 */
@Injectable()
export class RenewalService implements OnApplicationShutdown {
  private readonly logger = new Logger(RenewalService.name);
  private readonly locks: RenewalLocks;
  readonly runner: RenewalRunner;

  constructor(
    @Inject(PG_POOL) pool: Pool,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(PAYMENT_GATEWAY) gateway: PaymentGateway,
    @Inject(MAILER) mailer: Mailer,
    @Inject(CONFIG) config: Config,
    eventSourced: EventSourcedService,
    orderPaid: OrderPaidProcessManager,
    context: RequestContext,
    clock: Clock,
  ) {
    this.locks = new RenewalLocks(pool);
    this.runner = new RenewalRunner({
      pool,
      store,
      gateway,
      mailer,
      clock,
      locks: this.locks,
      baseUrl: publicBaseUrl(config),
      execute: (ctx, streamId, decider, command) =>
        context.run(ctx, () => eventSourced.execute(streamId, decider, command)),
      grant: async (paid) => {
        await orderPaid.handle(paid);
      },
      logError: (message) => this.logger.error(message),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.locks.close();
  }
}
