import { upcastWatchIntervalsV1, WATCH_INTERVALS_VERSION, type WatchIntervalsReportedV1 } from './streaming/viewing.js';

/**
 * The schema version each event type is appended with now (1 unless listed), and the upcasters that
 * read the older versions as the newest (docs/conventions.md: events are never changed after release).
 * `libs/eventstore/upcasting.ts` runs every event read through them; `decideAndAppend` stamps the versions.
 */
export const SCHEMA_VERSIONS: Readonly<Record<string, number>> = {
  WatchIntervalsReported: WATCH_INTERVALS_VERSION,
};

export const schemaVersionOf = (type: string): number => SCHEMA_VERSIONS[type] ?? 1;

export interface DomainUpcaster {
  type: string;
  fromVersion: number;
  upcast(data: unknown): unknown;
}

export const domainUpcasters: readonly DomainUpcaster[] = [
  {
    type: 'WatchIntervalsReported',
    fromVersion: 1,
    // The stored shape of version 1 (its writer's type); the log holds only what that decider wrote.
    upcast: (data) => upcastWatchIntervalsV1(data as WatchIntervalsReportedV1),
  },
];
