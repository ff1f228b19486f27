import type { Pool } from 'pg';
import type { EventMetadata, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { upcast } from '#libs/eventstore/upcasting.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js';
import type { ReadModel } from './read-model.js';

/**
 * The database of a read model's spec, created before its cases and dropped after them. With `fresh`,
 * each case starts without the model's tables (given its own history; `projectInto` creates them).
 */
export function readModelDatabase(fresh?: ReadModel): { readonly pool: Pool } {
  let db: TestDatabase | undefined;
  const pool = (): Pool => {
    if (!db) throw new Error('the database is created in beforeAll');
    return db.pool;
  };
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());
  if (fresh) {
    beforeEach(async () => {
      for (const table of fresh.tables) await pool().query(`DROP TABLE IF EXISTS ${table}`);
    });
  }
  return {
    get pool() {
      return pool();
    },
  };
}

type GivenEvent = { type: string; data: unknown; streamId?: string; metadata?: Partial<EventMetadata> };

/**
 * Test helper: creates a model's tables and applies events to it, as the projector would: one by one
 * through `apply`, or with `runs` (a model with `applyEvents`) in runs of that many events.
 */
export async function projectInto(
  pool: Pool,
  model: ReadModel,
  events: GivenEvent[],
  { runs }: { runs?: number } = {},
): Promise<void> {
  await pool.query(model.schema);
  const recorded = events
    .map((e, index) => recordedOf(e, BigInt(index + 1)))
    .filter((e) => model.handles.includes(e.type));
  const client = await pool.connect();
  try {
    if (runs !== undefined && model.applyEvents) {
      for (let at = 0; at < recorded.length; at += runs) await model.applyEvents(recorded.slice(at, at + runs), client);
    } else {
      for (const event of recorded) await model.apply(event, client);
    }
  } finally {
    client.release();
  }
}

/** As the projector gets an event from the store: upcast to the newest shape. */
function recordedOf(e: GivenEvent, position: bigint): RecordedEvent {
  return upcast({
    id: `e${position}`,
    type: e.type,
    data: e.data,
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'system',
      occurredAt: '2026-01-01T00:00:00Z',
      schemaVersion: 1,
      ...e.metadata,
    },
    streamId: e.streamId ?? 'test',
    revision: Number(position) - 1,
    position,
  });
}
