import type { CmeTestType } from '#libs/contracts/cme.js';

export interface CmeRecordState {
  recordId: string;
  testType: CmeTestType;
  productId: number;
  answers: number[];
  creditsAwarded: number;
  safetyCredits: number;
  /** The last submit (ISO 8601): the retake policy's cooldown starts here. */
  submittedAt: string;
}

/** The year's certificate as issued (what a later supersession compares against). */
export interface CmeIssuedCertificate {
  number: string;
  issuedAt: string;
  totalAtIssue: number;
}

/** A customer's CME year: its records by test (`{testType}:{productId}`), the total, the certificate, the chain head. */
export interface CmeState {
  records: Record<string, CmeRecordState>;
  /** Sum of the records' creditsAwarded (never over 20): what every event's `yearTotal` records. */
  total: number;
  certificate: CmeIssuedCertificate | null;
  /** The hash the next event carries as prevHash. */
  lastHash: string;
}

export const cmeRecordKey = (testType: CmeTestType, productId: number): string => `${testType}:${productId}`;
