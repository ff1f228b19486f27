/**
 * Wire shapes of CME (signed-in sections 2 "CME center and test", 3 "CME summary" and "CME test", 4,
 * 6, 7, 8, 9): the yearly dashboard, the test of a product, its save, the yearly certificate and the
 * public verification. Field names are the spec's (upper case). Types and constants only: nothing
 * here runs.
 *
 * Every call but verify carries the Bearer token. Errors have the usual body (libs/contracts/errors.ts
 * ErrorBody), whose `ERROR` is the text the screens show (signed-in section 8 "CME save failure
 * shows the ERROR field from the server").
 *
 * Endpoints (all under /api):
 *   GET  /api/cme/summary?year=YYYY            (roles cme or cmePrint) -> CmeSummaryResponse
 *          year 2020..current year (default the current year); 400 otherwise
 *   GET  /api/cme/tests                        (role cme)              -> CmeTestListResponse
 *          the tests this user can take this year, each with its state (not taken, taken, retake available)
 *   GET  /api/cme/tests/:TYPE/:ID              (role cme)              -> CmeTestResponse
 *          TYPE one of CME_TEST_TYPES ('streaming' for a streaming product, 'module' for a CME module
 *          product); 400 for a bad TYPE/ID, 404 CME_TEST_NOT_FOUND for a product without CME credits
 *   POST /api/cme/tests/:TYPE/:ID              (role cme) CmeTestSaveRequest -> CmeTestSaveResponse
 *          400 (ERROR) for missing or out-of-range answers; 404 as above; 409 (ERROR cmeRetakeClosedMessage)
 *          for a retake before RETAKE_OPENS_AT, or (ERROR CONCURRENT_CHANGE) when the year's record kept
 *          changing under concurrent submits (submit again). The yearly cap reached is not an error: 200
 *          with TOTAL 0 (or the part that fits) and CAPPED 1.
 *   POST /api/cme/certificate?year=YYYY        (roles cme or cmePrint) -> CmeCertificateInfo
 *          issues the year's certificate: prints the PDF (kept as issued, its SHA-256 recorded) and its
 *          signed credential; a repeat while the year prints the same answers the same certificate, a
 *          changed year issues a new number superseding it; 400 (ERROR CME_INFO_MISSING_ERROR) without a
 *          date of birth; 409 (ERROR CME_NO_CREDITS) without credits that year, CME_CERTIFICATE_REVOKED_ERROR
 *          after the year's certificate was revoked, or CONCURRENT_CHANGE; 400 for a bad year
 *   GET  /api/cme/certificate?year=YYYY        (roles cme or cmePrint) -> application/pdf, the bytes issued
 *   GET  /api/cme/certificate/info?year=YYYY   (roles cme or cmePrint) -> CmeCertificateInfo
 *   GET  /api/cme/certificate/credential?year=YYYY (roles cme or cmePrint) -> application/jose (compact JWS)
 *          the three only read the year's current certificate as issued: 404 (ERROR
 *          CME_CERTIFICATE_NOT_ISSUED) before the POST; 400 for a bad year
 *   GET  /api/cme/verify/:number[?sha256=HEX]  (public)               -> CmeVerifyResponse
 *   POST /api/cme/verify/:number  (public, body application/pdf)      -> CmeVerifyResponse with PDFMATCH
 *   GET  /api/cme/verify/:number/credential    (public)               -> application/jose (compact JWS)
 *          404 with CERTIFICATE_UNKNOWN for a number no certificate carries (the same text for every
 *          number); 429 CME_VERIFY_TOO_MANY beyond the checks allowed per address
 *
 * The web page `verify/{number}` calls the verify endpoint; the certificate's verification address
 * is `{PUBLIC_URL or the request's origin}/verify/{number}`.
 */
import { LONG_VIEW_SECONDS } from './streaming.js';

/** Kinds of CME tests: the route cme/{TYPE}/{ID}. `streaming`: a streaming product with CREDITS; `module`: a CME module (product TYPE cme). */
export const CME_TEST_TYPES = ['streaming', 'module'] as const;
export type CmeTestType = (typeof CME_TEST_TYPES)[number];

/** Business constants (signed-in section 9). */
export const CME_CREDIT_PER_ANSWER = 0.5;
export const CME_QUESTIONS_PER_TEST = 4;
export const CME_OPTIONS_PER_QUESTION = 4;
export const CME_YEARLY_CAP = 20;
/** The most a test can give: four questions at 0.5 (a product's CREDITS may not promise more). */
export const CME_TEST_MAX_CREDITS = CME_QUESTIONS_PER_TEST * CME_CREDIT_PER_ANSWER;
export const CME_FIRST_YEAR = 2020;
/** The year choices: 2020 to the current year (the spec's list ends at 2025, the year it was written). */
export const cmeYearChoices = (currentYear: number): number[] =>
  Array.from({ length: currentYear - CME_FIRST_YEAR + 1 }, (_, i) => currentYear - i);

