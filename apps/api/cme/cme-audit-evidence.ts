import { CHAPTER_COVERED_SHARE } from '#libs/contracts/streaming.js';
import { type Interval, measureWithin, union } from '#libs/domain/streaming/intervals.js';
import { viewingIdOf } from '#libs/domain/streaming/viewing.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';

/**
 * The viewing evidence of the CME audit (docs/audit.md, `viewing_evidence`), gathered while the log
 * streams past (cme-audit-log.ts): one small summary per viewing, each looked up by the customer and
 * product it belongs to, never by scanning every viewing. The chapters covered are worked out at each
 * heartbeat with the media the log held then, so no viewing keeps its intervals.
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
export interface MediaFacts {
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

/** The event types the evidence is made of. */
export const VIEWING_TYPES: ReadonlySet<string> = new Set([
  'VideoStarted',
  'WatchedSecondsReported',
  'WatchIntervalsReported',
  'LongViewReached',
  'VideoMediaImported',
]);

interface Viewing {
  /** The order the viewing was first started in: the order its evidence is listed in. */
  seq: number;
  key: string;
  evidence: ViewingEvidence;
  /** What it watched so far: the union of its heartbeats' `added`. */
  watched: Interval[];
}

const keyOf = (customerId: string, productId: number): string => `${customerId}:${productId}`;

/** Every viewing's evidence, fed the log's viewing events in log order, looked up by customer and product. */
export class EvidenceIndex {
  private readonly media = new Map<number, MediaFacts>();
  private readonly viewings = new Map<string, Viewing>();
  private readonly byKey = new Map<string, Viewing[]>();
  private started = 0;

  /** One event of the log (any type; those not about viewings are ignored). */
  see(e: RecordedEvent): void {
    if (!VIEWING_TYPES.has(e.type)) return;
    const d = e.data as Record<string, unknown>;
    if (e.type === 'VideoMediaImported') {
      this.media.set(Number(d.videoId), {
        durationSeconds: Number(d.durationSeconds),
        chapters: d.chapters as MediaFacts['chapters'],
      });
      return;
    }
    if (e.type === 'VideoStarted') return this.start(String(d.viewingId), d);
    // A heartbeat of version 2 has no ids: its viewing is its stream's.
    const found = this.viewings.get(viewingIdOf(e.streamId) ?? String(d.viewingId));
    if (!found) return;
    const viewing = found.evidence;
    if (e.type === 'WatchedSecondsReported') viewing.uniqueSeconds = Number(d.totalSeconds);
    else if (e.type === 'LongViewReached') viewing.longViewAt = String(d.reachedAt);
    else if (e.type === 'WatchIntervalsReported') {
      viewing.uniqueSeconds = Number(d.uniqueSeconds);
      // What the viewing watched is the union of its heartbeats' `added` (version 1 read as such: exact).
      found.watched = union(found.watched, d.added as Interval[]);
      const now = this.media.get(viewing.videoId);
      if (now) {
        viewing.chapters = now.chapters.length;
        viewing.chaptersCovered = chaptersCovered(now, found.watched);
      }
    }
  }

  private start(viewingId: string, d: Record<string, unknown>): void {
    const key = keyOf(String(d.customerId), Number(d.productId));
    const before = this.viewings.get(viewingId);
    // A viewing started twice keeps its place (as a map entry set again does) with the later start's facts.
    const viewing: Viewing = {
      seq: before?.seq ?? this.started++,
      key,
      evidence: {
        videoId: Number(d.videoId),
        viewingId,
        startedAt: String(d.startedAt),
        longViewAt: null,
        uniqueSeconds: 0,
        chapters: this.media.get(Number(d.videoId))?.chapters.length ?? 0,
        chaptersCovered: [],
      },
      // Still what the viewing watched (a heartbeat of version 1 repeated it whole; version 2 adds to it).
      watched: before?.watched ?? [],
    };
    if (before) {
      const old = this.byKey.get(before.key)!;
      old.splice(old.indexOf(before), 1);
    }
    this.viewings.set(viewingId, viewing);
    const list = this.byKey.get(key) ?? [];
    list.push(viewing);
    if (before) list.sort((a, b) => a.seq - b.seq);
    this.byKey.set(key, list);
  }

  /** The evidence of every viewing of the product by the customer, in the order they were first started. */
  of(customerId: string, productId: number): ViewingEvidence[] {
    return (this.byKey.get(keyOf(customerId, productId)) ?? []).map((v) => v.evidence);
  }
}
