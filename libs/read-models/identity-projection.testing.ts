import type { Pool } from 'pg';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

/** Test helper: creates a model's tables and applies events to it, as the projector would. */
export async function projectInto(
  pool: Pool,
  model: ReadModel,
  events: { type: string; data: unknown }[],
): Promise<void> {
  await pool.query(model.schema);
  const client = await pool.connect();
  try {
    let position = 0n;
    for (const e of events) {
      position += 1n;
      if (!model.handles.includes(e.type)) continue;
      const recorded: RecordedEvent = {
        id: `e${position}`,
        type: e.type,
        data: e.data,
        metadata: {
          correlationId: 'c',
          causationId: 'c',
          actorId: 'system',
          occurredAt: '2026-01-01T00:00:00Z',
          schemaVersion: 1,
        },
        streamId: 'test',
        revision: Number(position) - 1,
        position,
      };
      await model.apply(recorded, client);
    }
  } finally {
    client.release();
  }
}
