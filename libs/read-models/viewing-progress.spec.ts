import { projectInto, readModelDatabase } from './identity-projection.testing.js';
import { lastLongViewAt, resumePositions, viewingOf, viewingProgressReadModel } from './viewing-progress.js';

const ids = { customerId: 'c1', productId: 250, videoId: 5001 };
const started = (viewingId: string, startedAt: string, planType: 0 | 1 | 2 = 2) => ({
  type: 'VideoStarted',
  data: { viewingId, ...ids, planType, startedAt },
});
/** A heartbeat (issue 32, version 2): what it added, the unique seconds and the resume point; no ids. */
const reported = (viewingId: string, uniqueSeconds: number, position: number, reportedAt: string) => ({
  type: 'WatchIntervalsReported',
  streamId: `viewing-${viewingId}`,
  data: { intervals: [[0, uniqueSeconds]], added: [[0, uniqueSeconds]], uniqueSeconds, position },
  metadata: { occurredAt: reportedAt, schemaVersion: 2 },
});
/** The same heartbeat as version 1 wrote it (issue 22): the ids and everything watched so far. */
const reportedV1 = (viewingId: string, uniqueSeconds: number, position: number, reportedAt: string) => ({
  type: 'WatchIntervalsReported',
  streamId: `viewing-${viewingId}`,
  data: {
    viewingId,
    ...ids,
    intervals: [[0, uniqueSeconds]],
    watched: [[0, uniqueSeconds]],
    uniqueSeconds,
    position,
    reportedAt,
  },
  metadata: { occurredAt: reportedAt, schemaVersion: 1 },
});
/** A report recorded before issue 22 (the player's seconds), still read. */
const reportedSeconds = (viewingId: string, totalSeconds: number, position: number, reportedAt: string) => ({
  type: 'WatchedSecondsReported',
  data: { viewingId, ...ids, seconds: 60, totalSeconds, position, reportedAt },
});

