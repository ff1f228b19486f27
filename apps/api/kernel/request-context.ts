import { randomUUID } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { CLS_ID, ClsService, ClsServiceManager } from 'nestjs-cls';
import type { Observable } from 'rxjs';
import { systemContext } from '#libs/application/command-context.js';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import { activeTraceIds } from '#libs/tracing/trace-context.js';

const ACTOR = 'actorId';
const CAUSATION = 'causationId';

/** Who acts when nobody signed in asked: a visitor of the shop. */
export const ANONYMOUS = 'anonymous';
/** Who acts outside any request (start-up, a timer) when the caller names nobody. */
export { SYSTEM } from '#libs/application/command-context.js';

/**
 * The one request context (nestjs-cls over AsyncLocalStorage): every HTTP request runs in a context
 * whose id is the request's id (X-Request-Id, Fastify's `request.id`) and whose actor is the signed-in
 * customer (ActorInterceptor) or `anonymous`. `current()` is what every command's events carry as
 * metadata (EventSourcedService); every log line carries the same id as `correlationId`
 * (`correlationIdMixin`). Work that no request started (the demo seed, a process manager reacting to
 * an event, the payment settler's timer) runs in a context of its own through `run()`.
 */
@Injectable()
export class RequestContext {
  constructor(private readonly cls: ClsService) {}

  current(): CommandContext {
    if (!this.cls.isActive()) return systemContext();
    const causationId = this.cls.get<string | undefined>(CAUSATION);
    return {
      actorId: this.cls.get<string | undefined>(ACTOR) ?? ANONYMOUS,
      correlationId: this.cls.getId() ?? randomUUID(),
      ...(causationId ? { causationId } : {}),
    };
  }

  /** Names the actor of the running request (the guards have found the session). */
  setActor(actorId: string): void {
    if (this.cls.isActive()) this.cls.set(ACTOR, actorId);
  }

  /**
   * Runs `work` in a context of its own: `actorId` acts, in answer to `causationId` (an event's id),
   * under `correlationId` (the causing event's, so one customer's request is followed through every
   * step it set off; a new one when absent).
   */
  run<T>(
    context: { actorId: string; correlationId?: string; causationId?: string },
    work: () => Promise<T>,
  ): Promise<T> {
    return this.cls.run({ ifNested: 'override' }, () => {
      this.cls.set(CLS_ID, context.correlationId ?? randomUUID());
      this.cls.set(ACTOR, context.actorId);
      if (context.causationId) this.cls.set(CAUSATION, context.causationId);
      return work();
    });
  }

  /**
   * Runs `work` as a step caused by the event `causationId`, appended by the running context: the same
   * actor and correlation id, that event as the causation of what `work` appends.
   */
  causedBy<T>(causationId: string, work: () => Promise<T>): Promise<T> {
    const { actorId, correlationId } = this.current();
    return this.run({ actorId, correlationId, causationId }, work);
  }
}

/** Puts the signed-in customer (set by the session guards, which run before interceptors) into the context. */
@Injectable()
export class ActorInterceptor implements NestInterceptor {
  constructor(private readonly context: RequestContext) {}

  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (execution.getType() === 'http') {
      const user = execution.switchToHttp().getRequest<{ user?: { customerId?: unknown } }>().user;
      if (typeof user?.customerId === 'string') this.context.setActor(user.customerId);
    }
    return next.handle();
  }
}

/**
 * pino's `mixin`: every log line written inside a context carries its correlation id, and inside a
 * trace (tracing on) its `traceId` and `spanId` (docs/operations.md, Traces).
 */
export function correlationIdMixin(): Record<string, unknown> {
  const cls = ClsServiceManager.getClsService();
  const id = cls.isActive() ? cls.getId() : undefined;
  return id ? { correlationId: id, ...activeTraceIds() } : activeTraceIds();
}
