import { domainUpcasters } from '#libs/domain/event-versions.js';
import type { RecordedEvent } from './event-store.port.js';

/**
 * Events are never changed after release (docs/conventions.md): a new shape is a new schemaVersion,
 * and an upcaster turns the old shape into the new one when it is read. Adapters run every event
 * they read through `upcast` so deciders and projections only ever see the latest shapes. The domain's
 * upcasters (`libs/domain/event-versions.ts`) are registered from the start, in every process.
 */
export interface Upcaster {
  type: string;
  fromVersion: number;
  upcast(data: unknown): unknown;
}

const upcasters: Upcaster[] = [...domainUpcasters];

export function registerUpcaster(upcaster: Upcaster): void {
  upcasters.push(upcaster);
}

export function upcast(event: RecordedEvent): RecordedEvent {
  let current = event;
  for (;;) {
    const next = upcasters.find((u) => u.type === current.type && u.fromVersion === current.metadata.schemaVersion);
    if (!next) return current;
    current = {
      ...current,
      data: next.upcast(current.data),
      metadata: { ...current.metadata, schemaVersion: next.fromVersion + 1 },
    };
  }
}
