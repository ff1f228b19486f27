import { performance } from 'node:perf_hooks';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  WrongExpectedRevisionError,
} from '#libs/eventstore/event-store.port.js';
import { countAppend } from './metrics.js';

/**
 * The event store with its appends counted (count, latency, conflicts by stream category), whichever
 * adapter it is: every other call goes straight through.
 */
export function withAppendMetrics(store: EventStore): EventStore {
  return {
    async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      const started = performance.now();
      try {
        const result = await store.append(streamId, events, expected);
        countAppend(streamId, 'appended', (performance.now() - started) / 1000);
        return result;
      } catch (error) {
        const outcome = error instanceof WrongExpectedRevisionError ? 'conflict' : 'failed';
        countAppend(streamId, outcome, (performance.now() - started) / 1000);
        throw error;
      }
    },
    readStream: (streamId) => store.readStream(streamId),
    readAll: (after, limit) => store.readAll(after, limit),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