describe('viewing progress read model', () => {
  const db = readModelDatabase(viewingProgressReadModel);

  it('given a viewing started, reported and past 600 s, then its row holds the total, the plan and the long view', async () => {
    await projectInto(db.pool, viewingProgressReadModel, [
      started('v1', '2026-03-01T10:00:00.000Z'),
      started('v1', '2026-03-01T10:05:00.000Z', 1), // a repeat (replay) changes nothing
      reportedSeconds('v1', 60, 60, '2026-03-01T10:01:00.000Z'),
      reported('v1', 660, 655, '2026-03-01T10:11:00.000Z'),
      {
        type: 'LongViewReached',
        data: { viewingId: 'v1', ...ids, planType: 2, totalSeconds: 660, reachedAt: '2026-03-01T10:11:00.000Z' },
      },
      started('v2', '2026-03-02T09:00:00.000Z', 0),
    ]);
    expect(await viewingOf(db.pool, 'v1')).toEqual({
      viewingId: 'v1',
      ...ids,
      planType: 2,
      watchedSeconds: 660,
      longView: true,
    });
    expect(await viewingOf(db.pool, 'v2')).toMatchObject({ planType: 0, watchedSeconds: 0, longView: false });
    expect(await viewingOf(db.pool, 'nope')).toBeNull();
  });

  it('then the resume position is the latest report per customer and video, whichever viewing made it', async () => {
    await projectInto(db.pool, viewingProgressReadModel, [
      started('v1', '2026-03-01T10:00:00.000Z'),
      started('v2', '2026-03-02T09:00:00.000Z'),
      reported('v2', 60, 120, '2026-03-02T09:01:00.000Z'),
      // An older report arriving later (another viewing of the same video) does not move the position back.
      reported('v1', 60, 30, '2026-03-01T10:01:30.000Z'),
    ]);
    expect(await resumePositions(db.pool, 'c1', [5001, 5002])).toEqual(new Map([[5001, 120]]));
    expect(await resumePositions(db.pool, 'c2', [5001])).toEqual(new Map());
  });

  it('then the latest long view of a product is the newest of its videos, for that customer only', async () => {
    const long = (viewingId: string, videoId: number, reachedAt: string) => ({
      type: 'LongViewReached',
      data: { viewingId, ...ids, videoId, planType: 2, totalSeconds: 601, reachedAt },
    });
    await projectInto(db.pool, viewingProgressReadModel, [
      started('w1', '2026-04-01T10:00:00.000Z'),
      { type: 'VideoStarted', data: { ...started('w2', '2026-04-02T10:00:00.000Z').data, videoId: 5002 } },
      started('w3', '2026-04-03T10:00:00.000Z'),
      long('w1', 5001, '2026-04-01T10:11:00.000Z'),
      long('w2', 5002, '2026-04-02T10:11:00.000Z'),
    ]);
    expect(await lastLongViewAt(db.pool, 'c1', 250)).toEqual(new Date('2026-04-02T10:11:00.000Z'));
    expect(await lastLongViewAt(db.pool, 'c1', 251)).toBeNull();
    expect(await lastLongViewAt(db.pool, 'c2', 250)).toBeNull();
  });

  it('a viewing reported in version 1 and the same in version 2 give the same rows', async () => {
    const rows = async (report: typeof reported | typeof reportedV1) => {
      await projectInto(db.pool, viewingProgressReadModel, [
        started('x1', '2026-05-01T10:00:00.000Z'),
        report('x1', 60, 60, '2026-05-01T10:01:00.000Z'),
        report('x1', 120, 118, '2026-05-01T10:02:00.000Z'),
      ]);
      const found = await db.pool.query(
        `SELECT v.*, p.position, p.updated_at FROM viewings v JOIN video_positions p USING (customer_id, video_id)
         WHERE viewing_id = 'x1'`,
      );
      await db.pool.query('DROP TABLE viewings, video_positions');
      return found.rows;
    };
    const v1 = await rows(reportedV1);
    expect(v1).toHaveLength(1);
    expect(v1[0]).toMatchObject({ watched_seconds: 120, position: 118 });
    expect(await rows(reported)).toEqual(v1);
  });

  it('a run of events applied at once (a rebuild batch) leaves the rows one by one leaves, however it is cut', async () => {
    const other = { customerId: 'c2', productId: 251, videoId: 5002 };
    const startedAs = (viewingId: string, at: string, who = ids) => ({
      type: 'VideoStarted',
      data: { viewingId, ...who, planType: 1 as const, startedAt: at },
    });
    const history = [
      startedAs('r1', '2026-06-01T10:00:00.000Z'),
      reported('r1', 60, 60, '2026-06-01T10:01:00.000Z'),
      startedAs('r2', '2026-06-01T10:00:30.000Z'), // the same customer and video, another viewing
      reportedV1('r2', 30, 30, '2026-06-01T10:01:00.000Z'), // the same time as r1's report: the later wins
      reportedSeconds('r0', 50, 50, '2026-06-01T09:00:00.000Z'), // before issue 22, with its ids
      reported('r1', 120, 115, '2026-06-01T10:02:00.000Z'),
      reported('r2', 90, 88, '2026-06-01T10:01:30.000Z'), // older than r1's last: the resume point stays r1's
      startedAs('r1', '2026-06-01T11:00:00.000Z', other), // a repeat changes nothing
      startedAs('r3', '2026-06-01T12:00:00.000Z', other),
      reported('r3', 700, 690, '2026-06-01T12:12:00.000Z'),
      reported('r3', 650, 10, '2026-06-01T12:11:00.000Z'), // a report out of time order
      {
        type: 'LongViewReached',
        data: { viewingId: 'r3', ...other, planType: 1, totalSeconds: 700, reachedAt: '2026-06-01T12:12:00.000Z' },
      },
      reported('r9', 60, 60, '2026-06-01T12:13:00.000Z'), // no such viewing: no row
    ];
    const rowsAfter = async (runs?: number) => {
      await projectInto(db.pool, viewingProgressReadModel, history, runs === undefined ? {} : { runs });
      const viewings = await db.pool.query('SELECT * FROM viewings ORDER BY viewing_id');
      const positions = await db.pool.query('SELECT * FROM video_positions ORDER BY customer_id, video_id');
      await db.pool.query('DROP TABLE viewings, video_positions');
      return { viewings: viewings.rows, positions: positions.rows };
    };
    const oneByOne = await rowsAfter();
    expect(oneByOne.viewings.map((v) => [v.viewing_id, v.watched_seconds])).toEqual([
      ['r1', 120],
      ['r2', 90],
      ['r3', 650],
    ]);
    expect(oneByOne.positions.map((p) => [p.customer_id, p.video_id, p.position])).toEqual([
      ['c1', 5001, 115],
      ['c2', 5002, 690],
    ]);
    for (const runs of [1, 2, 3, 5, history.length]) expect(await rowsAfter(runs)).toEqual(oneByOne);
  });
});
