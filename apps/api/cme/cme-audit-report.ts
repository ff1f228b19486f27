import { cmeChainText } from '#libs/domain/cme/cme.chain.js';
import { CME_GENESIS_HASH, type CmeRecordData } from '#libs/domain/cme/cme.events.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { type ActivityFactsOf, verifyCredits } from './cme-audit-credits.js';
import { EvidenceIndex, type ViewingEvidence } from './cme-audit-evidence.js';
import type { ChainFinding } from './cme-audit-findings.js';
import { AUDIT_PAGE, cmeStreamEvents, forEachEvent, isCmeEventOf } from './cme-audit-log.js';
import { SealAudit, type SealAuditOptions } from './cme-audit-seals.js';
import { sha256Hex } from './cme-hash.js';

export type { ChainFinding } from './cme-audit-findings.js';
export { chaptersCovered, type ViewingEvidence } from './cme-audit-evidence.js';

/**
 * The accreditor's audit (docs/audit.md), computed from the event log alone (never the read models):
 * every CME credit event of a year with its answers, credits, the cap's cut and the viewing evidence
 * of that product for that customer; the attempts per customer, test and year; the yearly totals; and,
 * on request, the hash chains checked and every credit scored again from its answers. One pass over
 * the log, page by page, keeps the addresses, each viewing's evidence and the year's CME stream ids
 * (with --verify, the seals' heads); then each CME stream is read by its id, one at a time.
 */
export interface AuditLine {
  customerId: string;
  email: string;
  stream: string;
  revision: number;
  eventId: string;
  eventType: string;
  /** When the test was submitted (the command's time) and when the event was recorded. */
  submittedAt: string;
  recordedAt: string;
  recordId: string;
  testType: string;
  productId: number;
  productName: string;
  answers: number[];
  correct: number;
  creditsEarned: number;
  creditsAwarded: number;
  creditsCut: number;
  capApplied: boolean;
  safetyCredits: number;
  /** The credit rule that scored it (absent in older events: 1). */
  ruleVersion: number;
  /** Which attempt of this test in this year it is (1 for the first submit). */
  attempt: number;
  /** false when a later update of the same record replaced these credits. */
  counts: boolean;
  evidence: ViewingEvidence[];
}

export interface AuditTotal {
  customerId: string;
  email: string;
  totalCredit: number;
  safetyTotal: number;
}

/** Every attempt at one test by one physician in the year: each submit is one (guessing shows here). */
export interface AuditAttempts {
  customerId: string;
  email: string;
  recordId: string;
  testType: string;
  productId: number;
  productName: string;
  attempts: number;
  firstAt: string;
  lastAt: string;
  /** The credits of the last attempt, the ones that count. */
  creditsAwarded: number;
}

export interface AuditReport {
  year: number;
  lines: AuditLine[];
  attempts: AuditAttempts[];
  totals: AuditTotal[];
  /** Each CME stream's head hash: keep it; a later run showing another head for an unchanged stream means tampering. */
  heads: { stream: string; events: number; headHash: string }[];
  findings: ChainFinding[];
}

const isRecord = (e: RecordedEvent): boolean => e.type === 'CmeTestSubmitted' || e.type === 'CmeTestUpdated';

/** The events that set an account's address: registration, an old profile edit, a confirmed or undone email change. */
const EMAIL_TYPES = new Set(['CustomerRegistered', 'ProfileChanged', 'EmailChangeConfirmed', 'EmailChangeUndone']);

/**
 * Checks one stream's chain (events sorted by revision): contiguous revisions, each event's hash equal
 * to the prevHash the next one carries, consistent credits. A broken link names the event whose hash
 * no longer matches (the altered one), not the next one that carries the link.
 */
export function verifyChain(stream: string, events: RecordedEvent[]): ChainFinding[] {
  const findings: ChainFinding[] = [];
  let total = 0;
  const credits = new Map<string, number>();
  events.forEach((e, i) => {
    const at = (problem: string) => findings.push({ stream, revision: e.revision, eventId: e.id, problem });
    const before = events[i - 1];
    const expectedRevision = before ? before.revision + 1 : 0;
    const prevHash = (e.data as { prevHash?: unknown }).prevHash;
    if (e.revision !== expectedRevision) {
      findings.push({
        stream,
        revision: expectedRevision,
        eventId: null,
        problem: `event(s) missing before revision ${e.revision}`,
      });
    } else if (!before && prevHash !== CME_GENESIS_HASH) {
      at('the first event does not carry the genesis hash (it was altered)');
    } else if (before && prevHash !== sha256Hex(cmeChainText(before))) {
      findings.push({
        stream,
        revision: before.revision,
        eventId: before.id,
        problem: `altered: its hash no longer matches the prevHash revision ${e.revision} carries (or revision ${e.revision}'s prevHash was altered)`,
      });
    }
    if (!isRecord(e)) return;
    const d = e.data as CmeRecordData;
    total += d.creditsAwarded - (credits.get(d.recordId) ?? 0);
    credits.set(d.recordId, d.creditsAwarded);
    if (d.creditsEarned > d.correct * 0.5 || d.creditsAwarded + d.creditsCut !== d.creditsEarned) {
      at('credits do not add up (earned, awarded and cut)');
    }
    if (Math.abs(total - d.yearTotal) > 1e-9) at(`yearTotal ${d.yearTotal} differs from the events' sum ${total}`);
    if (total > 20) at('the year passes the cap of 20');
  });
  return findings;
}

