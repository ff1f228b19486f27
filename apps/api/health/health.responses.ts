import { ApiProperty } from '@nestjs/swagger';
import type { Health, Readiness } from '#libs/contracts/identity.js';

/** GET /api/health for the OpenAPI document (libs/contracts/identity.ts Health). */
export class HealthDto implements Health {
  @ApiProperty({ enum: ['ok'], description: 'The process answers; nothing more is said' }) status!: 'ok';
}

/** A read model being rebuilt beside its live tables. */
export class BuildingModelDto {
  @ApiProperty({ example: 'carts' }) name!: string;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100, description: 'How far through the event log' })
  percent!: number;
}

/** GET /api/ready for the OpenAPI document (libs/contracts/identity.ts Readiness). */
export class ReadinessDto implements Readiness {
  @ApiProperty({ enum: ['ready', 'not_ready'] }) status!: 'ready' | 'not_ready';
  @ApiProperty({ type: [String], description: 'Why it is not ready, one sentence each; empty when ready' })
  reasons!: string[];
  @ApiProperty({
    type: [BuildingModelDto],
    description: 'Read models being rebuilt beside their live tables (whose old tables answer meanwhile)',
  })
  building!: BuildingModelDto[];
}
