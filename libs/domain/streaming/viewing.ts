import { LONG_VIEW_SECONDS, type PlanType } from '#libs/contracts/streaming.js';
import { type Decider, DomainError, type DomainEvent } from '../kernel/decider.js';
import { type StreamingErrorCode, StreamingErrors } from './streaming.errors.js';

/**
 * One viewing of a video (a page load of the player), stream `viewing-{viewingId}` (signed-in
 * sections 4 and 9): the first play records VideoStarted once; the player reports the seconds watched
 * every 60 s; once the viewing's total passes 600 s, LongViewReached is recorded once with the plan
 * type, and reporting stops (later reports append nothing).
 *
 * A report cannot credit more than the time that really passed since the start (plus REPORT_SLACK_SECONDS):
 * a client cannot claim ten minutes in ten seconds. `now` comes with each command (an injected clock).
 */
export const REPORT_SLACK_SECONDS = 30;

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

export type WatchedSecondsReported = DomainEvent<
  'WatchedSecondsReported',
  {
    viewingId: string;
    customerId: string;
    productId: number;
    videoId: number;
    /** Seconds credited by this report (the reported seconds, capped by the time that passed). */
    seconds: number;
    /** The viewing's total after this report. */
    totalSeconds: number;
    /** The player's position (the resume point), seconds. */
    position: number;
    reportedAt: string;
  }
>;

export type LongViewReached = DomainEvent<
  'LongViewReached',
  {
    viewingId: string;
    customerId: string;
    productId: number;
    videoId: number;
    planType: PlanType;
    totalSeconds: number;
    reachedAt: string;
  }
>;

export type ViewingEvent = VideoStarted | WatchedSecondsReported | LongViewReached;

export const VIEWING_EVENT_TYPES = [
  'VideoStarted',
  'WatchedSecondsReported',
  'LongViewReached',
] as const satisfies readonly ViewingEvent['type'][];

export const viewingStreamId = (viewingId: string): string => `viewing-${viewingId}`;

export interface StartViewing {
  type: 'StartViewing';
  viewingId: string;
  customerId: string;
  productId: number;
  videoId: number;
  planType: PlanType;
  now: string;
}

export interface ReportWatched {
  type: 'ReportWatched';
  customerId: string;
  seconds: number;
  position: number;
  now: string;
}

export type ViewingCommand = StartViewing | ReportWatched;

export interface Viewing {
  started: VideoStarted['data'] | null;
  totalSeconds: number;
  position: number;
  longView: boolean;
}

export const initialViewing: Viewing = { started: null, totalSeconds: 0, position: 0, longView: false };

const fail = (code: StreamingErrorCode): never => {
  throw new DomainError(code, StreamingErrors[code]);
};

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
    case 'ReportWatched': {
      const started = state.started ?? fail('viewing_not_started');
      if (started.customerId !== command.customerId) fail('viewing_of_another');
      if (state.longView) return []; // reporting stopped at the long view
      const elapsed = Math.floor((Date.parse(command.now) - Date.parse(started.startedAt)) / 1000);
      const allowed = Math.max(0, elapsed + REPORT_SLACK_SECONDS - state.totalSeconds);
      const seconds = Math.min(Math.max(0, Math.floor(command.seconds)), allowed);
      const totalSeconds = state.totalSeconds + seconds;
      const position = Math.max(0, Math.floor(command.position));
      const ids = {
        viewingId: started.viewingId,
        customerId: started.customerId,
        productId: started.productId,
        videoId: started.videoId,
      };
      const events: ViewingEvent[] = [
        { type: 'WatchedSecondsReported', data: { ...ids, seconds, totalSeconds, position, reportedAt: command.now } },
      ];
      if (totalSeconds > LONG_VIEW_SECONDS) {
        events.push({
          type: 'LongViewReached',
          data: { ...ids, planType: started.planType, totalSeconds, reachedAt: command.now },
        });
      }
      return events;
    }
  }
}

export function evolve(state: Viewing, event: ViewingEvent): Viewing {
  switch (event.type) {
    case 'VideoStarted':
      return { ...state, started: event.data };
    case 'WatchedSecondsReported':
      return { ...state, totalSeconds: event.data.totalSeconds, position: event.data.position };
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
