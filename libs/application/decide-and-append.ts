import { randomUUID } from 'node:crypto';
import type { Decider, DomainEvent } from '#libs/domain/shared/decider.js';
import { type EventStore, type RecordedEvent, WrongExpectedRevisionError } from '#libs/eventstore/event-store.port.js';

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

const MAX_ATTEMPTS = 5;

/**
 * The one write path (DESIGN.md section 3): load the stream, fold it, decide, append with the
 * expected revision; on a concurrency conflict start again, a bounded number of times.
 * DomainErrors from `decide` propagate unchanged.
 */
export async function decideAndAppend<Command, State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  context: CommandContext,
): Promise<DecideAndAppendResult<State>> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = history.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState);
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { events: [], state, position: null };
    const occurredAt = new Date().toISOString();
    const toAppend = decided.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        correlationId: context.correlationId,
        causationId: context.causationId ?? context.correlationId,
        actorId: context.actorId,
        occurredAt,
        schemaVersion: 1,
      },
    }));
    const expected = history.length === 0 ? 'no_stream' : history.length - 1;
    try {
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
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}
