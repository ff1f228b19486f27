import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import { Clock, dayOf } from '#libs/application/clock.js';
import type { FailedRenewal } from '#libs/contracts/renewals.js';
import { failedRenewalsOf } from '#libs/read-models/renewals.js';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ApiRequiredBearer } from '../kernel/errors.responses.js';

class FailedRenewalDto implements FailedRenewal {
  @ApiProperty() TYPE!: string;
  @ApiProperty({ description: 'YYYY-MM-DD' }) DT!: string;
  @ApiProperty({ type: [String] }) ERRORS!: string[];
  @ApiProperty() URL!: string;
}

class FailedRenewalsBodyDto {
  @ApiProperty({ type: [FailedRenewalDto] }) data!: FailedRenewalDto[];
}

/** The signed-in customer's failed automatic renewals (the expiring banner says so). */
@ApiTags('orders')
@Controller('subscriptions/renewals')
export class RenewalsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly clock: Clock,
  ) {}

  @Get('failed')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Automatic renewals the card on file did not pay, while the subscription runs' })
  @ApiRequiredBearer()
  @ApiOkResponse({ type: FailedRenewalsBodyDto })
  async failed(@CurrentUser() user: AuthUser): Promise<{ data: FailedRenewal[] }> {
    const rows = await failedRenewalsOf(this.pool, user.customerId, dayOf(this.clock.now()));
    return {
      data: rows.map((r) => ({
        TYPE: r.subscriptionType,
        DT: r.period,
        ERRORS: r.errors,
        URL: `/cart?renew=${r.subscriptionType}&term=1`,
      })),
    };
  }
}
