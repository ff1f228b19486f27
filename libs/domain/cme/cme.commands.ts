import type { CmeTestType } from '#libs/contracts/cme.js';

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
 * Issue the year's certificate (signed-in section 8 "download certificate"): once per year, a repeat
 * appends nothing. What the certificate depends on outside the stream comes in with the command, so a
 * later rule (supersede when the credits changed, a signature, the PDF's hash) is a new field here
 * and a new branch of the decider, not a look-up inside it.
 */
export interface IssueCmeCertificate {
  type: 'IssueCmeCertificate';
  customerId: string;
  year: number;
  /** Used only on the first issue. */
  number: string;
  /** The accreditor's required information (the date of birth) is on record: refused without it. */
  accreditorInfoRecorded: boolean;
  now: string;
}

export type CmeCommand = SubmitCmeTest | IssueCmeCertificate;
