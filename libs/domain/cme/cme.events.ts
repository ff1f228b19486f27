import type { CmeTestType } from '#libs/contracts/cme.js';
import type { DomainEvent } from '../kernel/decider.js';

/**
 * CME events, stream `cme-{customerId}-{year}` (docs/conventions.md; signed-in sections 3, 6, 9): one
 * stream per customer and calendar year, so the yearly cap of 20 credits is decided on one stream
 * with optimistic concurrency.
 *
 * Tamper evidence: every event carries `prevHash`, the SHA-256 (hex) of the event before it in its
 * stream (canonical JSON of that event's type and data, its own prevHash included); the first carries
 * CME_GENESIS_HASH. `cmeChainText` (./cme.chain.ts) is the text hashed.
 */

/** What a submit (first or repeated) records: the answers, the score, the cap's cut. Credits in CME credits (multiples of 0.5). */
export interface CmeRecordData {
  /** The record (USERCMEID): one per test and year; an update keeps it. */
  recordId: string;
  customerId: string;
  year: number;
  testType: CmeTestType;
  productId: number;
  productName: string;
  /** 0-based option index per question, in question order. */
  answers: number[];
  /** Right answers (0..4). */
  correct: number;
  /** 0.5 per right answer, at most the product's CREDITS. */
  creditsEarned: number;
  /** What counts in the year: creditsEarned less the cap's cut. */
  creditsAwarded: number;
  /** creditsEarned - creditsAwarded: what the yearly cap of 20 cut. */
  creditsCut: number;
  /** Patient-safety part of creditsAwarded (all of it for a safety product, else 0). */
  safetyCredits: number;
  /** The year's total after this event. */
  yearTotal: number;
  /** ISO 8601, the command's `now`. */
  submittedAt: string;
  /** The credit rule that scored it (CREDIT_RULES, ./cme.scoring.ts); absent in older events: 1. */
  ruleVersion?: number;
  prevHash: string;
}

export type CmeTestSubmitted = DomainEvent<'CmeTestSubmitted', CmeRecordData>;

/** A later submit of the same test in the same year: its credits replace the record's earlier ones. */
export type CmeTestUpdated = DomainEvent<
  'CmeTestUpdated',
  CmeRecordData & {
    /** The record's creditsAwarded before this update. */
    previousCredits: number;
  }
>;

/** An activity as a certificate printed it: the record's credits when the certificate was issued. */
export interface CmePrintedActivity {
  productId: number;
  productName: string;
  testType: CmeTestType;
  /** ISO 8601: the submit whose credits the record counted then. */
  completedAt: string;
  credits: number;
  safetyCredits: number;
  /** Version 3: the most the activity is designated for (the product's CREDITS when printed). */
  maxCredits?: number;
  /** Version 3: the credit designation statement printed for the activity. */
  designationStatement?: string;
}

/** Version 3: the accredited provider a certificate names, with its accreditation statement as printed. */
export interface CmePrintedProvider {
  name: string;
  accreditationStatement: string;
}

/** Version 3: the learner's identifiers a certificate prints (the CME info tab's), each null when not given. */
export interface CmePrintedLicence {
  /** USPS code of the licensing state. */
  licenseState: string | null;
  licenseNumber: string | null;
  /** The ABMS certifying board id. */
  boardId: string | null;
}

/**
 * A certificate of the year, issued by IssueCmeCertificate. Version 1 (released first: no `version`)
 * recorded the number and the total only; version 2 records what the PDF printed, the PDF's SHA-256
 * and the signed credential, so verification answers what was issued, never today's figures; version
 * 3 also records the provider, the statements and the learner's licence it printed, and prints only
 * activities that earned credit. A later issue whose printed content differs supersedes the one before
 * (`supersedes`); every version stays verifiable as it was printed.
 */
export type CmeCertificateIssued = DomainEvent<
  'CmeCertificateIssued',
  {
    customerId: string;
    year: number;
    number: string;
    /** The year's credits when it was issued. */
    totalAtIssue: number;
    issuedAt: string;
    prevHash: string;
    /** 2 or 3; absent in version 1, which has none of the fields below. */
    version?: 2 | 3;
    /** The physician's name as printed. */
    name?: string;
    activities?: CmePrintedActivity[];
    totalCredit?: number;
    safetyTotal?: number;
    /** The verification address printed (and in the QR code). */
    verifyUrl?: string;
    /** SHA-256 (hex) of the PDF's bytes, kept as issued. */
    pdfSha256?: string;
    /** The compact JWS (Ed25519) of what was printed: checkable offline with the published keys. */
    credential?: string;
    /** The number this one replaces (the year's certificate before it), or null. */
    supersedes?: string | null;
    /** Version 3: the accredited provider and its accreditation statement. */
    provider?: CmePrintedProvider;
    /** Version 3: the learner's licence and board id as printed; null when none was given. */
    licence?: CmePrintedLicence | null;
  }
>;

/** A certificate withdrawn by an operator (`npm run cme:revoke`): verification then says so, with the date and reason. */
export type CmeCertificateRevoked = DomainEvent<
  'CmeCertificateRevoked',
  {
    customerId: string;
    year: number;
    number: string;
    reason: string;
    /** The operator. */
    revokedBy: string;
    revokedAt: string;
    prevHash: string;
  }
>;

export type CmeEvent = CmeTestSubmitted | CmeTestUpdated | CmeCertificateIssued | CmeCertificateRevoked;

export const CME_EVENT_TYPES = [
  'CmeTestSubmitted',
  'CmeTestUpdated',
  'CmeCertificateIssued',
  'CmeCertificateRevoked',
] as const satisfies readonly CmeEvent['type'][];

/** The prevHash of a stream's first event. */
export const CME_GENESIS_HASH = '0'.repeat(64);

export const cmeStreamId = (customerId: string, year: number): string => `cme-${customerId}-${year}`;
