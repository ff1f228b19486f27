import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import type { Config } from '#libs/config/config.js';
import type { Health } from '#libs/contracts/identity.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { CONFIG, EVENT_STORE, PG_POOL } from '../infrastructure/tokens.js';
import { HealthDto } from './health.responses.js';

/** Lag is counted up to this many events; more reads as this number. */
const LAG_CAP = 1000;

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
  @ApiOperation({ summary: 'Database reachability and projector lag' })
  @ApiOkResponse({ type: HealthDto, description: 'Database and projection status' })
  async health(): Promise<Health> {
    const eventStore = this.config.EVENTSTORE_URL ? 'eventstoredb' : 'postgres';
    try {
      const checkpoints = await this.pool.query<{ name: string; position: string }>(
        'SELECT name, position::text AS position FROM projection_checkpoints ORDER BY name',
      );
      // Lag in events (positions are not dense): how many logged events the model has not applied yet.
      const projections = await Promise.all(
        checkpoints.rows.map(async (row) => ({
          name: row.name,
          position: row.position,
          lag: (await this.store.readAll(BigInt(row.position), LAG_CAP)).length,
        })),
      );
      return { status: 'ok', database: 'up', eventStore, projections };
    } catch {
      return { status: 'degraded', database: 'down', eventStore, projections: [] };
    }
  }
}
