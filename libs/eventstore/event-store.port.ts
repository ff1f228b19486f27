/**
 * The event store port (docs/conventions.md). Two adapters implement it: PostgreSQL
 * (`postgres-event-store.ts`, the embedded default) and EventStoreDB (`eventstoredb-event-store.ts`).
 * One contract suite (`event-store.contract.ts`) runs against each.
 */

/** Metadata carried by every event (docs/conventions.md, "The event envelope"). */
export interface EventMetadata {
  correlationId: string;
  causationId: string;
  /** The customer (or `system`) whose action caused the event. */
  actorId: string;
  /** ISO 8601 timestamp. */
  occurredAt: string;
  schemaVersion: number;
  /**
   * The W3C trace context of the append (docs/operations.md, Traces), when tracing is on: the projector
   * and the Kafka relay continue the request's trace from it. Absent on events appended without tracing.
   */
  traceparent?: string;
}

/** An event about to be appended. `id` is a uuid; the adapter generates one when absent. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id?: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/** An event as stored: the envelope plus where it sits in its stream and in the global log. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamId: string;
  /** 0-based position of the event in its stream. */
  revision: number;
  /** Position in the global log ($all); strictly increasing in commit order. */
  position: bigint;
}

/**
 * What the writer believes about the stream before appending:
 * `no_stream` (must not exist), `any` (no check), or the revision of the stream's last event.
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last appended event: pass it as the next expected revision. */
  nextExpectedRevision: number;
  /** Global position of the last appended event (used for read-your-writes). */
  position: bigint;
}

/** The stream moved since it was read: reload, decide again, retry. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface Subscription {
  /** Stops delivery; resolves when the handler is no longer called. */
  stop(): Promise<void>;
  /** Resolves when the subscription ends (stopped or failed); rejects with the failure. */
  readonly done: Promise<void>;
}

interface SubscribeFrom {
  /** Deliver events with a position strictly greater than this (0n = from the start). */
  after: bigint;
}

/** Either `handler` (one event at a time) or `batchHandler` (as many consecutive events as are at hand). */
export type SubscribeOptions = SubscribeFrom &
  (
    | {
        /** Called once per event, in global order; the next event waits until it resolves. */
        handler: (event: RecordedEvent) => Promise<void>;
        batchHandler?: never;
      }
    | {
        /** Called with one or more consecutive events in global order; the next batch waits until it resolves. */
        batchHandler: (events: RecordedEvent[]) => Promise<void>;
        handler?: never;
      }
  );

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The whole stream in order (upcast); empty when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /** Up to `limit` events with position strictly greater than `after`, in global order. */
  readAll(after: bigint, limit: number): Promise<RecordedEvent[]>;
  /** Catch-up subscription to $all: reads history after `after`, then follows live appends. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the last committed event visible to subscribers (0n when empty). */
  headPosition(): Promise<bigint>;
  close(): Promise<void>;
}
