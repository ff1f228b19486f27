/**
 * How the year bench decides: seeded random numbers, and a stream's commands decided and enveloped as
 * `decideAndAppend` does it (libs/application/decide-and-append.ts), without reading the store (the
 * generator knows each stream it writes).
 */
import type { Decider, DomainEvent } from '#libs/domain/kernel/decider.js';
import type { NewEvent } from '#libs/eventstore/event-store.port.js';
import { schemaVersionOf } from '#libs/domain/event-versions.js';

/** Seeded random numbers (mulberry32): the same seed writes the same year. */
export class Random {
  constructor(private state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** A version 4 uuid made of this generator's numbers. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(16).toString(16));
    hex[12] = '4';
    hex[16] = (8 + this.int(4)).toString(16);
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}

/** One stream's events as decided, to be appended in one call. */
export interface DecidedStream {
  streamId: string;
  events: NewEvent[];
  /** The stream exists already (a demo account's): append after its last revision. */
  existing?: boolean;
}

/** A command and when it was given. */
export type Timed<Command> = { command: Command; at: string };

/**
 * Folds `state`, decides each command in turn and envelopes the events as decideAndAppend does
 * (libs/application/decide-and-append.ts), with the command's time as `occurredAt`. Answers the events
 * and the state after them; a refused command throws the decider's DomainError (a bug of the generator).
 */
export function decideAll<Command, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
  commands: readonly Timed<Command>[],
  actorId: string,
  random: Random,
  state: State = decider.initialState,
): { events: NewEvent[]; state: State } {
  const events: NewEvent[] = [];
  for (const { command, at } of commands) {
    const decided = decider.decide(command, state);
    const correlationId = random.uuid();
    for (const event of decided) {
      events.push({
        id: random.uuid(),
        type: event.type,
        data: event.data,
        // The version each type is written in today (a heartbeat is version 2), as decideAndAppend stamps it.
        metadata: {
          correlationId,
          causationId: correlationId,
          actorId,
          occurredAt: at,
          schemaVersion: schemaVersionOf(event.type),
        },
      });
      state = decider.evolve(state, event);
    }
  }
  return { events, state };
}
