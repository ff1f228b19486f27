/**
 * Wire shapes of the CME certificate (signed-in section 8 "download certificate") and its public
 * verification: what a certificate prints, what verification answers, the signed credential's payload
 * and their texts. Re-exported by ./cme.ts, the CME contract's one import.
 */
import type { CmeTestType } from './cme-test-type.js';
/** The GETs of a certificate not issued yet (POST /api/cme/certificate issues it). */
export const CME_CERTIFICATE_NOT_ISSUED = 'No CME certificate has been issued for this year yet.';
/** An issue after the year's certificate was revoked (`npm run cme:revoke`). */
export const CME_CERTIFICATE_REVOKED_ERROR =
  'Your CME certificate for this year was revoked, so no new one can be issued. Please contact us.';
/** A revocation needs its reason and the operator. */
export const CME_REVOKE_REASON_REQUIRED = 'A revocation needs a reason and the name of who revokes.';
/** Verification beyond its limit per address (429). */
export const CME_VERIFY_TOO_MANY =
  'Too many certificate checks from your address. Please wait 15 minutes and try again.';
/** A certificate issued before signed credentials existed (version 1). */
export const CME_CREDENTIAL_NONE = 'This certificate has no signed credential: it was issued before they existed.';
export const CME_SHA256_INVALID = 'sha256 must be the 64 hexadecimal characters of a SHA-256.';
export const CME_PDF_REQUIRED = 'Send the certificate PDF as the request body (Content-Type application/pdf).';
/** The verify page's headline for each status (ours: the spec is silent). */
export const CME_VERIFY_HEADLINES: Record<CmeCertificateStatus, string> = {
  valid: 'This is a genuine CME certificate.',
  superseded: 'This is a genuine CME certificate, but a later certificate replaces it.',
  revoked: 'This certificate was revoked: it no longer attests these credits.',
};
/** The verify page's answer to a PDF (or its hash) checked against the certificate issued. */
export const CME_PDF_MATCH = 'This is the certificate we issued.';
export const CME_PDF_MISMATCH =
  'This is not the certificate we issued: the file differs from the PDF issued under this number.';
export const CME_PDF_UNCHECKABLE =
  'This certificate was issued before we kept its PDF, so no file can be checked against it.';
/** The largest PDF the verify call reads (what the shop issues is far smaller). */
export const CME_PDF_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The version of what a certificate issued now prints: 3 names the accredited provider, the
 * accreditation and credit designation statements and the learner's licence, and prints only activities
 * that earned credit. Version 2 printed the credits only (with any record, 0 credits too), version 1
 * recorded its total only; both stay verifiable as they were printed.
 */
export const CME_CERTIFICATE_VERSION = 3;

/** An activity on the certificate. */
export interface CmeCertificateActivity {
  /** The activity's title (the product's name). */
  NAME: string;
  PRODUCTID: number;
  TYPE: CmeTestType;
  /** ISO 8601: the completion date printed. */
  created_at: string;
  /** The credits claimed (counted after the cap). */
  TOTAL: number;
  SAFETYCREDITS: number;
  /** The most the activity is designated for (the catalog's CREDITS when printed); null before version 3. */
  MAXCREDITS: number | null;
  /** The credit designation statement printed for it; null before version 3. */
  DESIGNATION: string | null;
}

/** What a version 3 certificate prints beside the credits; null on the earlier versions, which printed none of it. */
export interface CmeCertificateStatements {
  /** The accredited provider's name. */
  PROVIDER: string | null;
  /** The accreditation statement. */
  ACCREDITATION: string | null;
  /** The learner's state medical licence (USPS code and number) and ABMS board id, each null when not given. */
  LICENSESTATE: string | null;
  LICENSENUMBER: string | null;
  BOARDID: string | null;
}

/**
 * The learner's identifiers as a certificate prints them under the name: "State medical license: MO
 * 2004018352 · ABMS board ID: ABS-118822", each part only when given; null without either.
 */
