import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { SealOutcome } from '#libs/cme-seal/seal-runner.js';
import type { Config } from '#libs/config/config.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { SealCmeLogCommand } from './cme-seal.messages.js';
import { CmeSealService } from './cme-seal.service.js';

/**
 * The seal schedule in the embedded shop: at start and every SEAL_EVERY_HOURS (0: neither; tests call
 * `runOnce`) SealCmeLogCommand of trigger `schedule`. A scaled-out API replica (RUN_PROJECTIONS=false)
 * runs no timer: the projector process does (apps/projector/cme-seals.ts). Any number of nodes records
 * one seal per period (an advisory lock, and the decider refuses a second seal of a period).
 */
@Injectable()
export class CmeSealSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CmeSealSchedule.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SealOutcome | null> | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly commandBus: CommandBus,
    private readonly seals: CmeSealService,
  ) {}

  onApplicationBootstrap(): void {
    const hours = this.config.SEAL_EVERY_HOURS;
    if (hours === 0 || !this.config.RUN_PROJECTIONS) return;
    // One at start too (not awaited: the shop opens meanwhile), so a shop restarted daily still seals.
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), hours * 3_600_000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.seals.runner.stopWaiting();
    await this.running;
  }

  /** The scheduled seal of the current period; one asked for while one runs in this process joins it. */
  runOnce(): Promise<SealOutcome | null> {
    this.running ??= this.commandBus
      .execute(new SealCmeLogCommand('schedule'))
      .then((outcome) => {
        if (outcome.status === 'sealed') {
          this.logger.log(`CME log sealed: ${outcome.seal.streams.length} streams, root ${outcome.seal.merkleRoot}`);
        }
        return outcome;
      })
      .catch((error: unknown) => {
        this.logger.error(`Sealing the CME log failed: ${String(error)}`);
        return null;
      })
      .finally(() => (this.running = null));
    return this.running;
  }
}
