import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '#libs/payments/payment-gateway.js';
import { RenewalLocks } from '#libs/renewals/renewal-locks.js';
import { RenewalReminders } from '#libs/renewals/renewal-reminders.js';
import { type RenewalPorts, RenewalRunner } from '#libs/renewals/renewal-runner.js';
import { OrderPaidProcessManager } from '../entitlements/index.js';
import { CONFIG, EVENT_STORE, PG_POOL } from '../infrastructure/tokens.js';
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
  /** The reminders before renewals, run by the same schedule. */
  readonly reminders: RenewalReminders;

  constructor(
    @Inject(PG_POOL) pool: Pool,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(PAYMENT_GATEWAY) gateway: PaymentGateway,
    @Inject(CONFIG) config: Config,
    eventSourced: EventSourcedService,
    orderPaid: OrderPaidProcessManager,
    context: RequestContext,
    clock: Clock,
  ) {
    this.locks = new RenewalLocks(pool);
    const execute: RenewalPorts['execute'] = (ctx, streamId, decider, command) =>
      context.run(ctx, () => eventSourced.execute(streamId, decider, command));
    const logError = (message: string) => this.logger.error(message);
    this.reminders = new RenewalReminders({
      pool,
      clock,
      reminderDays: config.RENEWAL_REMINDER_DAYS,
      execute,
      logError,
    });
    this.runner = new RenewalRunner({
      pool,
      store,
      gateway,
      clock,
      locks: this.locks,
      execute,
      grant: async (paid) => {
        await orderPaid.handle(paid);
      },
      logError,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.locks.close();
  }
}