export function cmeLicenceLine(v: Pick<CmeCertificateStatements, 'LICENSESTATE' | 'LICENSENUMBER' | 'BOARDID'>) {
  const parts: string[] = [];
  if (v.LICENSESTATE && v.LICENSENUMBER) parts.push(`State medical license: ${v.LICENSESTATE} ${v.LICENSENUMBER}`);
  if (v.BOARDID) parts.push(`ABMS board ID: ${v.BOARDID}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** POST /api/cme/certificate and GET /api/cme/certificate/info?year=YYYY: what the issued PDF prints. */
export interface CmeCertificateInfo extends CmeCertificateStatements {
  NUMBER: string;
  NAME: string;
  YEAR: number;
  TOTALCREDIT: number;
  SAFETYTOTAL: number;
  ACTIVITIES: CmeCertificateActivity[];
  /** {PUBLIC_URL or origin}/verify/{NUMBER}, printed with its QR code. */
  VERIFYURL: string;
  /** ISO 8601: when this certificate was issued. */
  ISSUED_AT: string;
  /** SHA-256 (hex) of the PDF's bytes as issued. */
  PDFSHA256: string;
  /** The number this certificate superseded, or null. */
  SUPERSEDES: string | null;
}

/** What verification says of a certificate: valid, superseded by a later one, or revoked. */
export const CME_CERTIFICATE_STATUSES = ['valid', 'superseded', 'revoked'] as const;
export type CmeCertificateStatus = (typeof CME_CERTIFICATE_STATUSES)[number];

/** GET /api/cme/verify/:number (public): the certificate as issued, never today's figures. */
export interface CmeVerifyResponse extends CmeCertificateStatements {
  NUMBER: string;
  NAME: string;
  YEAR: number;
  /** The activities as printed ([] for a version 1 certificate, which recorded its total only). */
  ACTIVITIES: CmeCertificateActivity[];
  TOTALCREDIT: number;
  SAFETYTOTAL: number;
  ISSUED_AT: string;
  /**
   * CME_CERTIFICATE_VERSION (3) for one naming the provider, the statements and the licence; 2 for one
   * recording the credits it printed; 1 for one issued before.
   */
  VERSION: number;
  STATUS: CmeCertificateStatus;
  /** cmeStatusText of the fields below: "Valid", "Superseded by {number}", "Revoked on {date}: {reason}". */
  STATUSTEXT: string;
  SUPERSEDED_BY: string | null;
  SUPERSEDES: string | null;
  REVOKED_AT: string | null;
  REVOKE_REASON: string | null;
  /** SHA-256 (hex) of the PDF as issued; null for a version 1 certificate. */
  PDFSHA256: string | null;
  /** A signed credential can be downloaded (GET /api/cme/verify/:number/credential). */
  CREDENTIAL: boolean;
  /** When a PDF or ?sha256= was given: true when it is byte for byte the PDF issued; null otherwise. */
  PDFMATCH: boolean | null;
}

/** The status line of a verified certificate (dates as YYYY-MM-DD). */
export function cmeStatusText(v: Pick<CmeVerifyResponse, 'STATUS' | 'SUPERSEDED_BY' | 'REVOKED_AT' | 'REVOKE_REASON'>) {
  if (v.STATUS === 'revoked') return `Revoked on ${(v.REVOKED_AT ?? '').slice(0, 10)}: ${v.REVOKE_REASON ?? ''}`;
  if (v.STATUS === 'superseded') return `Superseded by ${v.SUPERSEDED_BY ?? ''}`;
  return 'Valid';
}

/**
 * The payload of a certificate's signed credential (a compact JWS, EdDSA/Ed25519, header `typ`
 * CME_CREDENTIAL_TYPE, `kid` one of the keys published at /.well-known/jwks.json): what the PDF printed.
 */
export interface CmeCredentialPayload {
  /** The shop that issued it (its public address). */
  iss: string;
  /** Seconds since 1970: when it was issued. */
  iat: number;
  number: string;
  name: string;
  year: number;
  activities: {
    productId: number;
    productName: string;
    testType: CmeTestType;
    completedAt: string;
    credits: number;
    safetyCredits: number;
    /** Version 3: the most the activity is designated for, and its designation statement as printed. */
    maxCredits?: number;
    designationStatement?: string;
  }[];
  totalCredit: number;
  safetyTotal: number;
  issuedAt: string;
  pdfSha256: string;
  verifyUrl: string;
  supersedes: string | null;
  /** 3 (CME_CERTIFICATE_VERSION); absent in the credentials of version 2, which signed none of the fields below. */
  version?: number;
  /** The accredited provider and its accreditation statement as printed. */
  provider?: { name: string; accreditationStatement: string };
  /** The learner's licence and board id as printed; null when none was given. */
  licence?: { licenseState: string | null; licenseNumber: string | null; boardId: string | null } | null;
}
export const CME_CREDENTIAL_TYPE = 'cme-certificate+jws';

/** The certificate's file name, and its signed credential's. */
export const cmeCertificateFileName = (year: number): string => `cme-certificate-${year}.pdf`;
export const cmeCredentialFileName = (year: number): string => `cme-certificate-${year}.jws`;
