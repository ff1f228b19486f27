import { ApiProperty } from '@nestjs/swagger';
import type { Health } from '#libs/contracts/identity.js';

/** GET /api/health for the OpenAPI document (libs/contracts/identity.ts Health). */
export class ProjectionHealthDto {
  @ApiProperty({ description: 'The read model' }) name!: string;
  @ApiProperty({ description: 'Its checkpoint in the event log (a 64-bit number as text)' }) position!: string;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 1000, description: 'Events not applied yet, up to 1,000' })
  lag!: number;
}

export class HealthDto implements Health {
  @ApiProperty({ enum: ['ok', 'degraded'] }) status!: 'ok' | 'degraded';
  @ApiProperty({ enum: ['up', 'down'] }) database!: 'up' | 'down';
  @ApiProperty({ enum: ['postgres', 'eventstoredb'] }) eventStore!: 'postgres' | 'eventstoredb';
  @ApiProperty({ type: [ProjectionHealthDto] }) projections!: ProjectionHealthDto[];
}
