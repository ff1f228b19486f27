import type pg from 'pg';
import type { Config } from '#libs/config/config.js';
import { withTracedAppends } from '#libs/tracing/traced-event-store.js';
import type { EventStore } from './event-store.port.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';

/**
 * The adapter configuration asks for: EventStoreDB when EVENTSTORE_URL is set, else PostgreSQL; its
 * appends traced (a span, and the trace context in each event's metadata) when tracing is on. The
 * EventStoreDB client is loaded only when asked for: a tenth of a second of every process start else.
 */
export async function createEventStore(config: Pick<Config, 'EVENTSTORE_URL'>, pool: pg.Pool): Promise<EventStore> {
  if (config.EVENTSTORE_URL) {
    const { EventStoreDbEventStore } = await import('./eventstoredb/eventstoredb-event-store.js');
    return withTracedAppends(await EventStoreDbEventStore.connect(config.EVENTSTORE_URL));
  }
  return withTracedAppends(await PostgresEventStore.create(pool));
}
