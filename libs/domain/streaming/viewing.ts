import { LONG_VIEW_SECONDS, type PlanType } from '#libs/contracts/streaming.js';
import { type Decider, DomainError, type DomainEvent } from '../kernel/decider.js';
import { type Interval, intersect, measure, merge, subtract, union } from './intervals.js';
import { type StreamingErrorCode, StreamingErrors } from './streaming.errors.js';

/**
 * One viewing of a video (a page load of the player), stream `viewing-{viewingId}` (signed-in
 * sections 4 and 9): the first play records VideoStarted once; the player's heartbeats report the
 * intervals of the video it played. The viewing's claims are every reported interval merged (a second
 * claimed twice counts once); what it watched is the claims where the server really served the media
 * to this viewing (each heartbeat records what it added to that, so the whole is the union of the
 * heartbeats' `added`); its unique seconds are the measure of that, never more than the wall-clock time
 * since the start (plus REPORT_SLACK_SECONDS), never decreasing. Once they pass 600 s LongViewReached
 * is recorded once with the plan type. `now`, the served intervals and the duration come with each
 * command (the handler reads them from the playback lease and the clock).
 */
export const REPORT_SLACK_SECONDS = 10;
/** An interval may end this far past the duration (the player's last frame, rounding). */
export const DURATION_SLACK_SECONDS = 1;

export type VideoStarted = DomainEvent<
  'VideoStarted',
  {
    viewingId: string;
    customerId: string;
    productId: number;
    videoId: number;
    /** 1 qmpcomplete, 2 streaming_all, 0 access another way (a purchase, a code, eLearning). */
    planType: PlanType;
    startedAt: string;
  }
>;

/** Recorded before issue 22 (the player's seconds, capped by the time passed): still read, no longer written. */
export type WatchedSecondsReported = DomainEvent<
  'WatchedSecondsReported',
  {
    viewingId: string;
    customerId: string;
    productId: number;
    videoId: number;
    seconds: number;
    totalSeconds: number;
    position: number;
    reportedAt: string;
  }
>;

/**
 * A heartbeat, schema version 2 (issue 32): what it adds, not the whole history. Version 1 carried the
 * ids and everything watched so far (`watched`); it reads as version 2 through `upcastWatchIntervalsV1`.
 */
export type WatchIntervalsReported = DomainEvent<
  'WatchIntervalsReported',
  {
    /** The intervals this heartbeat reported, merged, [from, to) in seconds of the video. */
    intervals: Interval[];
    /**
     * What this heartbeat added to what the viewing watched (claims where the media was served), merged:
     * the viewing's watched seconds are the union of its heartbeats' `added`.
     */
    added: Interval[];
    /** The unique seconds credited after this heartbeat (never decreasing). */
    uniqueSeconds: number;
    /** The player's position (the resume point), seconds. */
    position: number;
    /** Only on heartbeats of version 1: when it was reported. A later one was reported at its `occurredAt`. */
    reportedAt?: string;
  }
>;

/** The current schema version of WatchIntervalsReported (docs/events.md). */
export const WATCH_INTERVALS_VERSION = 2;

/** A heartbeat of version 1 as it was stored. */
export interface WatchIntervalsReportedV1 {
  viewingId: string;
  customerId: string;
  productId: number;
  videoId: number;
  intervals: Interval[];
  /** Everything the viewing watched so far, whole. */
  watched: Interval[];
  uniqueSeconds: number;
  position: number;
  reportedAt: string;
}

/**
 * Version 1 read as version 2: its whole `watched` becomes its `added`. Exact for the union of a
 * viewing's `added` (the evidence), because what a viewing watched only grows: each whole `watched`
 * holds the ones before it, so the union of them all is the last, as before. The ids are the stream's
 * (`viewing-{viewingId}`) and its VideoStarted's.
 */
export function upcastWatchIntervalsV1(data: WatchIntervalsReportedV1): WatchIntervalsReported['data'] {
  return {
    intervals: data.intervals,
    added: data.watched,
    uniqueSeconds: data.uniqueSeconds,
    position: data.position,
    reportedAt: data.reportedAt,
  };
}

export type LongViewReached = DomainEvent<
  'LongViewReached',
  {
    viewingId: string;
    customerId: string;
    productId: number;
    videoId: number;
    planType: PlanType;
    /** The unique seconds credited when it was reached (the total of the old reports before issue 22). */
    totalSeconds: number;
    reachedAt: string;
  }
>;

export type ViewingEvent = VideoStarted | WatchedSecondsReported | WatchIntervalsReported | LongViewReached;

export const VIEWING_EVENT_TYPES = [
  'VideoStarted',
  'WatchedSecondsReported',
  'WatchIntervalsReported',
  'LongViewReached',
] as const satisfies readonly ViewingEvent['type'][];

export const viewingStreamId = (viewingId: string): string => `viewing-${viewingId}`;

/** The viewing of a stream `viewing-{viewingId}` (null for another stream). */
export const viewingIdOf = (streamId: string): string | null =>
  streamId.startsWith('viewing-') ? streamId.slice('viewing-'.length) : null;

