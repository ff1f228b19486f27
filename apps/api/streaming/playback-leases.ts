import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { onceSucceeded } from '#libs/database/once-succeeded.js';
import { inTransaction } from '#libs/database/transaction.js';
import type { Interval } from '#libs/domain/streaming/intervals.js';
import { PG_POOL } from '../infrastructure/tokens.js';

/**
 * Playback leases: one row per viewing (a page load of the player) that opened a playback. Not events:
 * a lease is renewed by every heartbeat; the facts (started, watched, long view) are the viewing's
 * events. `served` holds the seconds of the video the server sent to this viewing (segments' spans, a
 * progressive file's bytes in proportion), which the heartbeat's decider intersects with the claims.
 */
export const PLAYBACK_LEASES_SCHEMA = `
CREATE TABLE IF NOT EXISTS playback_leases (
  viewing_id text PRIMARY KEY,
  token_key text NOT NULL UNIQUE,
  customer_id text NOT NULL,
  session_id text NOT NULL,
  product_id integer NOT NULL,
  video_id integer NOT NULL,
  media_id text,
  file text,
  duration double precision,
  access_until timestamptz NOT NULL,
  started_at timestamptz NOT NULL,
  ended_reason text,
  served int4multirange NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS playback_leases_live ON playback_leases (customer_id) WHERE ended_reason IS NULL;
CREATE INDEX IF NOT EXISTS playback_leases_until ON playback_leases (access_until)`;

/** A lease ended by another playback of the account (the one-device rule, extended to playback). */
export const ENDED_ELSEWHERE = 'elsewhere';
/** Leases are kept this long after their access ended (heartbeats of a sleeping laptop still find them). */
const KEEP_DAYS = 7;

export interface PlaybackLease {
  viewingId: string;
  tokenKey: string;
  customerId: string;
  sessionId: string;
  productId: number;
  videoId: number;
  /** The imported media's folder under HLS_DIR, or null for a progressive title. */
  mediaId: string | null;
  /** The progressive file inside MEDIA_DIR, or null for imported media. */
  file: string | null;
  duration: number | null;
  accessUntil: Date;
  endedReason: string | null;
  served: Interval[];
}

/** What opening (or reopening) a lease writes: the lease before any takeover or served media. */
export type LeaseOpening = Omit<PlaybackLease, 'endedReason' | 'served'> & { now: Date };

const COLUMNS = `viewing_id AS "viewingId", token_key AS "tokenKey", customer_id AS "customerId",
  session_id AS "sessionId", product_id AS "productId", video_id AS "videoId", media_id AS "mediaId", file,
  duration, access_until AS "accessUntil", ended_reason AS "endedReason",
  coalesce((SELECT json_agg(json_build_array(lower(r), upper(r)) ORDER BY lower(r)) FROM unnest(served) r), '[]')
    AS served`;

/** `[[0, 4], [8, 12]]` as the int4multirange literal `{[0,4),[8,12)}`. */
export const multirange = (intervals: readonly Interval[]): string =>
  `{${intervals.map(([from, to]) => `[${from},${to})`).join(',')}}`;

@Injectable()
export class PlaybackLeases {
  private readonly ensureTable = onceSucceeded(() => this.pool.query(PLAYBACK_LEASES_SCHEMA));

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * Opens the viewing's lease, or reopens it (a new page of the same viewing, "Play here"): live again,
   * renewed, the same token key while the session is the same (several opens at once agree), the
   * seconds served so far kept. Null when the viewing's lease belongs to another account.
   */
  async open(lease: LeaseOpening): Promise<PlaybackLease | null> {
    await this.ensureTable();
    const { rows } = await this.pool.query<PlaybackLease>(
      `INSERT INTO playback_leases AS l (viewing_id, token_key, customer_id, session_id, product_id, video_id,
              media_id, file, duration, access_until, started_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (viewing_id) DO UPDATE SET
         token_key = CASE WHEN l.session_id = EXCLUDED.session_id THEN l.token_key ELSE EXCLUDED.token_key END,
         session_id = EXCLUDED.session_id, product_id = EXCLUDED.product_id, video_id = EXCLUDED.video_id,
         media_id = EXCLUDED.media_id, file = EXCLUDED.file, duration = EXCLUDED.duration,
         access_until = EXCLUDED.access_until, ended_reason = NULL
       WHERE l.customer_id = EXCLUDED.customer_id
       RETURNING ${COLUMNS}`,
      [
        lease.viewingId,
        lease.tokenKey,
        lease.customerId,
        lease.sessionId,
        lease.productId,
        lease.videoId,
        lease.mediaId,
        lease.file,
        lease.duration,
        lease.accessUntil,
        lease.now,
      ],
    );
    return rows[0] ?? null;
  }

