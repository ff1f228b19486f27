import type { Pool, PoolClient } from 'pg';
import { type VideoStarted, type ViewingEvent, viewingIdOf } from '#libs/domain/streaming/viewing.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * Viewing progress: every viewing with its watched seconds (unique seconds since issue 22) and long
 * view (the evidence a CME accreditor asks for: who watched which video, when, how long, on which
 * plan), and the resume position per customer and video (the latest report).
 */
export const viewingProgressReadModel: ReadModel = {
  name: 'viewing-progress',
  version: 2,
  tables: ['viewings', 'video_positions'],
  schema: `
    CREATE TABLE viewings (
      viewing_id text PRIMARY KEY,
      customer_id text NOT NULL,
      product_id integer NOT NULL,
      video_id integer NOT NULL,
      plan_type smallint NOT NULL,
      started_at timestamptz NOT NULL,
      watched_seconds integer NOT NULL DEFAULT 0,
      last_report_at timestamptz,
      long_view_at timestamptz
    );
    CREATE INDEX viewings_customer ON viewings (customer_id, started_at);
    CREATE TABLE video_positions (
      customer_id text NOT NULL,
      video_id integer NOT NULL,
      product_id integer NOT NULL,
      position integer NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (customer_id, video_id)
    )`,
  handles: ['VideoStarted', 'WatchedSecondsReported', 'WatchIntervalsReported', 'LongViewReached'],
  // Every event's statements are sent at once and no answer is read: a batch costs one round trip.
  pipelined: true,
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as ViewingEvent;
    switch (event.type) {
      case 'VideoStarted': {
        const d = event.data;
        await db.query(
          `INSERT INTO viewings (viewing_id, customer_id, product_id, video_id, plan_type, started_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
          [d.viewingId, d.customerId, d.productId, d.videoId, d.planType, d.startedAt],
        );
        return;
      }
      case 'WatchedSecondsReported': {
        const d = event.data;
        // Both sent before either answer is awaited (pipelined).
        await Promise.all([
          db.query('UPDATE viewings SET watched_seconds = $2, last_report_at = $3 WHERE viewing_id = $1', [
            d.viewingId,
            d.totalSeconds,
            d.reportedAt,
          ]),
          db.query(
            `INSERT INTO video_positions (customer_id, video_id, product_id, position, updated_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (customer_id, video_id) DO UPDATE SET position = $4, updated_at = $5
               WHERE video_positions.updated_at <= $5`,
            [d.customerId, d.videoId, d.productId, d.position, d.reportedAt],
          ),
        ]);
        return;
      }
      case 'WatchIntervalsReported': {
        // Version 2 carries no ids: the viewing is the stream's, its customer and video its row's.
        const d = event.data;
        const reportedAt = d.reportedAt ?? recorded.metadata.occurredAt;
        await db.query(
          `WITH viewing AS (
             UPDATE viewings SET watched_seconds = $2, last_report_at = $3::timestamptz WHERE viewing_id = $1
             RETURNING customer_id, video_id, product_id
           )
           INSERT INTO video_positions (customer_id, video_id, product_id, position, updated_at)
           SELECT customer_id, video_id, product_id, $4::integer, $3::timestamptz FROM viewing
           ON CONFLICT (customer_id, video_id) DO UPDATE SET position = $4, updated_at = $3
             WHERE video_positions.updated_at <= $3`,
          [viewingIdOf(recorded.streamId), d.uniqueSeconds, reportedAt, d.position],
        );
        return;
      }
      case 'LongViewReached':
        await db.query('UPDATE viewings SET long_view_at = $2 WHERE viewing_id = $1', [
          event.data.viewingId,
          event.data.reachedAt,
        ]);
        return;
    }
  },
  applyEvents: applyViewingRun,
};

/** A heartbeat folded into its viewing's row: the last report's seconds and time, the latest resume point. */
interface Report {
  seconds: number;
  lastAt: string;
  position: number;
  positionAt: string;
  /** The report's place in the run (ties of time go to the later one, as one by one). */
  order: number;
}

/**
 * A run of events at once (ReadModel.applyEvents): the viewings started (one INSERT), every heartbeat
 * folded per viewing into its last report (one UPDATE of those viewings, whose rows give each its
 * customer and video, and one upsert of the newest position per customer and video), the long views
 * (one UPDATE). The same rows as `apply` one event after another: per viewing the last report wins,
 * per customer and video the latest report (the later one at equal times), a row already newer stays.
 * Reports of before issue 22 (WatchedSecondsReported, with their ids) go one by one, first.
 */
async function applyViewingRun(run: readonly RecordedEvent[], db: PoolClient): Promise<void> {
  const started: VideoStarted['data'][] = [];
  const reports = new Map<string, Report>();
  const longViews = new Map<string, string>();
  const sent: Promise<unknown>[] = [];
  const older: RecordedEvent[] = [];
  run.forEach((recorded, order) => {
    const event = recorded as unknown as ViewingEvent;
    if (event.type === 'VideoStarted') started.push(event.data);
    else if (event.type === 'LongViewReached') longViews.set(event.data.viewingId, event.data.reachedAt);
    else if (event.type === 'WatchedSecondsReported') older.push(recorded);
    else if (event.type === 'WatchIntervalsReported') {
      const at = event.data.reportedAt ?? recorded.metadata.occurredAt;
      const id = viewingIdOf(recorded.streamId);
      if (id === null) return; // not a viewing's stream: one by one it would change no row either
      const before = reports.get(id);
      const newer = !before || Date.parse(at) >= Date.parse(before.positionAt);
      reports.set(id, {
        seconds: event.data.uniqueSeconds,
        lastAt: at,
        position: newer ? event.data.position : before.position,
        positionAt: newer ? at : before.positionAt,
        order: newer ? order : before.order,
      });
    }
  });
  if (started.length > 0) {
    const column = <K extends keyof VideoStarted['data']>(key: K) => started.map((d) => d[key]);
    sent.push(
      db.query(
        `INSERT INTO viewings (viewing_id, customer_id, product_id, video_id, plan_type, started_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::smallint[], $6::timestamptz[])
         ON CONFLICT DO NOTHING`,
        [
          column('viewingId'),
          column('customerId'),
          column('productId'),
          column('videoId'),
          column('planType'),
          column('startedAt'),
        ],
      ),
    );
  }
  for (const recorded of older) sent.push(viewingProgressReadModel.apply(recorded, db));
  if (reports.size > 0) {
    const rows = [...reports.entries()];
    sent.push(
      db.query(
        `WITH report AS (
           SELECT * FROM unnest($1::text[], $2::int[], $3::timestamptz[], $4::int[], $5::timestamptz[], $6::int[])
             AS r(viewing_id, seconds, last_at, position, position_at, ord)
         ), viewing AS (
           UPDATE viewings v SET watched_seconds = r.seconds, last_report_at = r.last_at
           FROM report r WHERE v.viewing_id = r.viewing_id
           RETURNING v.customer_id, v.video_id, v.product_id, r.position, r.position_at, r.ord
         ), newest AS (
           SELECT DISTINCT ON (customer_id, video_id) * FROM viewing
           ORDER BY customer_id, video_id, position_at DESC, ord DESC
         )
         INSERT INTO video_positions (customer_id, video_id, product_id, position, updated_at)
         SELECT customer_id, video_id, product_id, position, position_at FROM newest
         ON CONFLICT (customer_id, video_id) DO UPDATE SET position = EXCLUDED.position,
           updated_at = EXCLUDED.updated_at
           WHERE video_positions.updated_at <= EXCLUDED.updated_at`,
        [
          rows.map(([id]) => id),
          rows.map(([, r]) => r.seconds),
          rows.map(([, r]) => r.lastAt),
          rows.map(([, r]) => r.position),
          rows.map(([, r]) => r.positionAt),
          rows.map(([, r]) => r.order),
        ],
      ),
    );
  }
  if (longViews.size > 0) {
    sent.push(
      db.query(
        `UPDATE viewings v SET long_view_at = l.at
         FROM unnest($1::text[], $2::timestamptz[]) AS l(viewing_id, at) WHERE v.viewing_id = l.viewing_id`,
        [[...longViews.keys()], [...longViews.values()]],
      ),
    );
  }
  await Promise.all(sent);
}

export interface ViewingRow {
  viewingId: string;
  customerId: string;
  productId: number;
  videoId: number;
  planType: number;
  watchedSeconds: number;
  longView: boolean;
}

export async function viewingOf(db: Db, viewingId: string): Promise<ViewingRow | null> {
  const { rows } = await db.query<ViewingRow>(
    `SELECT viewing_id AS "viewingId", customer_id AS "customerId", product_id AS "productId",
            video_id AS "videoId", plan_type AS "planType", watched_seconds AS "watchedSeconds",
            long_view_at IS NOT NULL AS "longView"
       FROM viewings WHERE viewing_id = $1`,
    [viewingId],
  );
  return rows[0] ?? null;
}

/** Where the customer left each of these videos (seconds); videos never reported are absent. */
export async function resumePositions(db: Db, customerId: string, videoIds: number[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ video_id: number; position: number }>(
    'SELECT video_id, position FROM video_positions WHERE customer_id = $1 AND video_id = ANY($2::int[])',
    [customerId, videoIds],
  );
  return new Map(rows.map((r) => [r.video_id, r.position]));
}

/** The customer's latest long view of any video of the product (the CME retake policy's evidence), or null. */
export async function lastLongViewAt(db: Db, customerId: string, productId: number): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>(
    'SELECT max(long_view_at) AS at FROM viewings WHERE customer_id = $1 AND product_id = $2',
    [customerId, productId],
  );
  return rows[0]?.at ?? null;
}
