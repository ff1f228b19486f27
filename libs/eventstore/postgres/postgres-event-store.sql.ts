/**
 * Schema of the PostgreSQL event store. `es_append` does a whole append in one round trip:
 * lock the stream row, check the expected revision, then take one transaction-level advisory lock
 * before inserting. That lock is held until commit, so global positions are handed out in commit
 * order: when a reader sees position N, every position below N is committed (or rolled back for
 * ever). Subscribers can therefore never skip an event (see docs/event-store.md).
 */
export const EVENT_STORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS es_streams (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL
);

CREATE TABLE IF NOT EXISTS es_events (
  position bigserial PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, revision)
);

CREATE OR REPLACE FUNCTION es_append(
  p_stream text, p_mode text, p_expected bigint,
  p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (next_revision bigint, last_position bigint) LANGUAGE plpgsql AS $$
DECLARE
  n bigint := coalesce(array_length(p_ids, 1), 0);
  current_revision bigint;
BEGIN
  -- One statement per mode both checks the expected revision and moves the stream's revision; the row
  -- it writes stays locked until commit, so appends to one stream queue up behind each other.
  IF p_mode = 'exact' THEN
    UPDATE es_streams SET revision = p_expected + n WHERE stream_id = p_stream AND revision = p_expected;
    IF NOT FOUND THEN
      SELECT s.revision INTO current_revision FROM es_streams s WHERE s.stream_id = p_stream;
      RAISE EXCEPTION 'wrong expected revision' USING ERRCODE = 'ES409', DETAIL = coalesce(current_revision, -1)::text;
    END IF;
    current_revision := p_expected;
  ELSIF p_mode = 'no_stream' THEN
    -- A row left at -1 (a stream whose creation rolled back under an earlier schema) counts as no stream.
    INSERT INTO es_streams AS s (stream_id, revision) VALUES (p_stream, n - 1)
      ON CONFLICT (stream_id) DO UPDATE SET revision = n - 1 WHERE s.revision = -1;
    IF NOT FOUND THEN
      SELECT s.revision INTO current_revision FROM es_streams s WHERE s.stream_id = p_stream;
      RAISE EXCEPTION 'wrong expected revision' USING ERRCODE = 'ES409', DETAIL = current_revision::text;
    END IF;
    current_revision := -1;
  ELSE
    INSERT INTO es_streams AS s (stream_id, revision) VALUES (p_stream, n - 1)
      ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + n
      RETURNING s.revision - n INTO current_revision;
  END IF;
  -- Held until commit: positions are allocated in commit order (no reader can see N+1 before N).
  PERFORM pg_advisory_xact_lock(726100);
  RETURN QUERY
  WITH inserted AS (
    INSERT INTO es_events (event_id, stream_id, revision, type, data, metadata)
    SELECT e.id, p_stream, current_revision + e.ord, e.type, e.data, e.metadata
    FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS e(id, type, data, metadata, ord)
    ORDER BY e.ord
    RETURNING position
  )
  SELECT current_revision + n, max(inserted.position) FROM inserted;
  PERFORM pg_notify('es_appended', '');
END;
$$;
`;
