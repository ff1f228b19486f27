import { randomUUID } from 'node:crypto';
import type { CommandContext } from './decide-and-append.js';

/** Who acts outside any request (start-up, a timer, the demo seed) when the caller names nobody. */
export const SYSTEM = 'system';

/** The actor of an operator's command: `operator:{by}` (`--by`, or the OS user). */
export const operatorActor = (by: string): string => `operator:${by}`;

/**
 * The one way to start work that no request started (docs/conventions.md, "The request context"): its
 * actor, and a correlation id of its own, so its events and log lines are followed as one
 * piece of work. An HTTP request's context comes from the request instead (RequestContext).
 */
export const ownContext = (actorId: string): CommandContext => ({ actorId, correlationId: randomUUID() });

/** An operator's command (`npm run order:refund`, `media:import`, ...): actor `operator:{by}`. */
export const operatorContext = (by: string): CommandContext => ownContext(operatorActor(by));

/** A job, a timer or the seed: actor `system`, or the job's own (`renewals`). */
export const systemContext = (actorId: string = SYSTEM): CommandContext => ownContext(actorId);

/**
 * A step taken in answer to a recorded event (a process manager): the event's actor and correlation id,
 * the event as its cause.
 */
export const contextOfEvent = (event: {
  id: string;
  metadata: { actorId: string; correlationId: string };
}): Required<CommandContext> => ({
  actorId: event.metadata.actorId,
  correlationId: event.metadata.correlationId,
  causationId: event.id,
});
