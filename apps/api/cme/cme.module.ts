import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { IdentityModule } from '../identity/index.js';
import { SigningModule } from '../signing/index.js';
import { CertificateFiles } from './certificate-files.js';
import { VerifyThrottle } from './certificate-throttle.js';
import { CertificateVerifyController } from './certificate-verify.controller.js';
import { CertificateController } from './certificate.controller.js';
import { CmeQueries } from './cme-queries.js';
import { CmeRetakes } from './cme-retake.js';
import { CmeTestList } from './cme-test-list.js';
import { CmeTests } from './cme-tests.js';
import { CmeController } from './cme.controller.js';
import { CME_HANDLERS } from './cme.handlers.js';

/**
 * CME (issue 11): the tests, the credits, the yearly dashboard, the certificate and its verification.
 * Stream `cme-{customerId}-{year}` (libs/domain/cme), written by the commands of cme.messages.ts (the
 * demo seed sends them too); read model libs/read-models/cme-totals.ts; the
 * accreditor's audit is `npm run cme:audit` (cme-audit.ts, docs/audit.md).
 */
@Module({
  imports: [IdentityModule, CatalogModule, SigningModule],
  controllers: [CmeController, CertificateController, CertificateVerifyController],
  providers: [CmeTests, CmeQueries, CmeTestList, CmeRetakes, CertificateFiles, VerifyThrottle, ...CME_HANDLERS],
})
export class CmeModule {}
