import { CME_CERTIFICATE_VERSION, CME_TEST_MAX_CREDITS, countOf } from '#libs/contracts/cme.js';
import { DomainError } from '../kernel/decider.js';
import { canonicalJson } from './cme.chain.js';
import type {
  CmePrintFacts,
  CmeProviderStatements,
  IssueCmeCertificate,
  RevokeCmeCertificate,
} from './cme.commands.js';
import { CmeErrors, type CmeErrorCode } from './cme.errors.js';
import type { CmeCertificateIssued, CmeCertificateRevoked, CmeEvent, CmePrintedLicence } from './cme.events.js';
import { fromHalves, toHalves } from './cme.scoring.js';
import type { CmePrinted, CmePrintedNow, CmeState } from './cme.state.js';

/**
 * The certificate rules of the CME year (stream `cme-{customerId}-{year}`): what a certificate
 * prints, when an issue answers the current certificate again or supersedes it, and revocation.
 */

const fail = (code: CmeErrorCode): never => {
  throw new DomainError(code, CmeErrors[code]);
};

/** A configured statement with its `{provider}` and `{credits}` filled in. */
const filled = (template: string, values: { provider: string; credits?: string }): string =>
  template.replaceAll('{provider}', values.provider).replaceAll('{credits}', values.credits ?? '{credits}');

/** The credit designation statement of an activity designated for at most `maxCredits`. */
export const designationOf = (provider: CmeProviderStatements, maxCredits: number): string =>
  filled(provider.designationStatement, {
    provider: provider.name,
    credits: countOf(maxCredits, provider.creditName.one, provider.creditName.other),
  });

/** The licence as printed: null when none of its fields was given. */
const licenceOf = (licence: CmePrintedLicence | null): CmePrintedLicence | null =>
  licence && (licence.licenseState || licence.licenseNumber || licence.boardId)
    ? { licenseState: licence.licenseState, licenseNumber: licence.licenseNumber, boardId: licence.boardId }
    : null;

/**
 * What a certificate issued now prints (version 3): the provider and its accreditation statement, the
 * physician's name and licence, and each completed activity of the year (a record whose counted credits
 * are above 0, first submitted first) with its date, the credits claimed, the most it is designated for
 * and its designation statement. An attempt without credit (no right answer, or nothing left under the
 * cap) is no completed activity: it is not printed.
 */
export function cmePrintedOf(state: CmeState, facts: CmePrintFacts): CmePrintedNow {
  const records = Object.values(state.records).filter((r) => r.creditsAwarded > 0);
  const { provider } = facts;
  return {
    name: facts.name,
    activities: records.map((r) => {
      const maxCredits = facts.maxCredits[r.productId] ?? CME_TEST_MAX_CREDITS;
      return {
        productId: r.productId,
        productName: r.productName,
        testType: r.testType,
        completedAt: r.submittedAt,
        credits: r.creditsAwarded,
        safetyCredits: r.safetyCredits,
        maxCredits,
        designationStatement: designationOf(provider, maxCredits),
      };
    }),
    totalCredit: state.total,
    safetyTotal: fromHalves(records.reduce((sum, r) => sum + toHalves(r.safetyCredits), 0)),
    provider: {
      name: provider.name,
      accreditationStatement: filled(provider.accreditationStatement, { provider: provider.name }),
    },
    licence: licenceOf(facts.licence),
  };
}

const samePrinted = (a: CmePrinted, b: CmePrinted): boolean => canonicalJson(a) === canonicalJson(b);

/** What a certificate certifies: the printed content less the completion dates (a retake for the same credits changes nothing). */
const creditsOf = (p: CmePrinted) => ({
  ...p,
  activities: p.activities.map(({ completedAt: _date, ...credit }) => credit),
});
const sameCredits = (a: CmePrinted, b: CmePrinted): boolean =>
  canonicalJson(creditsOf(a)) === canonicalJson(creditsOf(b));

