import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Schedule } from '#libs/application/schedule.js';
import type { Config } from '#libs/config/config.js';
import type { RenewalPass } from '#libs/renewals/renewal-runner.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { RenewalService } from './renewal.service.js';
import { RenewSubscriptionCommand } from './renewals.messages.js';

/**
 * The schedule of automatic renewals in the embedded shop: at start and every RENEWALS_EVERY_MINUTES
 * (0: neither; tests call `runOnce`) one pass of the runner (libs/renewals/renewal-runner.ts), each
 * renewal sent as RenewSubscriptionCommand, then one of the reminders before renewals
 * (libs/renewals/renewal-reminders.ts); a pass a database outage cut short runs again once the database
 * is back (libs/application/schedule.ts). A scaled-out API replica (RUN_PROJECTIONS=false) runs no timer:
 * the projector process does (apps/projector/renewals.ts). Any number of runners is safe all the same: a
 * renewal's stream lets only one of them start it.
 */
@Injectable()
export class RenewalSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RenewalSchedule.name);
  private readonly schedule: Schedule<RenewalPass>;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly renewals: RenewalService,
    private readonly commandBus: CommandBus,
  ) {
    this.schedule = new Schedule({
      name: 'A renewal pass',
      everyMs: config.RENEWALS_EVERY_MINUTES * 60_000,
      run: async () => {
        const pass = await this.renewals.runner.pass((key) =>
          this.commandBus.execute(new RenewSubscriptionCommand(key.customerId, key.subscriptionType, key.period)),
        );
        await this.renewals.reminders.pass().catch((error: unknown) => {
          this.logger.error(`A pass of renewal reminders failed: ${String(error)}`);
        });
        return pass;
      },
      failed: {},
      logError: (message) => this.logger.error(message),
    });
  }

  onApplicationBootstrap(): void {
    // A pass at start too (not awaited: the shop opens meanwhile), so a shop restarted more often than the timer renews.
    if (this.config.RUN_PROJECTIONS) this.schedule.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.schedule.stop();
  }

  /** One pass; a pass asked for while one runs in this process joins it. */
  runOnce(): Promise<RenewalPass> {
    return this.schedule.runOnce();
  }
}
