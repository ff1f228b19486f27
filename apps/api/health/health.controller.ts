import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { DatabaseHealth } from '#libs/database/database-health.js';
import type { Health, Readiness } from '#libs/contracts/identity.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { allReadModels } from '#libs/read-models/index.js';
import { CONFIG, EVENT_STORE, PG_POOL } from '../infrastructure/tokens.js';
import { HealthDto, ReadinessDto } from './health.responses.js';
import { readiness } from './readiness.js';

const MODEL_NAMES = allReadModels.map((m) => m.name);

/**
 * The probes (docs/operations.md, Probes): /api/health says the process is alive and nothing else;
 * /api/ready says whether it should get traffic, and why not. Both public, as load balancers call them.
 */
@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: Config,
    private readonly database: DatabaseHealth,
    private readonly clock: Clock,
  ) {}

  @Get('health')
  @ApiOperation({ summary: 'Liveness: the process answers (no I/O)' })
  @ApiOkResponse({ type: HealthDto, description: 'Alive' })
  health(): Health {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    summary:
      'Readiness: the database answers and takes changes, the read models are current, Kafka (if set) is reachable',
  })
  @ApiOkResponse({ type: ReadinessDto, description: 'Ready for traffic' })
  @ApiResponse({ status: 503, type: ReadinessDto, description: 'Not ready; the reasons say why' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    const answer = await readiness({
      pool: this.pool,
      store: this.store,
      config: this.config,
      readModels: MODEL_NAMES,
      now: this.clock.now(),
      database: this.database,
    });
    if (!answer.ready) void reply.status(503);
    return { status: answer.ready ? 'ready' : 'not_ready', reasons: answer.reasons, building: answer.building };
  }
}
