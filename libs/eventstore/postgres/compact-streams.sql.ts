/**
 * SQL of the compact category of the PostgreSQL event store (docs/event-store.md, "The compact
 * category"): the streams `viewing-{uuid}` (a viewing's start and its heartbeats, most of the log)
 * are kept in `es_viewing_events`, one narrow row per event, instead of `es_events`:
 *
 * - the stream as a `uuid` (16 bytes instead of the 45 of `viewing-{uuid}` as text, twice with its index);
 * - the type as a code (`COMPACT_TYPES` in `compact-events.ts`), the schema version of its own;
 * - the metadata as columns: `occurred_at`, `actor` and `correlation` (uuids), and in `extra` only what
 *   the columns cannot say (a causation other than the correlation, an actor or correlation that is no
 *   uuid, a trace context): `{}` for a heartbeat;
 * - `data` as `json` (its text), which is half the size of `jsonb` for short arrays of numbers.
 *
 * Positions come from the same scheme as `es_events` (`pg_current_xact_id() << 16 | index`), so the
 * log is both tables merged by position and every reader's rule (postgres-event-store.sql.ts) holds
 * across them. Events of these streams appended before the table existed stay in `es_events`: a
 * stream is read from both tables, and its revision is the larger of both.
 */
import { EVENT_COLUMNS, EXPECT_ANY, VISIBLE_BELOW } from './postgres-event-store.sql.js';

export const COMPACT_TABLE = 'es_viewing_events';

/** The prefix of the compact category's streams; the rest of the id is a uuid (lower case). */
export const COMPACT_PREFIX = 'viewing-';

export const COMPACT_SCHEMA = `
CREATE TABLE IF NOT EXISTS ${COMPACT_TABLE} (
  position bigint PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  revision integer NOT NULL,
  type smallint NOT NULL,
  schema_version smallint NOT NULL,
  stream uuid NOT NULL,
  event_id uuid NOT NULL,
  actor uuid NOT NULL,
  correlation uuid NOT NULL,
  data json NOT NULL,
  extra json NOT NULL,
  UNIQUE (stream, revision)
);`;

/** Constraint whose violation means a concurrent append took the revision first. */
export const COMPACT_REVISION_CONSTRAINT = `${COMPACT_TABLE}_stream_revision_key`;

/** The stream's revision: the larger of both tables (older events of the stream may be in es_events). */
const REVISION_OF = `greatest(
    (SELECT max(revision) FROM ${COMPACT_TABLE} WHERE stream = $1::uuid),
    (SELECT max(revision) FROM es_events WHERE stream_id = '${COMPACT_PREFIX}' || $1))`;

/**
 * One append, one statement: as APPEND_EVENTS (postgres-event-store.sql.ts), into the compact table.
 * $1 the stream's uuid, $2 expected, $3.. ids, types, schema versions, occurred at, actors, correlations, data, extra.
 */
export const APPEND_COMPACT = `
WITH current AS (
  SELECT coalesce(${REVISION_OF}, -1) AS revision
), allowed AS (
  SELECT revision FROM current WHERE $2::bigint = ${EXPECT_ANY} OR revision = $2::bigint
), appended AS (
  INSERT INTO ${COMPACT_TABLE} (position, occurred_at, revision, type, schema_version, stream, event_id, actor,
                                correlation, data, extra)
  SELECT (pg_current_xact_id()::text::bigint << 16) + e.ordinal - 1, e.occurred_at, allowed.revision + e.ordinal,
         e.type, e.schema_version, $1::uuid, e.id, e.actor, e.correlation, e.data, e.extra
  FROM allowed, unnest($3::uuid[], $4::smallint[], $5::smallint[], $6::timestamptz[], $7::uuid[], $8::uuid[],
                       $9::json[], $10::json[])
       WITH ORDINALITY AS e(id, type, schema_version, occurred_at, actor, correlation, data, extra, ordinal)
  RETURNING position, revision
)
SELECT (SELECT revision FROM current)::text AS current_revision,
       (SELECT max(revision) FROM appended)::text AS last_revision,
       (SELECT max(position) FROM appended)::text AS last_position`;

/**
 * The columns both tables answer, so a read can merge them: an `es_events` row leaves the compact
 * columns null, a compact row leaves `type` and `metadata` null (compact-events.ts builds them).
 */
export const WIDE_COLUMNS = `${EVENT_COLUMNS},
  NULL::smallint AS type_code, NULL::smallint AS schema_version, NULL::timestamptz AS occurred_at,
  NULL::uuid AS actor, NULL::uuid AS correlation`;

export const COMPACT_COLUMNS = `position, event_id, '${COMPACT_PREFIX}' || stream AS stream_id, revision, NULL::text AS type,
  data::jsonb AS data, extra::jsonb AS metadata, type AS type_code, schema_version, occurred_at, actor, correlation`;

/** A compact stream is read whole from both tables: $1 its uuid. */
export const READ_COMPACT_STREAM = `
SELECT ${WIDE_COLUMNS} FROM es_events WHERE stream_id = '${COMPACT_PREFIX}' || $1
UNION ALL
SELECT ${COMPACT_COLUMNS} FROM ${COMPACT_TABLE} WHERE stream = $1::uuid
ORDER BY revision`;

export const COMPACT_STREAM_REVISION = `SELECT coalesce(${REVISION_OF}, -1)::text AS revision`;

/**
 * The log: both tables merged by position ($1 after, exclusive; $2 limit). Each side reads at most
 * `limit` rows along its primary key, and only those are merged: a page of the log costs the same
 * however long the log (without the inner limits PostgreSQL sorts both tables whole).
 */
export const READ_ALL = `
(SELECT ${WIDE_COLUMNS} FROM es_events WHERE position > $1 AND position < ${VISIBLE_BELOW} ORDER BY position LIMIT $2)
UNION ALL
(SELECT ${COMPACT_COLUMNS} FROM ${COMPACT_TABLE} WHERE position > $1 AND position < ${VISIBLE_BELOW}
 ORDER BY position LIMIT $2)
ORDER BY position LIMIT $2`;

export const HEAD_POSITION = `SELECT greatest(
  (SELECT max(position) FROM es_events WHERE position < ${VISIBLE_BELOW}),
  (SELECT max(position) FROM ${COMPACT_TABLE} WHERE position < ${VISIBLE_BELOW}), 0)::text AS head`;
