import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { CertificateController } from './certificate.controller.js';
import { CmeClock } from './cme-clock.js';
import { CmeCommands } from './cme-commands.js';
import { CmeQueries } from './cme-queries.js';
import { CmeTests } from './cme-tests.js';
import { CmeController } from './cme.controller.js';

/**
 * CME (issue 11): the tests, the credits, the yearly dashboard, the certificate and its verification.
 * Stream `cme-{customerId}-{year}` (libs/domain/cme); read model libs/read-models/cme-totals.ts; the
 * accreditor's audit is `npm run cme:audit` (cme-audit.ts, docs/audit.md).
 */
@Module({
  imports: [IdentityModule],
  controllers: [CmeController, CertificateController],
  providers: [CmeClock, CmeTests, CmeQueries, CmeCommands],
})
export class CmeModule {}
