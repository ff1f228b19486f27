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
import type { CmeTestType } from './cme-test-type.js';
import { LONG_VIEW_SECONDS } from './streaming.js';

export * from './cme-certificate.js';
export * from './cme-test-type.js';

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

/** "1 CME credit", "2.5 CME credits", "0 CME credits": the singular for exactly one, as English has it. */
export const countOf = (n: number, one: string, other: string): string => `${n} ${n === 1 ? one : other}`;
export const cmeCreditsText = (n: number): string => countOf(n, 'CME credit', 'CME credits');

/**
 * What a test's record (its last submit) came to (ours: the spec has no pass mark). `completed`: it
 * earned credits that count, an activity the certificate prints; `not_passed`: no answer was right, so
 * it earned no credit: an attempt, not a completed activity; `over_cap`: answers were right but the
 * yearly cap left no credit to count: an attempt too.
 */
export const CME_RECORD_OUTCOMES = ['completed', 'not_passed', 'over_cap'] as const;
export type CmeRecordOutcome = (typeof CME_RECORD_OUTCOMES)[number];
/** How the CME center names each outcome. */
export const CME_OUTCOME_LABELS: Record<CmeRecordOutcome, string> = {
  completed: 'Completed',
  not_passed: 'Not passed',
  over_cap: 'No credit: yearly limit reached',
};
/** "3 of 4 answers were right." (how many, never which). */
export const cmeRightAnswersText = (correct: number): string =>
  `${correct} of ${CME_QUESTIONS_PER_TEST} answers ${correct === 1 ? 'was' : 'were'} right.`;
/** A submit (or a prior record) that earned no credit because no answer was right: the spec's success text does not fit it. */
export const cmeNotPassedMessage = (correct: number): string =>
  `Not passed: ${correct} of ${CME_QUESTIONS_PER_TEST} answers ${correct === 1 ? 'was' : 'were'} right, so this attempt earned 0 CME credits.`;
/** Why an attempt without credit is on no certificate. */
export const CME_ATTEMPT_NOT_ACTIVITY =
  'An attempt without credit is not a completed activity: it is not printed on your certificate.';
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

/** A row of the dashboard: one test taken this year, completed or an attempt without credit (CME summary ROWS). */
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
  /** What the last submit came to: only `completed` rows are completed activities. */
  OUTCOME: CmeRecordOutcome;
  /** Right answers of the last submit (0..4), never which. */
  CORRECT: number;
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
  OUTCOME: CmeRecordOutcome;
  /** Right answers of the last submit (0..4), never which. */
  CORRECT: number;
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
 * What a submit answers: the credits and how many answers were right, never which, so the key cannot be
 * read off a submit (and the retake policy makes each guess cost a day).
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
  /**
   * cmeSubmittedMessage(TOTAL) for a submit that earned credit, cmeNotPassedMessage(CORRECT) for one
   * without a right answer, CME_CAP_REACHED when the cap left nothing.
   */
  MESSAGE: string;
  /** ISO 8601: when this test opens again (CME_RETAKE_COOLDOWN_HOURS later, sooner after a long view). */
  RETAKE_OPENS_AT: string;
  /** What this submit came to: only `completed` is a completed activity. */
  OUTCOME: CmeRecordOutcome;
  /** How many answers were right (0..4), never which. */
  CORRECT: number;
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
