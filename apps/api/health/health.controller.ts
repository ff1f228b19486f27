import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import type { Config } from '#libs/config/config.js';
import type { Health } from '#libs/contracts/identity.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { CONFIG, EVENT_STORE, PG_POOL } from '../infrastructure/tokens.js';

/**
 * Database reachability and projector lag (events in the log not yet in each read model). Reads the
 * checkpoint table rather than in-process state, so it answers the same in the scaled-out mode.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get()
  @ApiOkResponse({ description: 'Database and projection status' })
  async health(): Promise<Health> {
    const eventStore = this.config.EVENTSTORE_URL ? 'eventstoredb' : 'postgres';
    try {
      const [head, checkpoints] = await Promise.all([
        this.store.headPosition(),
        this.pool.query<{ name: string; position: string }>(
          'SELECT name, position::text AS position FROM projection_checkpoints ORDER BY name',
        ),
      ]);
      const projections = checkpoints.rows.map((row) => ({
        name: row.name,
        position: row.position,
        lag: Number(head - BigInt(row.position)),
      }));
      return { status: 'ok', database: 'up', eventStore, projections };
    } catch {
      return { status: 'degraded', database: 'down', eventStore, projections: [] };
    }
  }
}