/**
 * Issue: the current certificate again (nothing appended) while it certifies what would be printed now
 * (the same name, licence, provider and statements, activities, credits and totals); otherwise a new
 * number superseding it (a certificate of an earlier version, which printed less, is always
 * superseded). Refused after the current certificate was revoked, without the accreditor's
 * information or credits, and when the command's print no longer matches the stream.
 */
export function issueCertificate(command: IssueCmeCertificate, state: CmeState): CmeEvent[] {
  const current = state.certificate;
  const now = cmePrintedOf(state, command.facts);
  if (current?.revokedAt) fail('CME_CERTIFICATE_REVOKED');
  if (current?.printed && sameCredits(current.printed, now)) return [];
  if (!command.accreditorInfoRecorded) fail('CME_INFO_MISSING');
  if (!(state.total > 0)) fail('CME_NO_CREDITS');
  const supersedes = current?.number ?? null;
  // Printed from the stream as it was before a change that landed meanwhile (or a number already used).
  if (!samePrinted(command.printed, now) || command.supersedes !== supersedes || state.issued[command.number]) {
    fail('CME_CERTIFICATE_STALE');
  }
  const issued: CmeCertificateIssued = {
    type: 'CmeCertificateIssued',
    data: {
      customerId: command.customerId,
      year: command.year,
      number: command.number,
      totalAtIssue: state.total,
      issuedAt: command.now,
      prevHash: state.lastHash,
      version: CME_CERTIFICATE_VERSION,
      name: now.name,
      activities: now.activities,
      totalCredit: now.totalCredit,
      safetyTotal: now.safetyTotal,
      verifyUrl: command.verifyUrl,
      pdfSha256: command.pdfSha256,
      credential: command.credential,
      supersedes,
      provider: now.provider,
      licence: now.licence,
    },
  };
  return [issued];
}

/** Revoke: a number of this stream, once (a repeat appends nothing), with a reason. */
export function revokeCertificate(command: RevokeCmeCertificate, state: CmeState): CmeEvent[] {
  const issued = state.issued[command.number];
  if (!issued) fail('CME_CERTIFICATE_UNKNOWN');
  if (issued!.revokedAt) return [];
  const reason = command.reason.trim();
  const by = command.by.trim();
  if (reason === '' || by === '') fail('CME_REVOKE_REASON_REQUIRED');
  const revoked: CmeCertificateRevoked = {
    type: 'CmeCertificateRevoked',
    data: {
      customerId: command.customerId,
      year: command.year,
      number: command.number,
      reason,
      revokedBy: by,
      revokedAt: command.now,
      prevHash: state.lastHash,
    },
  };
  return [revoked];
}

/** The state after a certificate event (`lastHash` is the decider's). */
export function evolveCertificate(
  state: CmeState,
  event: CmeCertificateIssued | CmeCertificateRevoked,
  lastHash: string,
): CmeState {
  const d = event.data;
  if (event.type === 'CmeCertificateRevoked') {
    const revokedAt = event.data.revokedAt;
    const certificate =
      state.certificate?.number === d.number ? { ...state.certificate, revokedAt } : state.certificate;
    return { ...state, certificate, issued: { ...state.issued, [d.number]: { revokedAt } }, lastHash };
  }
  const i = event.data;
  // Each version as it printed: a version 3 print carries its provider and licence, a version 2 print none.
  const printed: CmePrinted | null =
    i.version === 2 || i.version === 3
      ? {
          name: i.name ?? '',
          activities: i.activities ?? [],
          totalCredit: i.totalCredit ?? i.totalAtIssue,
          safetyTotal: i.safetyTotal ?? 0,
          ...(i.version === 3 ? { provider: i.provider, licence: i.licence ?? null } : {}),
        }
      : null;
  return {
    ...state,
    certificate: {
      number: i.number,
      issuedAt: i.issuedAt,
      totalAtIssue: i.totalAtIssue,
      printed,
      pdfSha256: i.pdfSha256 ?? null,
      verifyUrl: i.verifyUrl ?? null,
      supersedes: i.supersedes ?? null,
      revokedAt: null,
    },
    issued: { ...state.issued, [i.number]: { revokedAt: null } },
    lastHash,
  };
}
