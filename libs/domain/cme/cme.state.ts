import type { CmeTestType } from '#libs/contracts/cme.js';
import type { CmePrintedActivity, CmePrintedLicence, CmePrintedProvider } from './cme.events.js';

export interface CmeRecordState {
  recordId: string;
  testType: CmeTestType;
  productId: number;
  /** The product's name: what a certificate prints. */
  productName: string;
  /**
   * The record's last submit (ISO 8601): a certificate prints it as the completion date, and the retake
   * policy's cooldown starts here.
   */
  submittedAt: string;
  answers: number[];
  creditsAwarded: number;
  safetyCredits: number;
}

/**
 * What a certificate prints: compared to decide between answering it again and superseding it. Version
 * 2 printed the name, the activities and the totals; version 3 (what is printed now) also the provider
 * and the learner's licence, so a certificate of version 2 always differs from a print of today.
 */
export interface CmePrinted {
  name: string;
  activities: CmePrintedActivity[];
  totalCredit: number;
  safetyTotal: number;
  /** Version 3. */
  provider?: CmePrintedProvider;
  /** Version 3: null when no licence nor board id was given. */
  licence?: CmePrintedLicence | null;
}

/** What a certificate issued now prints (version 3): the provider and the licence are always there. */
export type CmePrintedNow = CmePrinted & { provider: CmePrintedProvider; licence: CmePrintedLicence | null };

/** The year's current certificate as issued. */
export interface CmeIssuedCertificate {
  number: string;
  issuedAt: string;
  totalAtIssue: number;
  /** What it printed; null for a version 1 certificate, which recorded the total only. */
  printed: CmePrinted | null;
  /** The PDF's SHA-256, the verify address and the number it superseded (null for version 1). */
  pdfSha256: string | null;
  verifyUrl: string | null;
  supersedes: string | null;
  /** When it was revoked, or null. */
  revokedAt: string | null;
}

/** A customer's CME year: its records by test (`{testType}:{productId}`), the total, the certificates, the chain head. */
export interface CmeState {
  records: Record<string, CmeRecordState>;
  /** Sum of the records' creditsAwarded (never over 20): what every event's `yearTotal` records. */
  total: number;
  /** The latest certificate issued (the one a later issue supersedes), or null. */
  certificate: CmeIssuedCertificate | null;
  /** Every number issued in the stream, with its revocation time (null while not revoked). */
  issued: Record<string, { revokedAt: string | null }>;
  /** The hash the next event carries as prevHash. */
  lastHash: string;
}

export const cmeRecordKey = (testType: CmeTestType, productId: number): string => `${testType}:${productId}`;
