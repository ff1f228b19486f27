import type { CmeTestType } from '#libs/contracts/cme.js';

export interface CmeRecordState {
  recordId: string;
  testType: CmeTestType;
  productId: number;
  answers: number[];
  creditsAwarded: number;
  safetyCredits: number;
}

/** A customer's CME year: its records by test (`{testType}:{productId}`), the total, the certificate, the chain head. */
export interface CmeState {
  records: Record<string, CmeRecordState>;
  /** Sum of the records' creditsAwarded (never over 20). */
  total: number;
  certificateNumber: string | null;
  /** The hash the next event carries as prevHash. */
  lastHash: string;
}

export const cmeRecordKey = (testType: CmeTestType, productId: number): string => `${testType}:${productId}`;
