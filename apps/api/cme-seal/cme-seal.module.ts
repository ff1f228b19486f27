import { Module } from '@nestjs/common';
import { SigningModule } from '../signing/index.js';
import { CmeSealSchedule } from './cme-seal-schedule.js';
import { SealCmeLogHandler } from './cme-seal.handlers.js';
import { CmeSealService } from './cme-seal.service.js';

/**
 * The seals of the CME log (libs/domain/cme-seal; docs/audit.md, Seals): the schedule (a timer, and
 * `runOnce` for tests), SealCmeLogCommand and its handler, the runner with the shop's signer.
 * `npm run cme:seal` (cme-seal.ts) seals on demand from the command line.
 */
@Module({
  imports: [SigningModule],
  providers: [CmeSealService, SealCmeLogHandler, CmeSealSchedule],
})
export class CmeSealModule {}
