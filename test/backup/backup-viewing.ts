import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';

/** Appends a viewing's start and three heartbeats (one adding less than it reported); answers them as read back. */
export async function appendViewing(pool: pg.Pool): Promise<RecordedEvent[]> {
  const viewingId = randomUUID();
  const customerId = randomUUID();
  const correlationId = randomUUID();
  const metadata = (schemaVersion: number) => ({
    correlationId,
    causationId: correlationId,
    actorId: customerId,
    occurredAt: new Date().toISOString(),
    schemaVersion,
  });
  const beat = (intervals: number[][], added: number[][], uniqueSeconds: number) => ({
    type: 'WatchIntervalsReported',
    data: { intervals, added, uniqueSeconds, position: uniqueSeconds },
    metadata: metadata(2),
  });
  const store = await PostgresEventStore.create(pool);
  const streamId = `viewing-${viewingId}`;
  const started = {
    viewingId,
    customerId,
    productId: 130,
    videoId: 1,
    planType: 2,
    startedAt: new Date().toISOString(),
  };
  await store.append(
    streamId,
    [
      { type: 'VideoStarted', data: started, metadata: metadata(1) },
      beat([[0, 60.25]], [[0, 60.25]], 60),
      beat([[30, 90.5]], [[60.25, 90.5]], 90),
      beat([[90.5, 150]], [], 90),
    ],
    'no_stream',
  );
  const events = await store.readStream(streamId);
  await store.close();
  return events;
}