export interface StartViewing {
  type: 'StartViewing';
  viewingId: string;
  customerId: string;
  productId: number;
  videoId: number;
  planType: PlanType;
  now: string;
}

/** A heartbeat: the intervals played since the last one, with what the server knows of this playback. */
export interface ReportWatched {
  type: 'ReportWatched';
  customerId: string;
  intervals: readonly Interval[];
  /** The player's position; null keeps the one before. */
  position: number | null;
  /** The seconds of the video the server served to this viewing so far (the playback lease's record). */
  served: readonly Interval[];
  /** The video's length in seconds, or null when unknown (then only the shape of the intervals is checked). */
  durationSeconds: number | null;
  now: string;
}

export type ViewingCommand = StartViewing | ReportWatched;

export interface Viewing {
  started: VideoStarted['data'] | null;
  /** Every interval reported so far, merged. */
  claims: Interval[];
  /** What the viewing watched so far: the union of its heartbeats' `added`. */
  watched: Interval[];
  uniqueSeconds: number;
  position: number;
  longView: boolean;
}

export const initialViewing: Viewing = {
  started: null,
  claims: [],
  watched: [],
  uniqueSeconds: 0,
  position: 0,
  longView: false,
};

const fail = (code: StreamingErrorCode): never => {
  throw new DomainError(code, StreamingErrors[code]);
};

/** Milliseconds are enough precision for evidence (and keep the events readable). */
const rounded = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** The reported intervals, refused when one starts before 0, ends before it starts, or ends past the video. */
function validIntervals(intervals: readonly Interval[], duration: number | null): Interval[] {
  const limit = duration === null ? Number.POSITIVE_INFINITY : duration + DURATION_SLACK_SECONDS;
  for (const [from, to] of intervals) {
    if (!Number.isFinite(from) || !Number.isFinite(to) || from < 0 || to < from || to > limit) {
      fail('heartbeat_invalid');
    }
  }
  return merge(intervals.map(([from, to]): Interval => [rounded(from), rounded(to)]));
}

function reportWatched(command: ReportWatched, state: Viewing): ViewingEvent[] {
  const started = state.started ?? fail('viewing_not_started');
  if (started.customerId !== command.customerId) fail('viewing_of_another');
  const intervals = validIntervals(command.intervals, command.durationSeconds);
  const claims = union(state.claims, intervals);
  // Served seconds are never taken back, so what was watched only grows; the union keeps that so.
  const watched = union(state.watched, intersect(claims, command.served));
  const added = subtract(watched, state.watched);
  const elapsed = (Date.parse(command.now) - Date.parse(started.startedAt)) / 1000;
  const credited = Math.floor(Math.min(measure(watched), Math.max(0, elapsed) + REPORT_SLACK_SECONDS));
  const uniqueSeconds = Math.max(state.uniqueSeconds, credited);
  const end = command.durationSeconds ?? Number.POSITIVE_INFINITY;
  const position =
    command.position === null ? state.position : Math.floor(Math.min(Math.max(0, command.position), end));
  // A heartbeat of a paused player that changes nothing records nothing (it only renewed the access).
  if (intervals.length === 0 && uniqueSeconds === state.uniqueSeconds && position === state.position) return [];
  const ids = {
    viewingId: started.viewingId,
    customerId: started.customerId,
    productId: started.productId,
    videoId: started.videoId,
  };
  const events: ViewingEvent[] = [
    {
      type: 'WatchIntervalsReported',
      data: { intervals, added, uniqueSeconds, position },
    },
  ];
  if (!state.longView && uniqueSeconds > LONG_VIEW_SECONDS) {
    events.push({
      type: 'LongViewReached',
      data: { ...ids, planType: started.planType, totalSeconds: uniqueSeconds, reachedAt: command.now },
    });
  }
  return events;
}

export function decide(command: ViewingCommand, state: Viewing): ViewingEvent[] {
  switch (command.type) {
    case 'StartViewing': {
      if (state.started) {
        if (state.started.customerId !== command.customerId) fail('viewing_of_another');
        return []; // once per viewing: a second play (or a retry) records nothing
      }
      const { type: _type, now, ...data } = command;
      return [{ type: 'VideoStarted', data: { ...data, startedAt: now } }];
    }
    case 'ReportWatched':
      return reportWatched(command, state);
  }
}

export function evolve(state: Viewing, event: ViewingEvent): Viewing {
  switch (event.type) {
    case 'VideoStarted':
      return { ...state, started: event.data };
    case 'WatchedSecondsReported':
      return { ...state, uniqueSeconds: event.data.totalSeconds, position: event.data.position };
    case 'WatchIntervalsReported':
      return {
        ...state,
        claims: union(state.claims, event.data.intervals),
        watched: union(state.watched, event.data.added),
        uniqueSeconds: event.data.uniqueSeconds,
        position: event.data.position,
      };
    case 'LongViewReached':
      return { ...state, longView: true };
    default:
      return state;
  }
}

export const viewingDecider: Decider<ViewingCommand, Viewing, ViewingEvent> = {
  initialState: initialViewing,
  decide,
  evolve,
};
