import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { type VideoStarted, viewingDecider, type WatchedSecondsReported } from './viewing.js';

/** A fake clock: seconds after the start of the viewing, as the ISO time the command carries. */
const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (seconds: number): string => new Date(T0 + seconds * 1000).toISOString();
const ids = { viewingId: 'v-1', customerId: 'c-1', productId: 250, videoId: 5001 };
const started: VideoStarted = { type: 'VideoStarted', data: { ...ids, planType: 1, startedAt: at(0) } };
const report = (n: number): WatchedSecondsReported => ({
  type: 'WatchedSecondsReported',
  data: { ...ids, seconds: 60, totalSeconds: 60 * n, position: 60 * n, reportedAt: at(60 * n) },
});
const given = givenWhenThen(viewingDecider);

describe('viewing decider (signed-in sections 4 and 9)', () => {
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

  it('another account cannot start or report on the viewing', () => {
    given(started)
      .when({ type: 'StartViewing', ...ids, customerId: 'c-2', planType: 1, now: at(5) })
      .thenFails('viewing_of_another');
    given(started)
      .when({ type: 'ReportWatched', customerId: 'c-2', seconds: 60, position: 60, now: at(60) })
      .thenFails('viewing_of_another');
  });

  it('a report before the start is refused', () => {
    given()
      .when({ type: 'ReportWatched', customerId: 'c-1', seconds: 60, position: 60, now: at(60) })
      .thenFails('viewing_not_started');
  });

  it('a report adds the watched seconds and keeps the position', () => {
    given(started)
      .when({ type: 'ReportWatched', customerId: 'c-1', seconds: 60, position: 75, now: at(60) })
      .then({
        type: 'WatchedSecondsReported',
        data: { ...ids, seconds: 60, totalSeconds: 60, position: 75, reportedAt: at(60) },
      });
  });

  it('a report cannot credit more time than passed since the start (plus 30 s slack)', () => {
    given(started)
      .when({ type: 'ReportWatched', customerId: 'c-1', seconds: 120, position: 120, now: at(10) })
      .then({
        type: 'WatchedSecondsReported',
        data: { ...ids, seconds: 40, totalSeconds: 40, position: 120, reportedAt: at(10) },
      });
  });

  it('at exactly 600 s no long view yet (it must pass 600)', () => {
    const ten = Array.from({ length: 9 }, (_, i) => report(i + 1));
    given(started, ...ten)
      .when({ type: 'ReportWatched', customerId: 'c-1', seconds: 60, position: 600, now: at(600) })
      .then({
        type: 'WatchedSecondsReported',
        data: { ...ids, seconds: 60, totalSeconds: 600, position: 600, reportedAt: at(600) },
      });
  });

  it('passing 600 s records LongViewReached once, with the plan type of the start', () => {
    const ten = Array.from({ length: 10 }, (_, i) => report(i + 1));
    given(started, ...ten)
      .when({ type: 'ReportWatched', customerId: 'c-1', seconds: 60, position: 660, now: at(660) })
      .then(
        {
          type: 'WatchedSecondsReported',
          data: { ...ids, seconds: 60, totalSeconds: 660, position: 660, reportedAt: at(660) },
        },
        { type: 'LongViewReached', data: { ...ids, planType: 1, totalSeconds: 660, reachedAt: at(660) } },
      );
  });

  it('after the long view, reporting stops: further reports record nothing', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => report(i + 1));
    given(started, ...eleven, {
      type: 'LongViewReached',
      data: { ...ids, planType: 1, totalSeconds: 660, reachedAt: at(660) },
    })
      .when({ type: 'ReportWatched', customerId: 'c-1', seconds: 60, position: 720, now: at(720) })
      .then();
  });
});
