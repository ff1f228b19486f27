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

/** Test helper: creates a model's tables and applies events to it, as the projector would. */
export async function projectInto(
  pool: Pool,
  model: ReadModel,
  events: { type: string; data: unknown; streamId?: string; metadata?: Partial<EventMetadata> }[],
): Promise<void> {
  await pool.query(model.schema);
  const client = await pool.connect();
  try {
    let position = 0n;
    for (const e of events) {
      position += 1n;
      if (!model.handles.includes(e.type)) continue;
      // As the projector gets it from the store: upcast to the newest shape.
      const recorded: RecordedEvent = upcast({
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
      await model.apply(recorded, client);
    }
  } finally {
    client.release();
  }
}
