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

/**
 * The yearly certificate, issued once per customer and year by IssueCmeCertificate. Released as it
 * is: what a later certificate needs (supersession, a signature, the PDF's hash) comes as fields a
 * reader treats as absent in these, or as events of its own (e.g. one superseding a number).
 */
export type CmeCertificateIssued = DomainEvent<
  'CmeCertificateIssued',
  {
    customerId: string;
    year: number;
    number: string;
    /** The year's credits when it was first issued (the certificate shows the current ones). */
    totalAtIssue: number;
    issuedAt: string;
    prevHash: string;
  }
>;

export type CmeEvent = CmeTestSubmitted | CmeTestUpdated | CmeCertificateIssued;

export const CME_EVENT_TYPES = [
  'CmeTestSubmitted',
  'CmeTestUpdated',
  'CmeCertificateIssued',
] as const satisfies readonly CmeEvent['type'][];

/** The prevHash of a stream's first event. */
export const CME_GENESIS_HASH = '0'.repeat(64);

export const cmeStreamId = (customerId: string, year: number): string => `cme-${customerId}-${year}`;