/** Messages, word for word (signed-in sections 2 and 8). */
export const CME_TEST_HEADING = 'Please Answer the Following Questions And Click Submit';
export const cmeSubmittedMessage = (n: number): string =>
  `You have successfully submitted this record for ${n} CME credits.`;
export const cmePriorRecordMessage = (n: number): string => `You have received ${n} CME credits from this test.`;
export const cmeNoRecordsMessage = (year: number): string => `No records found for ${year}.`;
export const CME_INFO_MISSING_BANNER =
  'Before you can download your CME certificate please fill in the required information by our CME Accreditor';
export const CME_GO_TO_FORM = 'Go To Form';
/** The verify call's 404 text (and the verify page's), for a number no certificate carries. */
export const CERTIFICATE_UNKNOWN = 'Unknown certificate: no CME certificate carries this number.';
/** The test page's confirmation before a retake (ours: the spec is silent). */
export const CME_RETAKE_TITLE = 'Replace your earlier credits?';
export const cmeRetakeWarning = (n: number): string =>
  `${cmePriorRecordMessage(n)} Submitting again replaces them with the credits of these answers, even if that is fewer.`;
export const CME_RETAKE_CONFIRM = 'Submit and replace';
/**
 * The retake policy (ours, docs/decisions.md): a test taken this year opens again 24 hours after its
 * last submit, or at once when a long view of the product's video (LONG_VIEW_SECONDS) was recorded
 * after that submit. A submit before then is refused (409) and records nothing.
 */
export const CME_RETAKE_COOLDOWN_HOURS = 24;
const REWATCH = `, or as soon as you have watched one of its videos again for more than ${LONG_VIEW_SECONDS / 60} minutes`;
/** The page's note before a submit; `byViewing`: the product has videos, so a long view opens it sooner. */
export const cmeRetakePolicyNote = (byViewing: boolean): string =>
  `After a submit, this test can be taken again ${CME_RETAKE_COOLDOWN_HOURS} hours later${byViewing ? REWATCH : ''}.`;
/** When a retake opens, as the server words it: UTC, to the minute (the page shows the browser's time zone). */
export const cmeRetakeTimeUtc = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
/** The 409 of a submit in the cooldown (ERROR), and the test page's notice; `when` is a formatted time. */
export const cmeRetakeClosedMessage = (when: string, byViewing: boolean): string =>
  `You submitted this test less than ${CME_RETAKE_COOLDOWN_HOURS} hours ago. You can take it again from ${when}${byViewing ? REWATCH : ''}.`;
/** ERROR texts of this feature (not in the spec; ours). */
export const CME_ANSWERS_REQUIRED = 'Please answer all four questions.';
export const CME_CAP_REACHED = 'You have reached the 20 CME credit limit for this year; no further credits were added.';
export const CME_TEST_NOT_FOUND = 'There is no CME test for this product.';
export const CME_INFO_MISSING_ERROR = CME_INFO_MISSING_BANNER;
export const CME_NO_CREDITS = 'There are no CME credits for this year yet, so there is no certificate to download.';
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

/** A row of the dashboard: one completed test (CME summary ROWS). */
export interface CmeSummaryRow {
  /** The record id (USERCMEID). */
  ID: string;
  /** ISO 8601 time of the last submit of this record. */
  created_at: string;
  /** The product's name. */
  NAME: string;
  /** Credits counted in the year (after the cap). */
  TOTAL: number;
  /** The part of TOTAL that is patient-safety credit (0 none). */
  SAFETYCREDITS: number;
  TYPE: CmeTestType;
  PRODUCTID: number;
}

/** GET /api/cme/summary?year=YYYY ("get CME summary ... for a year"). */
export interface CmeSummaryResponse {
  YEAR: number;
  TOTALCREDIT: number;
  SAFETYTOTAL: number;
  /** true when the accreditor's required information (the date of birth) is not recorded. */
  CMEINFOMISSING: boolean;
  ROWS: CmeSummaryRow[];
  /** The year choices, newest first (2020..current year). */
  YEARS: number[];
}

/** A question as the test shows it: text and four options; the answer key never leaves the server. */
export interface CmeQuestion {
  /** 1..4. */
  NUMBER: number;
  TEXT: string;
  /** Four options; an answer is the 0-based index of the chosen option. */
  OPTIONS: string[];
}

/** A question of an existing record: the answer given (0-based option index). */
export interface CmeAnsweredQuestion {
  NUMBER: number;
  ANSWER: number;
}

/** The record of this test in the current year, when one exists. */
export interface CmeExistingRecord {
  /** The record id (USERCMEID). */
  ID: string;
  /** The answers given at the last submit. */
  QUESTIONS: CmeAnsweredQuestion[];
  /** Credits counted for it (after the cap). */
  TOTAL: number;
  SAFETYCREDITS: number;
  created_at: string;
}

