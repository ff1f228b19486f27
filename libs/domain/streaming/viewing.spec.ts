import { fold } from '../kernel/decider.js';
import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import type { Interval } from './intervals.js';
import {
  type ReportWatched,
  type VideoStarted,
  viewingDecider,
  type WatchedSecondsReported,
  type WatchIntervalsReported,
  type WatchIntervalsReportedV1,
  upcastWatchIntervalsV1,
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
/** A heartbeat of version 2: its intervals, what it added to what was watched, the unique seconds, the position. */
const reported = (
  intervals: Interval[],
  added: Interval[],
  uniqueSeconds: number,
  position: number,
): WatchIntervalsReported => ({
  type: 'WatchIntervalsReported',
  data: { intervals, added, uniqueSeconds, position },
});
/** Ten honest minutes: one heartbeat a minute, each the minute just played. */
const tenMinutes = Array.from({ length: 10 }, (_, i) =>
  reported([[60 * i, 60 * (i + 1)]], [[60 * i, 60 * (i + 1)]], 60 * (i + 1), 60 * (i + 1)),
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
      .then(reported([[0, 60]], [[0, 60]], 60, 60));
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
      .then(reported([[DURATION - 5, DURATION + 1]], [[DURATION - 5, DURATION]], 5, DURATION));
  });

  it('without a known duration only the shape of the intervals is checked', () => {
    given(started)
      .when(report({ intervals: [[0, 50]], durationSeconds: null, served: [[0, 4]], now: at(60) }))
      .then(reported([[0, 50]], [[0, 4]], 4, 50));
  });

  it('seconds reported twice (overlaps, repeats) count once', () => {
    given(started, reported([[0, 60]], [[0, 60]], 60, 60))
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
      .then(reported([[0, 90]], [[60, 90]], 90, 90));
  });

  it('seconds the server never served to this viewing are not watched', () => {
    given(started)
      .when(report({ intervals: [[0, 600]], served: [], now: at(600) }))
      .then(reported([[0, 600]], [], 0, 600));
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
        ),
      );
  });

  it('a claim served later counts once the media was served (the heartbeat adds it)', () => {
    given(started, reported([[0, 120]], [[0, 8]], 8, 120))
      .when(report({ intervals: [], position: 120, served: [[0, 120]], now: at(130) }))
      .then(reported([], [[8, 120]], 120, 120));
  });

  it('faster than real time is capped at the wall clock since the start plus 10 s', () => {
    given(started)
      .when(report({ intervals: [[0, 600]], now: at(20) }))
      .then(reported([[0, 600]], [[0, 600]], 30, 600));
  });

  it('the unique seconds never decrease (an older report credited more)', () => {
    const old: WatchedSecondsReported = {
      type: 'WatchedSecondsReported',
      data: { ...ids, seconds: 60, totalSeconds: 300, position: 300, reportedAt: at(300) },
    };
    given(started, old)
      .when(report({ intervals: [[0, 100]], position: 310, now: at(310) }))
      .then(reported([[0, 100]], [[0, 100]], 300, 310));
  });

  it('a paused heartbeat that changes nothing records nothing', () => {
    given(started, reported([[0, 60]], [[0, 60]], 60, 60))
      .when(report({ intervals: [], position: 60, now: at(120) }))
      .then();
  });

  it('the position is the resume point, kept within the video; a heartbeat without one keeps it', () => {
    given(started)
      .when(report({ intervals: [], position: DURATION + 30, now: at(60) }))
      .then(reported([], [], 0, DURATION));
    given(started, reported([[0, 60]], [[0, 60]], 60, 60))
      .when(report({ intervals: [[60, 90]], position: null, now: at(90) }))
      .then(reported([[60, 90]], [[60, 90]], 90, 60));
  });

  it('at exactly 600 unique seconds no long view yet (it must pass 600)', () => {
    given(started, ...tenMinutes.slice(0, 9))
      .when(report({ intervals: [[540, 600]], now: at(600) }))
      .then(reported([[540, 600]], [[540, 600]], 600, 600));
  });

  it('passing 600 unique seconds records LongViewReached once, with the plan type of the start', () => {
    given(started, ...tenMinutes)
      .when(report({ intervals: [[600, 660]], now: at(660) }))
      .then(reported([[600, 660]], [[600, 660]], 660, 660), {
        type: 'LongViewReached',
        data: { ...ids, planType: 1, totalSeconds: 660, reachedAt: at(660) },
      });
  });

  it('rewatching the same ten minutes for an hour never reaches the long view', () => {
    given(started, ...tenMinutes)
      .when(report({ intervals: [[0, 600]], position: 600, now: at(3600) }))
      .then(reported([[0, 600]], [], 600, 600));
  });

  it('after the long view, heartbeats keep the evidence but record no second long view', () => {
    given(started, ...tenMinutes, reported([[600, 660]], [[600, 660]], 660, 660), {
      type: 'LongViewReached',
      data: { ...ids, planType: 1, totalSeconds: 660, reachedAt: at(660) },
    })
      .when(report({ intervals: [[660, 720]], now: at(720) }))
      .then(reported([[660, 720]], [[660, 720]], 720, 720));
  });

  describe('heartbeats of version 1 (the whole watched set) read through the upcaster', () => {
    // One viewing, recorded both ways: a first minute, a rewatch with seconds not served yet, then those served.
    const reports = [
      report({ intervals: [[0, 60]], served: [[0, 60]], now: at(60) }),
      report({ intervals: [[30, 120]], served: [[0, 90]], now: at(120) }),
      report({ intervals: [], position: 120, served: [[0, 120]], now: at(130) }),
      report({
        intervals: [[200, 260]],
        served: [
          [0, 120],
          [200, 230],
        ],
        now: at(200),
      }),
    ];
    /** The events the decider records now (version 2). */
    const recorded = (): WatchIntervalsReported[] => {
      const events: WatchIntervalsReported[] = [];
      for (const command of reports) {
        const state = fold(viewingDecider, [started, ...events]);
        events.push(...(viewingDecider.decide(command, state) as WatchIntervalsReported[]));
      }
      return events;
    };
    /** The same heartbeats as version 1 wrote them: ids, the whole watched set so far, the report's time. */
    const asVersion1 = (events: WatchIntervalsReported[]): WatchIntervalsReportedV1[] => {
      let watched: Interval[] = [];
      return events.map((e, i) => {
        watched = fold(viewingDecider, [started, ...events.slice(0, i + 1)]).watched;
        const { added: _added, ...rest } = e.data;
        return { ...ids, ...rest, watched, reportedAt: reports[i]!.now };
      });
    };
    const upcast = (data: WatchIntervalsReportedV1): WatchIntervalsReported => ({
      type: 'WatchIntervalsReported',
      data: upcastWatchIntervalsV1(data),
    });

    it("the upcaster maps the whole watched set to added and keeps the time; the ids are the stream's", () => {
      const data: WatchIntervalsReportedV1 = {
        ...ids,
        intervals: [[60, 90]],
        watched: [[0, 90]],
        uniqueSeconds: 90,
        position: 90,
        reportedAt: at(90),
      };
      expect(upcastWatchIntervalsV1(data)).toEqual({
        intervals: [[60, 90]],
        added: [[0, 90]],
        uniqueSeconds: 90,
        position: 90,
        reportedAt: at(90),
      });
    });

    it('old events, new events and a mix in one stream fold to the same watched set and unique seconds', () => {
      const v2 = recorded();
      expect(v2.map((e) => e.data.added)).toEqual([[[0, 60]], [[60, 90]], [[90, 120]], [[200, 230]]]);
      const v1 = asVersion1(v2).map(upcast);
      const mixed = [...v1.slice(0, 2), ...v2.slice(2)];
      const states = [v2, v1, mixed].map((events) => fold(viewingDecider, [started, ...events]));
      for (const state of states) {
        expect(state.watched).toEqual([
          [0, 120],
          [200, 230],
        ]);
        expect(state.uniqueSeconds).toBe(150);
        expect(state.claims).toEqual([
          [0, 120],
          [200, 260],
        ]);
      }
    });

    it('given old, new or mixed history, the next heartbeat records the same event', () => {
      const v2 = recorded();
      const v1 = asVersion1(v2).map(upcast);
      const next = report({ intervals: [[230, 300]], served: [[0, 300]], now: at(400) });
      const expected = reported([[230, 300]], [[230, 300]], 220, 300);
      given(started, ...v2)
        .when(next)
        .then(expected);
      given(started, ...v1)
        .when(next)
        .then(expected);
      given(started, v1[0]!, v2[1]!, v1[2]!, v2[3]!).when(next).then(expected);
    });
  });
});
