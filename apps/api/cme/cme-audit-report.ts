import { CHAPTER_COVERED_SHARE } from '#libs/contracts/streaming.js';
import { cmeChainText } from '#libs/domain/cme/cme.chain.js';
import { CME_EVENT_TYPES, CME_GENESIS_HASH, type CmeRecordData } from '#libs/domain/cme/cme.events.js';
import { type Interval, measureWithin, union } from '#libs/domain/streaming/intervals.js';
import { viewingIdOf } from '#libs/domain/streaming/viewing.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { type ActivityFactsOf, verifyCredits } from './cme-audit-credits.js';
import type { ChainFinding } from './cme-audit-findings.js';
import { auditSeals, type SealAuditOptions } from './cme-audit-seals.js';
import { sha256Hex } from './cme-hash.js';

export type { ChainFinding } from './cme-audit-findings.js';

/**
 * The accreditor's audit (docs/audit.md), computed from the event log alone (never the read models):
 * every CME credit event of a year with its answers, credits, the cap's cut and the viewing evidence
 * of that product for that customer; the attempts per customer, test and year; the yearly totals; and,
 * on request, the hash chains checked and every credit scored again from its answers.
 */
export interface ViewingEvidence {
  videoId: number;
  viewingId: string;
  startedAt: string;
  longViewAt: string | null;
  /** Unique seconds watched: reported, served to the viewing, within the wall clock (issue 22). */
  uniqueSeconds: number;
  /** The chapters of the video as imported when it was watched, and those at least half watched. */
  chapters: number;
  chaptersCovered: string[];
}

/** A video's imported media as the log tells it: its length and table of contents. */
interface MediaFacts {
  durationSeconds: number;
  chapters: { start: number; title: string }[];
}

/** The chapters of which at least CHAPTER_COVERED_SHARE was watched (a chapter ends where the next starts). */
export function chaptersCovered(media: MediaFacts, watched: readonly Interval[]): string[] {
  return media.chapters
    .filter((chapter, i) => {
      const end = media.chapters[i + 1]?.start ?? media.durationSeconds;
      return (
        end > chapter.start &&
        measureWithin(watched, chapter.start, end) >= CHAPTER_COVERED_SHARE * (end - chapter.start)
      );
    })
    .map((chapter) => chapter.title);
}

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

const PAGE = 1000;
const VIEWING_TYPES = new Set([
  'VideoStarted',
  'WatchedSecondsReported',
  'WatchIntervalsReported',
  'LongViewReached',
  'VideoMediaImported',
]);
const CME_TYPES = new Set<string>(CME_EVENT_TYPES);
const isRecord = (e: RecordedEvent): boolean => e.type === 'CmeTestSubmitted' || e.type === 'CmeTestUpdated';

/** Every event of the log `keep` wants, in log order, read page by page. */
export async function readLog(store: EventStore, keep: (e: RecordedEvent) => boolean): Promise<RecordedEvent[]> {
  const kept: RecordedEvent[] = [];
  for (let after = 0n; ;) {
    const page = await store.readAll(after, PAGE);
    for (const e of page) if (keep(e)) kept.push(e);
    if (page.length < PAGE) return kept;
    after = page[page.length - 1]!.position;
  }
}

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
}

export async function cmeAudit(store: EventStore, options: AuditOptions): Promise<AuditReport> {
  if (options.verify && !options.activities) throw new Error('--verify needs the answer keys and product credits');
  const suffix = `-${options.year}`;
  const log = await readLog(
    store,
    (e) =>
      (CME_TYPES.has(e.type) && e.streamId.startsWith('cme-') && e.streamId.endsWith(suffix)) ||
      VIEWING_TYPES.has(e.type) ||
      EMAIL_TYPES.has(e.type),
  );
  const emails = new Map<string, string>();
  const viewings = new Map<string, { customerId: string; productId: number; evidence: ViewingEvidence }>();
  const streams = new Map<string, RecordedEvent[]>();
  /** Each video's media as imported so far in the log, and what each viewing watched of the media then. */
  const media = new Map<number, MediaFacts>();
  const watched = new Map<string, { watched: Interval[]; media: MediaFacts | undefined }>();
  for (const e of log) {
    const d = e.data as Record<string, unknown>;
    // A heartbeat of version 2 has no ids: its viewing is its stream's.
    const viewing = viewings.get(viewingIdOf(e.streamId) ?? String(d.viewingId));
    if (EMAIL_TYPES.has(e.type) && typeof d.email === 'string') {
      emails.set(String(d.customerId), String(d.email));
    } else if (e.type === 'VideoMediaImported') {
      media.set(Number(d.videoId), {
        durationSeconds: Number(d.durationSeconds),
        chapters: d.chapters as MediaFacts['chapters'],
      });
    } else if (e.type === 'VideoStarted') {
      const chapters = media.get(Number(d.videoId))?.chapters.length ?? 0;
      viewings.set(String(d.viewingId), {
        customerId: String(d.customerId),
        productId: Number(d.productId),
        evidence: {
          videoId: Number(d.videoId),
          viewingId: String(d.viewingId),
          startedAt: String(d.startedAt),
          longViewAt: null,
          uniqueSeconds: 0,
          chapters,
          chaptersCovered: [],
        },
      });
    } else if (e.type === 'WatchedSecondsReported' && viewing) {
      viewing.evidence.uniqueSeconds = Number(d.totalSeconds);
    } else if (e.type === 'WatchIntervalsReported' && viewing) {
      viewing.evidence.uniqueSeconds = Number(d.uniqueSeconds);
      // What the viewing watched is the union of its heartbeats' `added` (version 1 read as such: exact);
      // the media is the one imported at its last heartbeat.
      const seen = watched.get(viewing.evidence.viewingId);
      watched.set(viewing.evidence.viewingId, {
        watched: union(seen?.watched ?? [], d.added as Interval[]),
        media: media.get(viewing.evidence.videoId) ?? seen?.media,
      });
    } else if (e.type === 'LongViewReached' && viewing) {
      viewing.evidence.longViewAt = String(d.reachedAt);
    } else if (CME_TYPES.has(e.type)) {
      streams.set(e.streamId, [...(streams.get(e.streamId) ?? []), e]);
    }
  }
  for (const [viewingId, seen] of watched) {
    if (!seen.media) continue;
    const evidence = viewings.get(viewingId)!.evidence;
    evidence.chapters = seen.media.chapters.length;
    evidence.chaptersCovered = chaptersCovered(seen.media, seen.watched);
  }
  const wanted = options.email?.toLowerCase();
  const evidenceOf = (customerId: string, productId: number): ViewingEvidence[] =>
    [...viewings.values()]
      .filter((v) => v.customerId === customerId && v.productId === productId)
      .map((v) => v.evidence);

  const report: AuditReport = { year: options.year, lines: [], attempts: [], totals: [], heads: [], findings: [] };
  for (const [stream, events] of [...streams.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    events.sort((a, b) => a.revision - b.revision);
    const customerId = stream.slice('cme-'.length, -suffix.length);
    const email = emails.get(customerId) ?? '';
    if (wanted && email !== wanted) continue;
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
      report.lines.push({
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
        evidence: evidenceOf(customerId, d.productId),
      });
    }
    report.attempts.push(...attempts.values());
    report.totals.push({ customerId, email, totalCredit, safetyTotal });
  }
  if (options.verify) report.findings.push(...(await auditSeals(store, streams, options)));
  return report;
}
