import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { type DecideAndAppendResult, decideAndAppend } from '#libs/application/decide-and-append.js';
import type { Decider, DomainEvent } from '#libs/domain/kernel/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import type { ProjectionWaiter } from '#libs/read-models/projector.js';
import { inSpan } from '#libs/tracing/trace-context.js';
import { EVENT_STORE, PROJECTION_WAITER } from '../infrastructure/tokens.js';
import { RequestContext } from './request-context.js';

/**
 * What every command handler calls: decide and append under the one conflict retry policy
 * (libs/application/conflict-retry.ts), with the request context's actor and correlation id as the
 * events' metadata and the injected clock's time; then publish the recorded events on the Nest
 * EventBus (only after the append succeeded), then wait, bounded, until the read models have
 * projected them, so the next screen never shows stale data.
 */
@Injectable()
export class EventSourcedService {
  private readonly logger = new Logger(EventSourcedService.name);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
    private readonly eventBus: EventBus,
    private readonly context: RequestContext,
    private readonly clock: Clock,
  ) {}

  async execute<Command, State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<Command, State, Event>,
    command: Command,
  ): Promise<DecideAndAppendResult<State>> {
    // One span per command (docs/operations.md, Traces): its appends, and the projection wait, inside it.
    const type = (command as { type?: unknown } | null)?.type;
    const name = typeof type === 'string' ? type : 'command';
    return inSpan(`command ${name}`, { attributes: { 'shop.command': name, 'shop.stream.id': streamId } }, async () => {
      const result = await decideAndAppend(this.store, streamId, decider, command, this.context.current(), {
        clock: this.clock,
      });
      if (result.position !== null) {
        this.eventBus.publishAll(result.events);
        const projected = await this.waiter.waitFor(result.position);
        if (!projected) this.logger.warn(`Read models did not reach position ${result.position} in time`);
      }
      return result;
    });
  }
}
