import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../event-store.port.js';

/** A test event with a full envelope. */
export function newEvent(type: string, data: Record<string, unknown> = {}, schemaVersion = 1): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actorId: 'test',
      occurredAt: new Date().toISOString(),
      schemaVersion,
    },
  };
}
