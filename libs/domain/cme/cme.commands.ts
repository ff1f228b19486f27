import type { CmeTestType } from '#libs/contracts/cme.js';
import type { CmePrintedLicence } from './cme.events.js';
import type { CmePrinted } from './cme.state.js';

/** A test's answers (signed-in section 6 "save CME test"); the handler adds the product and the key from the server's data. */
export interface SubmitCmeTest {
  type: 'SubmitCmeTest';
  customerId: string;
  year: number;
  /** Used when the year holds no record of this test yet. */
  newRecordId: string;
  testType: CmeTestType;
  productId: number;
  productName: string;
  /** The product's CME credits (0: not a CME product, refused). */
  productCredits: number;
  /** The product is a patient-safety activity (a category of KIND safety): its credits count as safety credits. */
  safety: boolean;
  answers: number[];
  /** The answer key (0-based option index per question): server side only. */
  key: number[];
  /** The retake policy's evidence (cme.retake.ts): the customer's latest long view of the product's videos. */
  lastLongViewAt: string | null;
  /** The product has videos: a long view reopens it (the refusal says so). */
  retakeByViewing: boolean;
  /** ISO 8601; must fall in `year` (the seed passes earlier years' times). */
  now: string;
}

/**
 * The accredited provider's statements as configured (CME_PROVIDER_NAME and the others,
 * libs/config/config.ts): `{provider}` in a statement is the provider's name, `{credits}` in the
 * designation statement the activity's maximum with the credit's name ("2 AMA PRA Category 1 Credits™").
 */
export interface CmeProviderStatements {
  name: string;
  accreditationStatement: string;
  designationStatement: string;
  /** The credit's name, singular and plural. */
  creditName: { one: string; other: string };
}

/** What a certificate prints beside the stream: from the profile, the CME info tab, the configuration and the catalog. */
export interface CmePrintFacts {
  /** The physician's name as printed. */
  name: string;
  provider: CmeProviderStatements;
  /** The CME info tab's licence and board id (decrypted by the handler); null when none was given. */
  licence: CmePrintedLicence | null;
  /** The catalog's CREDITS of each product of the year's records: the most each activity is designated for. */
  maxCredits: Record<number, number>;
}

/**
 * Issue the year's certificate (signed-in section 8 "download certificate"). The handler prints the
 * PDF first, from the stream it read (`cmePrintedOf`), and sends what it printed with the PDF's hash
 * and the signed credential: the decider answers the current certificate again when it prints the
 * same, supersedes it when the content changed, and refuses a print made from a stream that moved
 * meanwhile (`CME_CERTIFICATE_STALE`).
 */
export interface IssueCmeCertificate {
  type: 'IssueCmeCertificate';
  customerId: string;
  year: number;
  /** The new certificate's number (used only when one is issued now). */
  number: string;
  /** The accreditor's required information (the date of birth) is on record: refused without it. */
  accreditorInfoRecorded: boolean;
  now: string;
  /** What the certificate prints beside the stream: the decider prints again from them and the stream. */
  facts: CmePrintFacts;
  /** What the PDF prints. */
  printed: CmePrinted;
  verifyUrl: string;
  /** SHA-256 (hex) of the PDF's bytes. */
  pdfSha256: string;
  /** The compact JWS of what was printed. */
  credential: string;
  /** The number the print says it replaces (the stream's current certificate when it was read), or null. */
  supersedes: string | null;
}

/** Withdraw a certificate of the year (`npm run cme:revoke`): once; a repeat appends nothing. */
export interface RevokeCmeCertificate {
  type: 'RevokeCmeCertificate';
  customerId: string;
  year: number;
  number: string;
  reason: string;
  /** The operator. */
  by: string;
  now: string;
}

export type CmeCommand = SubmitCmeTest | IssueCmeCertificate | RevokeCmeCertificate;
