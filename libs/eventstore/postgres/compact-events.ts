import type { EventMetadata, NewEvent } from '../event-store.port.js';
import { COMPACT_PREFIX } from './compact-streams.sql.js';

/**
 * How an event of the compact category (compact-streams.sql.ts) becomes a narrow row and back,
 * exactly: whatever a column cannot hold goes to `extra`, so a reader gets the envelope it appended.
 */

/**
 * The types of the category by code (its index; 0 = a type not listed, named in `extra.type`). Codes
 * are stored: never renumber; a new type goes at the end.
 */
export const COMPACT_TYPES = [
  '',
  'VideoStarted',
  'WatchedSecondsReported',
  'WatchIntervalsReported',
  'LongViewReached',
] as const;

/**
 * The keys of the data of a type (by code) and schema version, in the order the shop writes them: such
 * data is stored as the array of its values (`[[[0,60]],60,60]`, not `{"intervals":[[0,60]],...}`),
 * which halves a heartbeat. `same` names a key whose value, when equal to the one of the key it names,
 * is left out (the array is one shorter): a heartbeat's `added` is usually its `intervals`. Data with
 * other keys, or in another order, is stored whole, so a list that no longer matches the events costs
 * bytes, never exactness. A list, once used, is never changed.
 */
interface Shape {
  keys: readonly string[];
  same?: { key: string; as: string };
}

const SHAPES: Record<string, Shape> = {
  '1.1': { keys: ['viewingId', 'customerId', 'productId', 'videoId', 'planType', 'startedAt'] },
  '3.2': { keys: ['intervals', 'added', 'uniqueSeconds', 'position'], same: { key: 'added', as: 'intervals' } },
  '4.1': { keys: ['viewingId', 'customerId', 'productId', 'videoId', 'planType', 'totalSeconds', 'reachedAt'] },
};

function encodeData(code: number, schemaVersion: number, data: unknown): { text: string; plain: boolean } {
  const shape = SHAPES[`${code}.${schemaVersion}`];
  if (shape && typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === shape.keys.length && keys.every((key, i) => key === shape.keys[i])) {
      const { same } = shape;
      const left = same && JSON.stringify(record[same.key]) === JSON.stringify(record[same.as]) ? same.key : undefined;
      return { text: JSON.stringify(keys.filter((key) => key !== left).map((key) => record[key])), plain: false };
    }
  }
  const text = JSON.stringify(data);
  // Whole data that is itself an array must not be read as values: say so (never the shop's case).
  return { text, plain: shape !== undefined && Array.isArray(data) };
}

/** The event's data as appended, from the stored text's parsed value. */
export function decodeData(row: { type_code: number; schema_version: number; data: unknown; plain: boolean }): unknown {
  const shape = SHAPES[`${row.type_code}.${row.schema_version}`];
  if (!shape || row.plain || !Array.isArray(row.data)) return row.data;
  const values = [...(row.data as unknown[])];
  const { keys, same } = shape;
  if (same && values.length === keys.length - 1) {
    values.splice(keys.indexOf(same.key), 0, structuredClone(values[keys.indexOf(same.as)]));
  }
  return Object.fromEntries(keys.map((key, i) => [key, values[i]]));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** What an `actor` or `correlation` column holds when the value is in `extra` (no uuid). */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const SMALLINT_MAX = 32767;

/** The uuid of a stream of the compact category, or null when the stream belongs in `es_events`. */
export function compactStreamUuid(streamId: string): string | null {
  if (!streamId.startsWith(COMPACT_PREFIX)) return null;
  const rest = streamId.slice(COMPACT_PREFIX.length);
  return UUID.test(rest) ? rest : null;
}

export interface CompactEvent {
  id: string;
  type: number;
  schemaVersion: number;
  occurredAt: string;
  actor: string;
  correlation: string;
  data: string;
  extra: string;
}

const asUuid = (value: string): string | null => (UUID.test(value) ? value : null);
/** A time the column gives back as the same text (milliseconds, UTC, `toISOString`). */
const asTime = (value: string): string | null => {
  const time = Date.parse(value);
  return Number.isFinite(time) && new Date(time).toISOString() === value ? value : null;
};

export function encodeCompact(event: NewEvent & { id: string }): CompactEvent {
  const { correlationId, causationId, actorId, occurredAt, schemaVersion, ...rest } = event.metadata;
  const extra: Record<string, unknown> = {};
  const code = COMPACT_TYPES.indexOf(event.type as (typeof COMPACT_TYPES)[number]);
  if (code <= 0) extra.type = event.type;
  const version = Number.isInteger(schemaVersion) && schemaVersion >= 0 && schemaVersion <= SMALLINT_MAX;
  if (!version) extra.schemaVersion = schemaVersion;
  const actor = asUuid(actorId);
  if (actor === null) extra.actorId = actorId;
  const correlation = asUuid(correlationId);
  if (correlation === null) extra.correlationId = correlationId;
  if (causationId !== correlationId) extra.causationId = causationId;
  const time = asTime(occurredAt);
  if (time === null) extra.occurredAt = occurredAt;
  Object.assign(extra, rest);
  const data = encodeData(Math.max(code, 0), version ? schemaVersion : 0, event.data);
  if (data.plain) extra.plainData = true;
  return {
    id: event.id,
    type: Math.max(code, 0),
    schemaVersion: version ? schemaVersion : 0,
    occurredAt: time ?? new Date(0).toISOString(),
    actor: actor ?? NIL_UUID,
    correlation: correlation ?? NIL_UUID,
    data: data.text,
    extra: JSON.stringify(extra),
  };
}

export interface CompactColumns {
  type_code: number;
  schema_version: number;
  occurred_at: Date;
  actor: string;
  correlation: string;
  /** `extra`. */
  metadata: Record<string, unknown>;
}

/** The type, data and whole metadata of a compact row, as they were appended. */
export function decodeCompact(row: CompactColumns & { data: unknown }): {
  type: string;
  data: unknown;
  metadata: EventMetadata;
} {
  const { type, correlationId, causationId, actorId, occurredAt, schemaVersion, plainData, ...rest } = row.metadata;
  const correlation = (correlationId as string | undefined) ?? row.correlation;
  return {
    type: (type as string | undefined) ?? COMPACT_TYPES[row.type_code] ?? '',
    data: decodeData({ ...row, plain: plainData === true }),
    metadata: {
      correlationId: correlation,
      causationId: (causationId as string | undefined) ?? correlation,
      actorId: (actorId as string | undefined) ?? row.actor,
      occurredAt: (occurredAt as string | undefined) ?? row.occurred_at.toISOString(),
      schemaVersion: (schemaVersion as number | undefined) ?? row.schema_version,
      ...rest,
    },
  };
}
