import pg from 'pg';
import type { NewEvent } from '#libs/eventstore/event-store.port.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { customerRegistered } from './events.js';
import { ignoreIdleErrors } from './postgres.js';
import { type BudgetResult, verdict } from './report.js';

const WRITERS = 8;
const APPENDS = 5000;
const WARM_UP = 300;
const BUDGET_RATIO = 0.5;

/** A plain table with the event store's columns and nothing else: no stream rows, locks or unique keys. */
const PLAIN_TABLE = `
CREATE TABLE plain_events (
  id bigserial PRIMARY KEY,
  event_id uuid NOT NULL,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
)`;

const PLAIN_INSERT =
  'INSERT INTO plain_events (event_id, stream_id, revision, type, data, metadata) VALUES ($1, $2, 0, $3, $4, $5)';

interface Row {
  streamId: string;
  event: NewEvent;
}

/** The server's durability settings as the row prints them, e.g. `fsync=on synchronous_commit=on`. */
async function settingsOf(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ name: string; setting: string }>(
    "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit') ORDER BY name",
  );
  return rows.map((r) => `${r.name}=${r.setting}`).join(' ');
}

/** Runs `write` over every row with `WRITERS` concurrent writers; returns rows per second. */
async function throughput(rows: readonly Row[], write: (row: Row) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let i = next++; i < rows.length; i = next++) await write(rows[i]!);
    }),
  );
  return rows.length / ((performance.now() - started) / 1000);
}

/**
 * Budget: event append throughput at least half of plain INSERTs of the same rows into the same
 * PostgreSQL. 5,000 appends of one event each (a new stream per append, expected `no_stream`, as a
 * registration does) by 8 concurrent writers, against 5,000 single-row INSERTs of the same JSON
 * payloads by 8 concurrent writers on a pool of the same size. Both sides run on the same durable
 * server (fsync and synchronous_commit on, as in the shop): the row says so, read from the server.
 */
export async function appendThroughput(databaseUrl: string): Promise<BudgetResult> {
  const pool = ignoreIdleErrors(new pg.Pool({ connectionString: databaseUrl, max: WRITERS }));
  try {
    const durability = await settingsOf(pool);
    const store = await PostgresEventStore.create(pool);
    await pool.query(PLAIN_TABLE);
    const make = (count: number, offset: number): Row[] =>
      Array.from({ length: count }, (_, i) => customerRegistered(offset + i));
    const plain = (row: Row): Promise<unknown> =>
      pool.query(PLAIN_INSERT, [
        row.event.id,
        row.streamId,
        row.event.type,
        JSON.stringify(row.event.data),
        JSON.stringify(row.event.metadata),
      ]);
    const append = (row: Row): Promise<unknown> => store.append(row.streamId, [row.event], 'no_stream');

    // Warm both paths (connections, plans, plpgsql cache) before timing either.
    await throughput(make(WARM_UP, 0), plain);
    await throughput(make(WARM_UP, WARM_UP), append);

    const rows = make(APPENDS, 2 * WARM_UP);
    // The same rows on both sides (different tables, so the same event ids do not collide).
    const inserts = await throughput(rows, plain);
    const appends = await throughput(rows, append);
    await store.close();
    const ratio = appends / inserts;
    return {
      crashed: false,
      row: {
        budget: `Event append throughput >= ${BUDGET_RATIO} x plain INSERT (${APPENDS} x 1 event, ${WRITERS} writers, both durable: ${durability})`,
        measured: `${Math.round(appends)} appends/s`,
        baseline: `${Math.round(inserts)} INSERTs/s`,
        ratio: ratio.toFixed(2),
        verdict: verdict(ratio >= BUDGET_RATIO),
      },
    };
  } finally {
    await pool.end();
  }
}
