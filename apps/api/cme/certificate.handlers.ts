import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { CME_CREDENTIAL_TYPE } from '#libs/contracts/cme.js';
import { decryptCmeLicence } from '#libs/crypto/cme-licence.js';
import { cmePrintedOf } from '#libs/domain/cme/cme.certificate.js';
import type { CmePrintFacts, CmeProviderStatements, IssueCmeCertificate } from '#libs/domain/cme/cme.commands.js';
import { type CmeEvent, type CmePrintedLicence, cmeStreamId } from '#libs/domain/cme/cme.events.js';
import type { CmeIssuedCertificate, CmeState } from '#libs/domain/cme/cme.state.js';
import { fold } from '#libs/domain/kernel/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { SIGNER, type Signer } from '#libs/signing/signer.js';
import { CONFIG, EVENT_STORE } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { CertificateFiles } from './certificate-files.js';
import { newCertificateNumber } from './certificate-number.js';
import { renderCertificatePdf, sha256OfBytes } from './certificate-pdf.js';
import { credentialPayloadOf, printOf } from './certificate-views.js';
import { cmeDecider } from './cme-hash.js';
import { CmeQueries } from './cme-queries.js';
import { IssueCmeCertificateCommand } from './cme.messages.js';

/** The accreditation a certificate states, as configured (CME_PROVIDER_NAME and the others; demo wording by default). */
export const providerStatementsOf = (config: Config): CmeProviderStatements => ({
  name: config.CME_PROVIDER_NAME,
  accreditationStatement: config.CME_ACCREDITATION_STATEMENT,
  designationStatement: config.CME_DESIGNATION_STATEMENT,
  creditName: { one: config.CME_CREDIT_NAME, other: config.CME_CREDIT_NAME_PLURAL },
});

/**
 * Issues the year's certificate as a document. The decider is asked first on the stream as read (it is
 * pure: nothing is written): a refusal, or the current certificate printing the same, answers without a
 * print. Otherwise the PDF is rendered (with the verify address and its QR code), its bytes kept, its
 * SHA-256 and the signed credential of what it prints recorded in CmeCertificateIssued through the one
 * write path, which decides again on the fresh stream: a change landed meanwhile refuses the print
 * (409), a twin issue that won the race is answered instead. A print not issued is let go.
 */
@CommandHandler(IssueCmeCertificateCommand)
export class IssueCmeCertificateHandler implements ICommandHandler<IssueCmeCertificateCommand> {
  private readonly logger = new Logger('CmeCertificate');

  constructor(
    private readonly eventSourced: EventSourcedService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly queries: CmeQueries,
    private readonly files: CertificateFiles,
    @Inject(SIGNER) private readonly signer: Signer,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ customerId, year, origin }: IssueCmeCertificateCommand): Promise<CmeIssuedCertificate> {
    const streamId = cmeStreamId(customerId, year);
    const state = fold(cmeDecider, (await this.store.readStream(streamId)) as unknown as CmeEvent[]);
    const [facts, infoMissing] = await Promise.all([
      this.factsOf(customerId, state),
      this.queries.infoMissing(customerId),
    ]);
    const number = newCertificateNumber(year);
    const command: IssueCmeCertificate = {
      type: 'IssueCmeCertificate',
      customerId,
      year,
      number,
      accreditorInfoRecorded: !infoMissing,
      now: this.clock.now().toISOString(),
      facts,
      printed: cmePrintedOf(state, facts),
      verifyUrl: `${origin}/verify/${number}`,
      supersedes: state.certificate?.number ?? null,
      pdfSha256: '',
      credential: '',
    };
    if (cmeDecider.decide(command, state).length === 0) return state.certificate!;

    const print = printOf(command.printed, { ...command, issuedAt: command.now });
    const pdf = await renderCertificatePdf(print);
    const pdfSha256 = sha256OfBytes(pdf);
    const payload = credentialPayloadOf(command.printed, print, pdfSha256, origin);
    const { jws } = await this.signer.sign({ ...payload }, CME_CREDENTIAL_TYPE);
    await this.files.keep({ number, customerId, year, sha256: pdfSha256, pdf });
    let issued = false;
    try {
      const result = await this.eventSourced.execute(streamId, cmeDecider, { ...command, pdfSha256, credential: jws });
      issued = result.events.length > 0;
      return result.state.certificate!;
    } finally {
      if (!issued) await this.files.discard(number);
    }
  }

  /** What the certificate prints beside the stream: the name, the licence, the configured statements, the catalog's maxima. */
  private async factsOf(customerId: string, state: CmeState): Promise<CmePrintFacts> {
    const [name, licence, maxCredits] = await Promise.all([
      this.queries.physicianName(customerId),
      this.licenceOf(customerId),
      this.queries.maxCreditsOf(Object.values(state.records).map((r) => r.productId)),
    ]);
    return { name, provider: providerStatementsOf(this.config), licence, maxCredits };
  }

  /**
   * The CME info tab's licence and board id, decrypted as the PARS export does (DOB_ENCRYPTION_KEY).
   * One that cannot be decrypted with the configured key is not printed (logged, never the value), as
   * the tab then shows none: the certificate a corrected key prints later supersedes this one.
   */
  private async licenceOf(customerId: string): Promise<CmePrintedLicence | null> {
    const encrypted = await this.queries.encryptedLicence(customerId);
    const key = this.config.DOB_ENCRYPTION_KEY;
    if (encrypted === null || !key) return null;
    try {
      return decryptCmeLicence(encrypted, key);
    } catch {
      this.logger.warn(`The CME licence fields of customer ${customerId} cannot be decrypted with the configured key`);
      return null;
    }
  }
}
