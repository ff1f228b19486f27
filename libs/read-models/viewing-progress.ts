import type { Pool, PoolClient } from 'pg';
import { type ViewingEvent, viewingIdOf } from '#libs/domain/streaming/viewing.js';
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
        await db.query('UPDATE viewings SET watched_seconds = $2, last_report_at = $3 WHERE viewing_id = $1', [
          d.viewingId,
          d.totalSeconds,
          d.reportedAt,
        ]);
        await db.query(
          `INSERT INTO video_positions (customer_id, video_id, product_id, position, updated_at)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (customer_id, video_id) DO UPDATE SET position = $4, updated_at = $5
             WHERE video_positions.updated_at <= $5`,
          [d.customerId, d.videoId, d.productId, d.position, d.reportedAt],
        );
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
};

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
