/**
 * SQL of the PostgreSQL event store (docs/event-store.md, "PostgreSQL adapter").
 *
 * A global position is `transaction id << 16 | index in the append`: the append's own transaction id
 * (`pg_current_xact_id()`, 64 bits with epoch, never reused) in the high bits, the event's place in
 * its append in the low 16 bits. Readers only read below `pg_snapshot_xmin(pg_current_snapshot()) << 16`,
 * i.e. events of transactions older than every transaction still running: no event can commit
 * below that bound later, so a reader that moved its checkpoint past position N never misses an
 * event below N. Appends take no lock shared by all writers, so they run in parallel.
 */

/** Most events one append can hold: the low 16 bits of a position number them. */
export const MAX_EVENTS_PER_APPEND = 1 << 16;

export const EVENT_STORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS es_events (
  position bigint PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, revision)
);
-- The first version of this store appended through a function holding a global lock.
DROP FUNCTION IF EXISTS es_append(text, text, bigint, uuid[], text[], jsonb[], jsonb[]);
`;

/** Constraint whose violation means a concurrent append took the revision first. */
export const STREAM_REVISION_CONSTRAINT = 'es_events_stream_id_revision_key';

/** `expected` parameter of APPEND_EVENTS: a revision, or one of these. */
export const EXPECT_ANY = -2;
export const EXPECT_NO_STREAM = -1;

/**
 * One append, one statement, one round trip, its own transaction (autocommit). The stream's
 * revision is read in the statement's snapshot; the transaction id is assigned by the INSERT, so
 * after that snapshot. Hence an append that builds on revision r of a stream always has a larger
 * transaction id (and larger positions) than the append that wrote r. Two appends racing for the
 * same revision collide on UNIQUE (stream_id, revision): the loser gets 23505 and nothing is written.
 *
 * $1 stream, $2 expected (revision, -1 no stream, -2 any), $3..$6 ids, types, data, metadata.
 * Returns the stream's revision as read, and the last revision and position written (null when the
 * expected revision did not match).
 */
export const APPEND_EVENTS = `
WITH current AS (
  SELECT coalesce(max(revision), -1) AS revision FROM es_events WHERE stream_id = $1
), allowed AS (
  SELECT revision FROM current WHERE $2::bigint = ${EXPECT_ANY} OR revision = $2::bigint
), appended AS (
  INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata)
  SELECT (pg_current_xact_id()::text::bigint << 16) + e.ordinal - 1, e.id, $1, allowed.revision + e.ordinal,
         e.type, e.data, e.metadata
  FROM allowed, unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(id, type, data, metadata, ordinal)
  RETURNING position, revision
)
SELECT (SELECT revision FROM current)::text AS current_revision,
       (SELECT max(revision) FROM appended)::text AS last_revision,
       (SELECT max(position) FROM appended)::text AS last_position`;

/** Everything below this position is settled: committed, or rolled back for ever. */
export const VISIBLE_BELOW = `(pg_snapshot_xmin(pg_current_snapshot())::text::bigint << 16)`;

/** bigint columns arrive as strings (pg's default); never alias a cast over `position`, or ORDER BY sorts text. */
export const EVENT_COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata';

/** The log is read from this table and the compact one together: READ_ALL in compact-streams.sql.ts. */

/** A stream is read whole: every committed event, settled or not (a decider needs the latest). */
export const READ_STREAM = `SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = $1 ORDER BY revision`;

export const STREAM_REVISION = `SELECT coalesce(max(revision), -1)::text AS revision FROM es_events WHERE stream_id = $1`;

/** Channel on which appends announce their last position (payload), for subscribers in other processes. */
export const APPENDED_CHANNEL = 'es_appended';