export interface AuditOptions extends SealAuditOptions {
  year: number;
  email?: string;
  /** Check the chains, the seals, and score every credit again (with `activities`, required then). */
  verify?: boolean;
  /** The answer keys and product credits the credits are scored again with (catalogActivityFacts). */
  activities?: ActivityFactsOf;
  /** Events per page of the log (AUDIT_PAGE); tests set a small one to cross page boundaries. */
  pageSize?: number;
  /** Each line as it is made, in the report's order; given, the report's `lines` stay empty (a CSV written as it goes). */
  onLine?: (line: AuditLine) => void | Promise<void>;
}

/** What one pass over the log keeps: per customer, viewing and CME stream, never the events. */
async function readLogOnce(store: EventStore, options: AuditOptions, seals: SealAudit | null) {
  const isCme = isCmeEventOf(options.year);
  const emails = new Map<string, string>();
  const evidence = new EvidenceIndex();
  const streams = new Set<string>();
  const until = await forEachEvent(
    store,
    async (e) => {
      const d = e.data as Record<string, unknown>;
      if (EMAIL_TYPES.has(e.type) && typeof d.email === 'string') emails.set(String(d.customerId), String(d.email));
      else if (isCme(e)) streams.add(e.streamId);
      else evidence.see(e);
      if (seals) await seals.see(e);
    },
    options.pageSize ?? AUDIT_PAGE,
  );
  return { emails, evidence, streams, until };
}

export async function cmeAudit(store: EventStore, options: AuditOptions): Promise<AuditReport> {
  if (options.verify && !options.activities) throw new Error('--verify needs the answer keys and product credits');
  const suffix = `-${options.year}`;
  const seals = options.verify ? new SealAudit(options) : null;
  const { emails, evidence, streams, until } = await readLogOnce(store, options, seals);
  const wanted = options.email?.toLowerCase();
  const report: AuditReport = { year: options.year, lines: [], attempts: [], totals: [], heads: [], findings: [] };
  const emit = options.onLine ?? ((line: AuditLine) => void report.lines.push(line));
  // One stream at a time, by a keyed read of it: only its events are in memory.
  for (const stream of [...streams].sort((a, b) => a.localeCompare(b))) {
    const customerId = stream.slice('cme-'.length, -suffix.length);
    const email = emails.get(customerId) ?? '';
    if (wanted && email !== wanted) {
      if (seals?.holds(stream)) seals.checkStream(stream, await cmeStreamEvents(store, stream, options.year, until));
      continue;
    }
    const events = await cmeStreamEvents(store, stream, options.year, until);
    seals?.checkStream(stream, events);
    const last = events.at(-1)!;
    report.heads.push({ stream, events: events.length, headHash: sha256Hex(cmeChainText(last)) });
    if (options.verify) {
      report.findings.push(...verifyChain(stream, events));
      report.findings.push(...(await verifyCredits(stream, events, options.activities!)));
    }
    const records = events.filter(isRecord);
    const latest = new Map(records.map((e) => [(e.data as CmeRecordData).recordId, e.id]));
    const attempts = new Map<string, AuditAttempts>();
    let totalCredit = 0;
    let safetyTotal = 0;
    for (const e of records) {
      const d = e.data as CmeRecordData;
      const counts = latest.get(d.recordId) === e.id;
      if (counts) {
        totalCredit += d.creditsAwarded;
        safetyTotal += d.safetyCredits;
      }
      const tries = attempts.get(d.recordId);
      if (tries) Object.assign(tries, { attempts: tries.attempts + 1, lastAt: d.submittedAt });
      else {
        const { recordId, testType, productId, productName, submittedAt } = d;
        const first = { recordId, testType, productId, productName, firstAt: submittedAt, lastAt: submittedAt };
        attempts.set(recordId, { customerId, email, ...first, attempts: 1, creditsAwarded: 0 });
      }
      if (counts) attempts.get(d.recordId)!.creditsAwarded = d.creditsAwarded;
      await emit({
        customerId,
        email,
        stream,
        revision: e.revision,
        eventId: e.id,
        eventType: e.type,
        submittedAt: d.submittedAt,
        recordedAt: e.metadata.occurredAt,
        recordId: d.recordId,
        testType: d.testType,
        productId: d.productId,
        productName: d.productName,
        answers: d.answers,
        correct: d.correct,
        creditsEarned: d.creditsEarned,
        creditsAwarded: d.creditsAwarded,
        creditsCut: d.creditsCut,
        capApplied: d.creditsCut > 0,
        safetyCredits: d.safetyCredits,
        ruleVersion: d.ruleVersion ?? 1,
        attempt: attempts.get(d.recordId)!.attempts,
        counts,
        evidence: evidence.of(customerId, d.productId),
      });
    }
    report.attempts.push(...attempts.values());
    report.totals.push({ customerId, email, totalCredit, safetyTotal });
  }
  if (seals) report.findings.push(...seals.result());
  return report;
}
