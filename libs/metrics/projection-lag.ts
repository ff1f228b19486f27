import type pg from 'pg';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import type { ProjectionLag } from './metrics.js';

/** Lag is counted up to this many events; more reads as this number. */
export const LAG_CAP = 1000;

/** How far the log has moved past `position`: events after it (up to LAG_CAP) and the age of the first. */
export async function lagAfter(store: EventStore, position: bigint, now: Date): Promise<Omit<ProjectionLag, 'name'>> {
  const behind = await store.readAll(position, LAG_CAP);
  const first = behind[0];
  if (!first) return { events: 0, seconds: 0 };
  const occurred = Date.parse(first.metadata.occurredAt);
  return {
    events: behind.length,
    seconds: Number.isNaN(occurred) ? 0 : Math.max(0, (now.getTime() - occurred) / 1000),
  };
}

/**
 * Each named read model's lag, from the checkpoint table (so it answers the same wherever the projector
 * runs). Models at the same checkpoint (the usual case) share one read of the log. A model without a
 * checkpoint yet is missing from the answer.
 */
export async function projectionLags(
  pool: pg.Pool,
  store: EventStore,
  names: readonly string[],
  now: Date,
): Promise<ProjectionLag[]> {
  const { rows } = await pool.query<{ name: string; position: string }>(
    `SELECT name, position::text AS position FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name`,
    [names],
  );
  const byPosition = new Map<string, Promise<Omit<ProjectionLag, 'name'>>>();
  for (const row of rows) {
    if (!byPosition.has(row.position)) byPosition.set(row.position, lagAfter(store, BigInt(row.position), now));
  }
  return Promise.all(rows.map(async (row) => ({ name: row.name, ...(await byPosition.get(row.position)!) })));
}
