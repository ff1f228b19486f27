import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ClsModule } from 'nestjs-cls';
import type pg from 'pg';
import { Clock, SystemClock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { DatabaseHealth } from '#libs/database/database-health.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import type { Mailer } from '#libs/mail/mailer.js';
import type { ProjectionWaiter } from '#libs/read-models/projector.js';
import { CONFIG, EVENT_STORE, MAILER, PG_POOL, PROJECTION_WAITER } from './tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { requestIdOf } from '../kernel/http-logging.js';
import { ActorInterceptor, RequestContext } from '../kernel/request-context.js';

/** The adapters, built once at start-up (apps/api/bootstrap.ts) and shared by every feature module. */
export interface Infrastructure {
  config: Config;
  pool: pg.Pool;
  store: EventStore;
  waiter: ProjectionWaiter;
  mailer: Mailer;
  /** What this process learnt of the database (readiness, the error filter, the loops); a fresh one unless given. */
  database?: DatabaseHealth;
  /** The shop's clock; the machine's time unless a test brings its own. */
  clock?: Clock;
}

@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(infrastructure: Infrastructure): DynamicModule {
    const providers = [
      { provide: CONFIG, useValue: infrastructure.config },
      { provide: PG_POOL, useValue: infrastructure.pool },
      { provide: EVENT_STORE, useValue: infrastructure.store },
      { provide: PROJECTION_WAITER, useValue: infrastructure.waiter },
      { provide: MAILER, useValue: infrastructure.mailer },
      { provide: Clock, useValue: infrastructure.clock ?? new SystemClock() },
      { provide: DatabaseHealth, useValue: infrastructure.database ?? new DatabaseHealth() },
      RequestContext,
      EventSourcedService,
    ];
    return {
      module: InfrastructureModule,
      imports: [
        CqrsModule.forRoot(),
        // The request context: opened by a middleware on every route, its id the request's id
        // (@fastify/middie copies Fastify's request.id onto the raw request the middleware sees).
        ClsModule.forRoot({
          global: true,
          middleware: {
            mount: true,
            generateId: true,
            idGenerator: (req: { id?: unknown; headers: Record<string, string | string[] | undefined> }) =>
              typeof req.id === 'string' ? req.id : requestIdOf(req),
          },
        }),
      ],
      providers: [...providers, { provide: APP_INTERCEPTOR, useClass: ActorInterceptor }],
      exports: [...providers.map((p) => ('provide' in p ? p.provide : p)), CqrsModule],
    };
  }
}
