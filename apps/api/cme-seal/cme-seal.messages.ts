import { Command } from '@nestjs/cqrs';
import type { SealTrigger } from '#libs/domain/cme-seal/cme-seal.events.js';
import type { SealOutcome } from '#libs/cme-seal/seal-runner.js';

/** Seals the CME log now (the schedule's seal of this period, or one on demand). */
export class SealCmeLogCommand extends Command<SealOutcome> {
  constructor(readonly trigger: SealTrigger) {
    super();
  }
}