/** GET /api/cme/tests/:TYPE/:ID ("get ... test"). */
export interface CmeTestResponse {
  TYPE: CmeTestType;
  PRODUCTID: number;
  NAME: string;
  /** The product's CME credits and safety credits (what the catalog shows). */
  CREDITS: number;
  SAFETYCREDITS: number;
  QUESTIONS: CmeQuestion[];
  /** null: a new test (USERCMEID 0 on the first save). */
  RECORD: CmeExistingRecord | null;
  /** ISO 8601 (whole minute): a submit before it is refused (the retake policy); null: a submit is open now. */
  RETAKE_OPENS_AT: string | null;
  /** true when the product has videos: a long view of one after the last submit opens a retake at once. */
  RETAKE_BY_VIEWING: boolean;
}

/** POST /api/cme/tests/:TYPE/:ID ("save CME test"): four answers, 0-based option indexes, in question order. */
export interface CmeTestSaveRequest {
  ANSWERS: number[];
  /** The record being updated ('0' or absent for a new one). Informative: the server finds the record itself. */
  USERCMEID?: string;
}

/**
 * What a submit answers: the credits, never which answers were right (nor how many beyond what TOTAL
 * says), so the key cannot be read off the answers of a few submits.
 */
export interface CmeTestSaveResponse {
  /** Credits counted for this record (after the cap). */
  TOTAL: number;
  SAFETYCREDITS: number;
  /** The record id. */
  USERCMEID: string;
  /** 1 when the yearly cap cut this record's credits (MESSAGE then says so). */
  CAPPED: 0 | 1;
  /** The year's total after this save. */
  YEARTOTAL: number;
  /** cmeSubmittedMessage(TOTAL), or CME_CAP_REACHED when the cap left nothing. */
  MESSAGE: string;
  /** ISO 8601: when this test opens again (CME_RETAKE_COOLDOWN_HOURS later, sooner after a long view). */
  RETAKE_OPENS_AT: string;
}

/**
 * The state of a test in the current year: `not_taken`; `taken` (it earned all the credits a test of
 * it can give, so a retake cannot add any); `retake_available` (taken, with credits left to earn: a
 * retake replaces the record's credits).
 */
export const CME_TEST_STATES = ['not_taken', 'taken', 'retake_available'] as const;
export type CmeTestState = (typeof CME_TEST_STATES)[number];

/** One test of the CME center's list. */
export interface CmeTestListItem {
  TYPE: CmeTestType;
  PRODUCTID: number;
  NAME: string;
  /** The most the test gives: the product's CREDITS (at most CME_TEST_MAX_CREDITS). */
  CREDITS: number;
  /** The part of CREDITS that is patient-safety credit (0 none). */
  SAFETYCREDITS: number;
  STATE: CmeTestState;
  /** Credits counted this year from this test (after the cap); null when not taken. */
  TOTAL: number | null;
  /** ISO 8601 time of its last submit this year; null when not taken. */
  created_at: string | null;
  /**
   * For a `retake_available` test in the retake policy's cooldown: when it opens (ISO 8601, a whole
   * minute; sooner after a long view of its video). null when a submit is open now.
   */
  RETAKE_OPENS_AT: string | null;
}

/**
 * GET /api/cme/tests: the tests the user can take this year. The CME modules (product TYPE cme) bought
 * in an order paid this year, the tests of the streaming products the user may watch now, and any test
 * already taken this year; modules first, within each kind the tests taken this year first, then by name.
 */
export interface CmeTestListResponse {
  YEAR: number;
  TESTS: CmeTestListItem[];
}

/** The web page of a test: cme/{TYPE}/{ID}. */
export const cmeTestPath = (type: CmeTestType, productId: number): string => `/cme/${type}/${productId}`;

/** An activity on the certificate. */
export interface CmeCertificateActivity {
  NAME: string;
  PRODUCTID: number;
  TYPE: CmeTestType;
  /** ISO 8601. */
  created_at: string;
  TOTAL: number;
  SAFETYCREDITS: number;
}

/** POST /api/cme/certificate and GET /api/cme/certificate/info?year=YYYY: what the issued PDF prints. */
export interface CmeCertificateInfo {
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
export interface CmeVerifyResponse {
  NUMBER: string;
  NAME: string;
  YEAR: number;
  /** The activities as printed ([] for a version 1 certificate, which recorded its total only). */
  ACTIVITIES: CmeCertificateActivity[];
  TOTALCREDIT: number;
  SAFETYTOTAL: number;
  ISSUED_AT: string;
  /** 2 for a certificate recording what it printed; 1 for one issued before. */
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
  }[];
  totalCredit: number;
  safetyTotal: number;
  issuedAt: string;
  pdfSha256: string;
  verifyUrl: string;
  supersedes: string | null;
}
export const CME_CREDENTIAL_TYPE = 'cme-certificate+jws';

/** The certificate's file name, and its signed credential's. */
export const cmeCertificateFileName = (year: number): string => `cme-certificate-${year}.pdf`;
export const cmeCredentialFileName = (year: number): string => `cme-certificate-${year}.jws`;
