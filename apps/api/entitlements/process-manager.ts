import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { RequestContext } from '../kernel/request-context.js';
import { contextOfEvent } from '#libs/application/command-context.js';

/**
 * A process manager: the next step of a flow, run in answer to an event (OrderPaid grants what the
 * order bought, CodeRedeemed grants the book). Its run must be idempotent (a second run appends
 * nothing): the request that appended the event awaits it, and ProcessManagerSubscription runs it
 * again from the log after a crash.
 */
export interface ProcessManager {
  /** The event types it reacts to. */
  readonly reactsTo: readonly string[];
  /** Runs its step for one event; answers how many events the step appended. */
  handle(event: RecordedEvent): Promise<number>;
}

/** Runs remembered at most (the newest); an older event's run simply runs again, appending nothing. */
const REMEMBERED = 1000;

/**
 * One run per event id: the request that appended the event and the log's subscription, reaching it
 * at about the same time, join the same run instead of racing each other. A failed run is forgotten,
 * so the next call tries again.
 */
export class RunsPerEvent {
  private readonly runs = new Map<string, Promise<number>>();

  run(eventId: string, work: () => Promise<number>): Promise<number> {
    const running = this.runs.get(eventId);
    if (running) return running;
    const run = work();
    this.runs.set(eventId, run);
    if (this.runs.size > REMEMBERED) this.runs.delete(this.runs.keys().next().value as string);
    run.catch(() => this.runs.delete(eventId));
    return run;
  }
}

/**
 * The skeleton every process manager shares: one run per event id, inside the causing event's context.
 * A process manager names the events it reacts to and writes its `step`.
 */
export abstract class EventProcessManager implements ProcessManager {
  abstract readonly reactsTo: readonly string[];
  private readonly runs = new RunsPerEvent();

  protected constructor(private readonly requestContext: RequestContext) {}

  /** Runs the step for one event; answers how many events it appended. */
  handle(recorded: RecordedEvent): Promise<number> {
    return this.runs.run(recorded.id, () =>
      this.requestContext.run(contextOfEvent(recorded), () => this.step(recorded)),
    );
  }

  protected abstract step(recorded: RecordedEvent): Promise<number>;
}
