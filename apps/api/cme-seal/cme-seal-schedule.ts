import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Schedule } from '#libs/application/schedule.js';
import type { SealOutcome } from '#libs/cme-seal/seal-runner.js';
import type { Config } from '#libs/config/config.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { SealCmeLogCommand } from './cme-seal.messages.js';
import { CmeSealService } from './cme-seal.service.js';

/**
 * The seal schedule in the embedded shop: at start and every SEAL_EVERY_HOURS (0: neither; tests call
 * `runOnce`) SealCmeLogCommand of trigger `schedule`; a seal a database outage stopped runs again once
 * the database is back (libs/application/schedule.ts). A scaled-out API replica (RUN_PROJECTIONS=false)
 * runs no timer: the projector process does (apps/projector/cme-seals.ts). Any number of nodes records
 * one seal per period (an advisory lock, and the decider refuses a second seal of a period).
 */
@Injectable()
export class CmeSealSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CmeSealSchedule.name);
  private readonly schedule: Schedule<SealOutcome | null>;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly commandBus: CommandBus,
    private readonly seals: CmeSealService,
  ) {
    this.schedule = new Schedule<SealOutcome | null>({
      name: 'Sealing the CME log',
      everyMs: config.SEAL_EVERY_HOURS * 3_600_000,
      run: async () => {
        const outcome = await this.commandBus.execute(new SealCmeLogCommand('schedule'));
        if (outcome.status === 'sealed') {
          this.logger.log(
            `CME log sealed: ${outcome.seal.streams.length} stream(s) changed, root ${outcome.seal.merkleRoot}`,
          );
        }
        return outcome;
      },
      failed: null,
      logError: (message) => this.logger.error(message),
    });
  }

  onApplicationBootstrap(): void {
    // One at start too (not awaited: the shop opens meanwhile), so a shop restarted daily still seals.
    if (this.config.RUN_PROJECTIONS) this.schedule.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.seals.runner.stopWaiting();
    await this.schedule.stop();
  }

  /** The scheduled seal of the current period; one asked for while one runs in this process joins it. */
  runOnce(): Promise<SealOutcome | null> {
    return this.schedule.runOnce();
  }
}
