import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import type { Interval } from './intervals.js';
import {
  type ReportWatched,
  type VideoStarted,
  viewingDecider,
  type WatchedSecondsReported,
  type WatchIntervalsReported,
} from './viewing.js';

/** A fake clock: seconds after the start of the viewing, as the ISO time the command carries. */
const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (seconds: number): string => new Date(T0 + seconds * 1000).toISOString();
const ids = { viewingId: 'v-1', customerId: 'c-1', productId: 250, videoId: 5001 };
const started: VideoStarted = { type: 'VideoStarted', data: { ...ids, planType: 1, startedAt: at(0) } };
const DURATION = 1800;
/** The whole video served (the player fetched every segment). */
const ALL: Interval[] = [[0, DURATION]];

const report = (fields: Partial<ReportWatched> & { intervals: Interval[]; now: string }): ReportWatched => ({
  type: 'ReportWatched',
  customerId: 'c-1',
  position: fields.intervals.at(-1)?.[1] ?? 0,
  served: ALL,
  durationSeconds: DURATION,
  ...fields,
});
const reported = (
  intervals: Interval[],
  watched: Interval[],
  uniqueSeconds: number,
  position: number,
  seconds: number,
): WatchIntervalsReported => ({
  type: 'WatchIntervalsReported',
  data: { ...ids, intervals, watched, uniqueSeconds, position, reportedAt: at(seconds) },
});
/** Ten honest minutes: one heartbeat a minute, each the minute just played. */
const tenMinutes = Array.from({ length: 10 }, (_, i) =>
  reported([[60 * i, 60 * (i + 1)]], [[0, 60 * (i + 1)]], 60 * (i + 1), 60 * (i + 1), 60 * (i + 1)),
);
const given = givenWhenThen(viewingDecider);

