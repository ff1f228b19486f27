/**
 * The decider shape every aggregate follows (docs/conventions.md): pure functions, no I/O.
 * `decide` returns the events a command produces, or throws a DomainError for a refused command.
 */
export interface Decider<Command, State, Event> {
  readonly initialState: State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

/** A domain event as the decider sees it: a type name and its data (the envelope is added on append). */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/**
 * A command the domain refuses. `code` is stable and machine-readable; `message` is the text a
 * person sees (the spec's wording where the spec gives one). The HTTP layer maps codes to statuses.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Folds a stream's events into the state the decider decides on. */
export function fold<State, Event>(
  decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState);
}