  async byKey(tokenKey: string): Promise<PlaybackLease | null> {
    await this.ensureTable();
    const { rows } = await this.pool.query<PlaybackLease>(
      `SELECT ${COLUMNS} FROM playback_leases WHERE token_key = $1`,
      [tokenKey],
    );
    return rows[0] ?? null;
  }

  async byViewing(viewingId: string): Promise<PlaybackLease | null> {
    await this.ensureTable();
    const { rows } = await this.pool.query<PlaybackLease>(
      `SELECT ${COLUMNS} FROM playback_leases WHERE viewing_id = $1`,
      [viewingId],
    );
    return rows[0] ?? null;
  }

  /** Whose the viewing's lease is, whether it ended and until when it gives access (the player's lease check). */
  async stateOf(viewingId: string): Promise<Pick<PlaybackLease, 'customerId' | 'endedReason' | 'accessUntil'> | null> {
    await this.ensureTable();
    const { rows } = await this.pool.query<Pick<PlaybackLease, 'customerId' | 'endedReason' | 'accessUntil'>>(
      `SELECT customer_id AS "customerId", ended_reason AS "endedReason", access_until AS "accessUntil"
         FROM playback_leases WHERE viewing_id = $1`,
      [viewingId],
    );
    return rows[0] ?? null;
  }

  /** Renews a live lease (a heartbeat); false when it ended elsewhere or does not exist. */
  async renew(viewingId: string, accessUntil: Date): Promise<boolean> {
    await this.ensureTable();
    const { rowCount } = await this.pool.query(
      'UPDATE playback_leases SET access_until = $2 WHERE viewing_id = $1 AND ended_reason IS NULL',
      [viewingId, accessUntil],
    );
    return rowCount === 1;
  }

  /**
   * The first play of a viewing makes it the account's one playback: every other lease of the account
   * ends ('elsewhere') and this one is live again. Answers the token keys of the leases it ended.
   */
  async takeOver(customerId: string, viewingId: string, now: Date): Promise<string[]> {
    await this.ensureTable();
    return inTransaction(this.pool, async (client) => {
      // Rows locked in one order (here and in addServed): thirty plays at once wait, never deadlock.
      await client.query('SELECT 1 FROM playback_leases WHERE customer_id = $1 ORDER BY viewing_id FOR UPDATE', [
        customerId,
      ]);
      const { rows } = await client.query<{ token_key: string }>(
        `UPDATE playback_leases SET ended_reason = CASE WHEN viewing_id = $2 THEN NULL ELSE $3 END
          WHERE customer_id = $1
            AND ((viewing_id <> $2 AND ended_reason IS NULL) OR (viewing_id = $2 AND ended_reason IS NOT NULL))
          RETURNING token_key`,
        [customerId, viewingId, ENDED_ELSEWHERE],
      );
      // Old leases go with the next takeover: an account's playbacks are few, the table stays small.
      await client.query(
        `DELETE FROM playback_leases WHERE customer_id = $1 AND access_until < $2::timestamptz - interval '${KEEP_DAYS} days'`,
        [customerId, now],
      );
      return rows.map((r) => r.token_key);
    });
  }

  /** Adds served seconds to leases (the recorder's flush), one statement for all of them. */
  async addServed(served: Map<string, readonly Interval[]>): Promise<void> {
    if (served.size === 0) return;
    await this.ensureTable();
    const ids = [...served.keys()];
    const ranges = ids.map((id) => multirange(served.get(id) ?? []));
    await inTransaction(this.pool, async (client) => {
      await client.query(
        'SELECT 1 FROM playback_leases WHERE viewing_id = ANY($1::text[]) ORDER BY viewing_id FOR UPDATE',
        [ids],
      );
      await client.query(
        `UPDATE playback_leases l SET served = l.served + v.r
           FROM (SELECT unnest($1::text[]) AS id, unnest($2::text[])::int4multirange AS r) v
          WHERE l.viewing_id = v.id`,
        [ids, ranges],
      );
    });
  }
}
