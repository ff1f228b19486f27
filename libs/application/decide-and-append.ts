import { randomUUID } from 'node:crypto';
import { schemaVersionOf } from '#libs/domain/event-versions.js';
import type { Decider, DomainEvent } from '#libs/domain/kernel/decider.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { Clock } from './clock.js';
import { CONFLICT_RETRY, type ConflictRetryPolicy, retryOnConflict } from './conflict-retry.js';

/** Who asked, and in answer to what: becomes the metadata of every event appended. */
export interface CommandContext {
  actorId: string;
  correlationId: string;
  causationId?: string;
}

export interface DecideAndAppendResult<State> {
  /** The events appended (empty when the command changed nothing). */
  events: RecordedEvent[];
  /** The state after the new events. */
  state: State;
  /** Global position of the last appended event, or null when nothing was appended. */
  position: bigint | null;
}

export interface DecideAndAppendOptions {
  clock: Clock;
  retry?: ConflictRetryPolicy;
}

/**
 * The one write path: load the stream, fold it, decide, append with the expected revision; on a
 * concurrency conflict start again under the one retry policy (conflict-retry.ts), which answers
 * 409 CONCURRENT_CHANGE once exhausted. DomainErrors from `decide` propagate unchanged.
 */
export async function decideAndAppend<Command, State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  context: CommandContext,
  options: DecideAndAppendOptions,
): Promise<DecideAndAppendResult<State>> {
  return retryOnConflict(async () => {
    const history = await store.readStream(streamId);
    const state = history.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState);
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { events: [], state, position: null };
    const occurredAt = options.clock.now().toISOString();
    const toAppend = decided.map((event) => ({
      // An event's own id, not a correlation id: those come with the context.
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        correlationId: context.correlationId,
        causationId: context.causationId ?? context.correlationId,
        actorId: context.actorId,
        occurredAt,
        schemaVersion: schemaVersionOf(event.type),
      },
    }));
    const expected = history.length === 0 ? 'no_stream' : history.length - 1;
    const result = await store.append(streamId, toAppend, expected);
    const firstRevision = result.nextExpectedRevision - toAppend.length + 1;
    const events: RecordedEvent[] = toAppend.map((e, i) => ({
      ...e,
      streamId,
      revision: firstRevision + i,
      // Only the last position is known exactly; earlier ones are below it, which is all waiters need.
      position: result.position,
    }));
    return { events, state: decided.reduce(decider.evolve, state), position: result.position };
  }, options.retry ?? CONFLICT_RETRY);
}
