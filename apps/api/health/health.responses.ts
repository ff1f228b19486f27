import { ApiProperty } from '@nestjs/swagger';
import type { Health, Readiness } from '#libs/contracts/identity.js';

/** GET /api/health for the OpenAPI document (libs/contracts/identity.ts Health). */
export class HealthDto implements Health {
  @ApiProperty({ enum: ['ok'], description: 'The process answers; nothing more is said' }) status!: 'ok';
}

/** GET /api/ready for the OpenAPI document (libs/contracts/identity.ts Readiness). */
export class ReadinessDto implements Readiness {
  @ApiProperty({ enum: ['ready', 'not_ready'] }) status!: 'ready' | 'not_ready';
  @ApiProperty({ type: [String], description: 'Why it is not ready, one sentence each; empty when ready' })
  reasons!: string[];
}
