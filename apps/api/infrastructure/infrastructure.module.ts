import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type pg from 'pg';
import type { Config } from '#libs/config/config.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import type { Mailer } from '#libs/mail/mailer.js';
import type { ProjectionWaiter } from '#libs/read-models/projector.js';
import { CONFIG, EVENT_STORE, MAILER, PG_POOL, PROJECTION_WAITER } from './tokens.js';
import { EventSourcedService } from '../shared/event-sourced.service.js';

/** The adapters, built once at start-up (apps/api/bootstrap.ts) and shared by every feature module. */
export interface Infrastructure {
  config: Config;
  pool: pg.Pool;
  store: EventStore;
  waiter: ProjectionWaiter;
  mailer: Mailer;
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
      EventSourcedService,
    ];
    return {
      module: InfrastructureModule,
      imports: [CqrsModule.forRoot()],
      providers,
      exports: [...providers.map((p) => ('provide' in p ? p.provide : p)), CqrsModule],
    };
  }
}
