import { type Decider, DomainError } from './decider.js';

/**
 * Test helper: given (past events) / when (command) / then (events or a DomainError code).
 * Used by every decider spec so the tests read like the spec's rules.
 */
export function givenWhenThen<C, S, E>(decider: Decider<C, S, E>) {
  return (...given: E[]) => ({
    when: (command: C) => {
      const run = (): E[] => decider.decide(command, given.reduce(decider.evolve, decider.initialState));
      return {
        then: (...expected: E[]): void => {
          expect(run()).toEqual(expected);
        },
        thenFails: (code: string): void => {
          let caught: unknown;
          try {
            run();
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect((caught as DomainError).code).toBe(code);
        },
      };
    },
  });
}