describe('viewing decider (signed-in sections 4 and 9, issue 22)', () => {
  it('the first play records VideoStarted with the plan type', () => {
    given()
      .when({ type: 'StartViewing', ...ids, planType: 2, now: at(0) })
      .then({ type: 'VideoStarted', data: { ...ids, planType: 2, startedAt: at(0) } });
  });

  it('a second play of the same viewing records nothing (once per viewing)', () => {
    given(started)
      .when({ type: 'StartViewing', ...ids, planType: 1, now: at(5) })
      .then();
  });

  it('another account cannot start or report on the viewing; a report before the start is refused', () => {
    given(started)
      .when({ type: 'StartViewing', ...ids, customerId: 'c-2', planType: 1, now: at(5) })
      .thenFails('viewing_of_another');
    given(started)
      .when(report({ customerId: 'c-2', intervals: [[0, 60]], now: at(60) }))
      .thenFails('viewing_of_another');
    given()
      .when(report({ intervals: [[0, 60]], now: at(60) }))
      .thenFails('viewing_not_started');
  });

  it('a heartbeat records its intervals merged, what was watched and the unique seconds', () => {
    given(started)
      .when(
        report({
          intervals: [
            [30, 60],
            [0, 40],
          ],
          position: 60,
          now: at(60),
        }),
      )
      .then(reported([[0, 60]], [[0, 60]], 60, 60, 60));
  });

  it('intervals starting before 0, ending before they start or past the video (+1 s) are refused', () => {
    for (const bad of [[-1, 10] as Interval, [20, 10] as Interval, [1790, DURATION + 2] as Interval]) {
      given(started)
        .when(report({ intervals: [[0, 10], bad], now: at(900) }))
        .thenFails('heartbeat_invalid');
    }
    given(started)
      .when(report({ intervals: [[Number.NaN, 10]], now: at(900) }))
      .thenFails('heartbeat_invalid');
    // The last frame may end a little past the duration the import measured.
    given(started)
      .when(report({ intervals: [[DURATION - 5, DURATION + 1]], position: DURATION, now: at(900) }))
      .then(reported([[DURATION - 5, DURATION + 1]], [[DURATION - 5, DURATION]], 5, DURATION, 900));
  });

  it('without a known duration only the shape of the intervals is checked', () => {
    given(started)
      .when(report({ intervals: [[0, 50]], durationSeconds: null, served: [[0, 4]], now: at(60) }))
      .then(reported([[0, 50]], [[0, 4]], 4, 50, 60));
  });

  it('seconds reported twice (overlaps, repeats) count once', () => {
    given(started, reported([[0, 60]], [[0, 60]], 60, 60, 60))
      .when(
        report({
          intervals: [
            [30, 90],
            [0, 60],
            [60, 90],
          ],
          now: at(120),
        }),
      )
      .then(reported([[0, 90]], [[0, 90]], 90, 90, 120));
  });

  it('seconds the server never served to this viewing are not watched', () => {
    given(started)
      .when(report({ intervals: [[0, 600]], served: [], now: at(600) }))
      .then(reported([[0, 600]], [], 0, 600, 600));
    given(started)
      .when(
        report({
          intervals: [[0, 600]],
          served: [
            [0, 8],
            [100, 120],
          ],
          now: at(600),
        }),
      )
      .then(
        reported(
          [[0, 600]],
          [
            [0, 8],
            [100, 120],
          ],
          28,
          600,
          600,
        ),
      );
  });

  it('a claim served later counts once the media was served (the whole watched set is recomputed)', () => {
    given(started, reported([[0, 120]], [[0, 8]], 8, 120, 120))
      .when(report({ intervals: [], position: 120, served: [[0, 120]], now: at(130) }))
      .then(reported([], [[0, 120]], 120, 120, 130));
  });

  it('faster than real time is capped at the wall clock since the start plus 10 s', () => {
    given(started)
      .when(report({ intervals: [[0, 600]], now: at(20) }))
      .then(reported([[0, 600]], [[0, 600]], 30, 600, 20));
  });

  it('the unique seconds never decrease (an older report credited more)', () => {
    const old: WatchedSecondsReported = {
      type: 'WatchedSecondsReported',
      data: { ...ids, seconds: 60, totalSeconds: 300, position: 300, reportedAt: at(300) },
    };
    given(started, old)
      .when(report({ intervals: [[0, 100]], position: 310, now: at(310) }))
      .then(reported([[0, 100]], [[0, 100]], 300, 310, 310));
  });

  it('a paused heartbeat that changes nothing records nothing', () => {
    given(started, reported([[0, 60]], [[0, 60]], 60, 60, 60))
      .when(report({ intervals: [], position: 60, now: at(120) }))
      .then();
  });

  it('the position is the resume point, kept within the video; a heartbeat without one keeps it', () => {
    given(started)
      .when(report({ intervals: [], position: DURATION + 30, now: at(60) }))
      .then(reported([], [], 0, DURATION, 60));
    given(started, reported([[0, 60]], [[0, 60]], 60, 60, 60))
      .when(report({ intervals: [[60, 90]], position: null, now: at(90) }))
      .then(reported([[60, 90]], [[0, 90]], 90, 60, 90));
  });

  it('at exactly 600 unique seconds no long view yet (it must pass 600)', () => {
    given(started, ...tenMinutes.slice(0, 9))
      .when(report({ intervals: [[540, 600]], now: at(600) }))
      .then(reported([[540, 600]], [[0, 600]], 600, 600, 600));
  });

  it('passing 600 unique seconds records LongViewReached once, with the plan type of the start', () => {
    given(started, ...tenMinutes)
      .when(report({ intervals: [[600, 660]], now: at(660) }))
      .then(reported([[600, 660]], [[0, 660]], 660, 660, 660), {
        type: 'LongViewReached',
        data: { ...ids, planType: 1, totalSeconds: 660, reachedAt: at(660) },
      });
  });

  it('rewatching the same ten minutes for an hour never reaches the long view', () => {
    given(started, ...tenMinutes)
      .when(report({ intervals: [[0, 600]], position: 600, now: at(3600) }))
      .then(reported([[0, 600]], [[0, 600]], 600, 600, 3600));
  });

  it('after the long view, heartbeats keep the evidence but record no second long view', () => {
    given(started, ...tenMinutes, reported([[600, 660]], [[0, 660]], 660, 660, 660), {
      type: 'LongViewReached',
      data: { ...ids, planType: 1, totalSeconds: 660, reachedAt: at(660) },
    })
      .when(report({ intervals: [[660, 720]], now: at(720) }))
      .then(reported([[660, 720]], [[0, 720]], 720, 720, 720));
  });
});
