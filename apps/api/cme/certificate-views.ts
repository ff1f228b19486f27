import {
  type CmeCertificateActivity,
  type CmeCertificateInfo,
  type CmeCertificateStatements,
  type CmeCertificateStatus,
  type CmeCredentialPayload,
  type CmeVerifyResponse,
  CME_CERTIFICATE_VERSION,
  cmeStatusText,
} from '#libs/contracts/cme.js';
import type { CmePrintedActivity, CmePrintedLicence, CmePrintedProvider } from '#libs/domain/cme/cme.events.js';
import type { CmeIssuedCertificate, CmePrinted } from '#libs/domain/cme/cme.state.js';
import type { CmeCertificateRow } from '#libs/read-models/cme-certificates.js';
import type { CertificatePrint } from './certificate-pdf.js';

/**
 * The wire shapes of a certificate, all from what was issued (the event, as the read model holds it),
 * never from today's records: what the PDF prints, the verification's answer, the credential's payload.
 */

export const activityView = (a: CmePrintedActivity): CmeCertificateActivity => ({
  NAME: a.productName,
  PRODUCTID: a.productId,
  TYPE: a.testType,
  created_at: a.completedAt,
  TOTAL: a.credits,
  SAFETYCREDITS: a.safetyCredits,
  MAXCREDITS: a.maxCredits ?? null,
  DESIGNATION: a.designationStatement ?? null,
});

/** The provider, its statement and the licence a certificate printed (all null before version 3). */
export const statementsOf = (
  provider: CmePrintedProvider | null | undefined,
  licence: CmePrintedLicence | null | undefined,
): CmeCertificateStatements => ({
  PROVIDER: provider?.name ?? null,
  ACCREDITATION: provider?.accreditationStatement ?? null,
  LICENSESTATE: licence?.licenseState ?? null,
  LICENSENUMBER: licence?.licenseNumber ?? null,
  BOARDID: licence?.boardId ?? null,
});

const rowStatements = (row: CmeCertificateRow): CmeCertificateStatements =>
  statementsOf(
    row.providerName === null ? null : { name: row.providerName, accreditationStatement: row.accreditation ?? '' },
    row.licence,
  );

/** What a certificate about to be issued prints. */
export function printOf(
  printed: CmePrinted,
  issue: { number: string; year: number; verifyUrl: string; issuedAt: string; supersedes: string | null },
): CertificatePrint {
  return {
    NUMBER: issue.number,
    NAME: printed.name,
    YEAR: issue.year,
    TOTALCREDIT: printed.totalCredit,
    SAFETYTOTAL: printed.safetyTotal,
    ACTIVITIES: printed.activities.map(activityView),
    VERIFYURL: issue.verifyUrl,
    ISSUED_AT: issue.issuedAt,
    SUPERSEDES: issue.supersedes,
    ...statementsOf(printed.provider, printed.licence),
  };
}

/** The payload the credential signs: what the PDF printed, its bytes' hash, and who issued it. */
export function credentialPayloadOf(
  printed: CmePrinted,
  print: CertificatePrint,
  pdfSha256: string,
  issuer: string,
): CmeCredentialPayload {
  return {
    iss: issuer,
    iat: Math.floor(Date.parse(print.ISSUED_AT) / 1000),
    number: print.NUMBER,
    name: printed.name,
    year: print.YEAR,
    activities: printed.activities.map((a) => ({ ...a })),
    totalCredit: printed.totalCredit,
    safetyTotal: printed.safetyTotal,
    issuedAt: print.ISSUED_AT,
    pdfSha256,
    verifyUrl: print.VERIFYURL,
    supersedes: print.SUPERSEDES,
    // Version 3 signs the provider, its statements (the activities carry theirs) and the licence too.
    ...(printed.provider
      ? { version: CME_CERTIFICATE_VERSION, provider: { ...printed.provider }, licence: printed.licence ?? null }
      : {}),
  };
}

/** What the issue answers: the year's current certificate as the stream holds it (always version 2 there). */
export function issuedInfoOf(c: CmeIssuedCertificate, year: number): CmeCertificateInfo {
  const printed = c.printed ?? { name: '', activities: [], totalCredit: c.totalAtIssue, safetyTotal: 0 };
  return {
    ...printOf(printed, {
      number: c.number,
      year,
      verifyUrl: c.verifyUrl ?? '',
      issuedAt: c.issuedAt,
      supersedes: c.supersedes,
    }),
    PDFSHA256: c.pdfSha256 ?? '',
  };
}

/** A version 2 certificate as its issue answered it (the physician's GETs serve version 2 only). */
export function certificateInfoOf(row: CmeCertificateRow): CmeCertificateInfo {
  return {
    NUMBER: row.number,
    NAME: row.name ?? '',
    YEAR: row.year,
    TOTALCREDIT: row.totalCredit,
    SAFETYTOTAL: row.safetyTotal,
    ACTIVITIES: row.activities.map(activityView),
    VERIFYURL: row.verifyUrl ?? '',
    ISSUED_AT: row.issuedAt.toISOString(),
    PDFSHA256: row.pdfSha256 ?? '',
    SUPERSEDES: row.supersedes,
    ...rowStatements(row),
  };
}

const statusOf = (row: CmeCertificateRow): CmeCertificateStatus =>
  row.revokedAt ? 'revoked' : row.supersededBy ? 'superseded' : 'valid';

/**
 * The verification of a certificate. `nameNow` stands in for a version 1 certificate, which did not
 * record the name it printed; `sha256` is the hash of a PDF to compare with the one issued, if given.
 */
export function verifyViewOf(row: CmeCertificateRow, nameNow: string, sha256: string | null): CmeVerifyResponse {
  const view = {
    NUMBER: row.number,
    NAME: row.name ?? nameNow,
    YEAR: row.year,
    ACTIVITIES: row.activities.map(activityView),
    TOTALCREDIT: row.totalCredit,
    SAFETYTOTAL: row.safetyTotal,
    ISSUED_AT: row.issuedAt.toISOString(),
    VERSION: row.version,
    STATUS: statusOf(row),
    SUPERSEDED_BY: row.supersededBy,
    SUPERSEDES: row.supersedes,
    REVOKED_AT: row.revokedAt?.toISOString() ?? null,
    REVOKE_REASON: row.revokeReason,
    PDFSHA256: row.pdfSha256,
    CREDENTIAL: row.credential !== null,
    PDFMATCH: sha256 !== null && row.pdfSha256 !== null ? sha256 === row.pdfSha256 : null,
    ...rowStatements(row),
  };
  return { ...view, STATUSTEXT: cmeStatusText(view) };
}
