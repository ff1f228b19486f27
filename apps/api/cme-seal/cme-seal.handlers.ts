import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SealOutcome } from '#libs/cme-seal/seal-runner.js';
import { CmeSealService } from './cme-seal.service.js';
import { SealCmeLogCommand } from './cme-seal.messages.js';

@CommandHandler(SealCmeLogCommand)
export class SealCmeLogHandler implements ICommandHandler<SealCmeLogCommand> {
  constructor(private readonly seals: CmeSealService) {}

  execute({ trigger }: SealCmeLogCommand): Promise<SealOutcome> {
    return this.seals.runner.seal(trigger, this.seals.systemContext());
  }
}
