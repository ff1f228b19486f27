import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type JSONType,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from '../event-store.port.js';
import { upcast } from '../upcasting.js';

interface StoredEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  streamId: string;
  revision: bigint;
  position?: { commit: bigint };
}

function toRecorded(event: StoredEvent): RecordedEvent {
  return upcast({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: event.position?.commit ?? 0n,
  });
}

const isSystem = (event: StoredEvent): boolean => event.type.startsWith('$') || event.streamId.startsWith('$');

/**
 * The event store on EventStoreDB / KurrentDB (scaled-out mode). Global positions are commit
 * positions of the transaction file. Runs the same contract suite as the PostgreSQL adapter
 * whenever EVENTSTORE_URL is set.
 */
export class EventStoreDbEventStore implements EventStore {
  private constructor(private readonly client: EventStoreDBClient) {}

  static connect(connectionString: string): Promise<EventStoreDbEventStore> {
    return Promise.resolve(new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString)));
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const expectedRevision = expected === 'any' ? ANY : expected === 'no_stream' ? NO_STREAM : BigInt(expected);
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({
            ...(e.id ? { id: e.id } : {}),
            type: e.type,
            data: e.data as JSONType,
            metadata: e.metadata as unknown as JSONType,
          }),
        ),
        { expectedRevision },
      );
      // Servers that do not report the position: the head is at or past our events, which is all a waiter needs.
      const position = result.position?.commit ?? (await this.headPosition());
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(
          streamId,
          expected,
          typeof actual === 'bigint' ? Number(actual) : 'no_stream',
        );
      }
      throw error;
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: START, direction: FORWARDS })) {
        const event = (resolved as ResolvedEvent).event;
        if (event) events.push(toRecorded(event as StoredEvent));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    const fromPosition = after === 0n ? START : { commit: after, prepare: after };
    // readAll has no server-side filter here: read in pages and drop system events and the start position.
    let cursor: typeof fromPosition | { commit: bigint; prepare: bigint } = fromPosition;
    for (;;) {
      let read = 0;
      let lastSeen: { commit: bigint; prepare: bigint } | undefined;
      for await (const resolved of this.client.readAll({
        fromPosition: cursor,
        maxCount: limit + 1,
        direction: FORWARDS,
      })) {
        read++;
        const event = (resolved as AllStreamResolvedEvent).event as StoredEvent | undefined;
        if (!event?.position) continue;
        lastSeen = event.position as { commit: bigint; prepare: bigint };
        if (isSystem(event) || event.position.commit <= after) continue;
        events.push(toRecorded(event));
        if (events.length === limit) return events;
      }
      if (read <= 1 || !lastSeen) return events;
      cursor = lastSeen;
      after = lastSeen.commit > after ? lastSeen.commit : after;
    }
  }

  async headPosition(): Promise<bigint> {
    for await (const resolved of this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 200 })) {
      const event = (resolved as AllStreamResolvedEvent).event as StoredEvent | undefined;
      if (event?.position && !isSystem(event)) return event.position.commit;
    }
    return 0n;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const { after } = options;
    const deliver = (event: RecordedEvent): Promise<void> =>
      options.batchHandler ? options.batchHandler([event]) : options.handler(event);
    const subscription = this.client.subscribeToAll({
      fromPosition: after === 0n ? START : { commit: after, prepare: after },
      filter: excludeSystemEvents(),
    });
    let stopped = false;
    const done = (async () => {
      try {
        for await (const resolved of subscription) {
          if (stopped) break;
          const event = resolved.event as StoredEvent | undefined;
          if (!event?.position || event.position.commit <= after) continue;
          await deliver(toRecorded(event));
        }
      } catch (error) {
        if (stopped) return;
        await subscription.unsubscribe().catch(() => undefined); // a failed handler ends the server-side subscription too
        throw error;
      }
    })();
    done.catch(() => undefined); // the caller sees the failure through `done`; no unhandled rejection
    return {
      done,
      stop: async () => {
        stopped = true;
        await subscription.unsubscribe();
        await done.catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
