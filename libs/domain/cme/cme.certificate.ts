import { DomainError } from '../kernel/decider.js';
import { canonicalJson } from './cme.chain.js';
import type { IssueCmeCertificate, RevokeCmeCertificate } from './cme.commands.js';
import { CmeErrors, type CmeErrorCode } from './cme.errors.js';
import type { CmeCertificateIssued, CmeCertificateRevoked, CmeEvent } from './cme.events.js';
import { fromHalves, toHalves } from './cme.scoring.js';
import type { CmePrinted, CmeState } from './cme.state.js';

/**
 * The certificate rules of the CME year (stream `cme-{customerId}-{year}`): what a certificate
 * prints, when an issue answers the current certificate again or supersedes it, and revocation.
 */

const fail = (code: CmeErrorCode): never => {
  throw new DomainError(code, CmeErrors[code]);
};

/**
 * What a certificate issued now prints: every completed activity of the year (a record whose counted
 * credits are above 0, first submitted first) with its counted credits. An attempt without credit (no
 * right answer, or nothing left under the cap) is no completed activity: it is not printed.
 */
export function cmePrintedOf(state: CmeState, name: string): CmePrinted {
  const records = Object.values(state.records).filter((r) => r.creditsAwarded > 0);
  return {
    name,
    activities: records.map((r) => ({
      productId: r.productId,
      productName: r.productName,
      testType: r.testType,
      completedAt: r.submittedAt,
      credits: r.creditsAwarded,
      safetyCredits: r.safetyCredits,
    })),
    totalCredit: state.total,
    safetyTotal: fromHalves(records.reduce((sum, r) => sum + toHalves(r.safetyCredits), 0)),
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
 * (the same name, activities, credits and totals); otherwise a new number superseding it (a version 1 certificate, which recorded no content, is always
 * superseded). Refused after the current certificate was revoked, without the accreditor's
 * information or credits, and when the command's print no longer matches the stream.
 */
export function issueCertificate(command: IssueCmeCertificate, state: CmeState): CmeEvent[] {
  const current = state.certificate;
  const now = cmePrintedOf(state, command.printed.name);
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
      version: 2,
      name: now.name,
      activities: now.activities,
      totalCredit: now.totalCredit,
      safetyTotal: now.safetyTotal,
      verifyUrl: command.verifyUrl,
      pdfSha256: command.pdfSha256,
      credential: command.credential,
      supersedes,
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
  const printed: CmePrinted | null =
    i.version === 2
      ? {
          name: i.name ?? '',
          activities: i.activities ?? [],
          totalCredit: i.totalCredit ?? i.totalAtIssue,
          safetyTotal: i.safetyTotal ?? 0,
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
