import type { AppendResult, EventStore, ExpectedRevision, NewEvent } from '#libs/eventstore/event-store.port.js';
import { activeTraceparent, inSpan, SpanKind } from './trace-context.js';

/**
 * The event store with its appends traced (docs/operations.md, Traces): a span per append, and the
 * append's trace context written into each event's metadata as `traceparent`, so the projector and
 * the Kafka relay, in this process or another, continue the trace of the request that appended it.
 * With tracing off no traceparent is written and the events are appended as given.
 */
export function withTracedAppends(store: EventStore): EventStore {
  return {
    append: (streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> =>
      inSpan(
        'eventstore.append',
        {
          kind: SpanKind.INTERNAL,
          attributes: {
            'shop.stream.id': streamId,
            'shop.stream.category': streamId.split('-')[0] ?? streamId,
            'shop.events.count': events.length,
            'shop.events.types': [...new Set(events.map((e) => e.type))],
          },
        },
        async (span) => {
          const traceparent = activeTraceparent();
          const traced = traceparent ? events.map((e) => ({ ...e, metadata: { ...e.metadata, traceparent } })) : events;
          const result = await store.append(streamId, traced, expected);
          span.setAttribute('shop.position', result.position.toString());
          return result;
        },
      ),
    readStream: (streamId) => store.readStream(streamId),
    readAll: (after, limit) => store.readAll(after, limit),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
