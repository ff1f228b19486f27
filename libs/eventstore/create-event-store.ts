import type pg from 'pg';
import type { Config } from '#libs/config/config.js';
import type { EventStore } from './event-store.port.js';
import { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';

/** The adapter configuration asks for: EventStoreDB when EVENTSTORE_URL is set, else PostgreSQL. */
export async function createEventStore(config: Pick<Config, 'EVENTSTORE_URL'>, pool: pg.Pool): Promise<EventStore> {
  if (config.EVENTSTORE_URL) return EventStoreDbEventStore.connect(config.EVENTSTORE_URL);
  return PostgresEventStore.create(pool);
}
