import { ApiProperty } from '@nestjs/swagger';
import type { ExpiringSubscription, LoginResponse } from '#libs/contracts/identity.js';

/** Response shapes of identity for the OpenAPI document (libs/contracts/identity.ts). Money in cents. */
export class RenewalUrlDto {
  @ApiProperty({ type: 'integer', description: 'Years' }) TERM!: number;
  @ApiProperty() URL!: string;
  @ApiProperty({ type: 'integer', description: 'Cents' }) COST!: number;
}

export class ExpiringSubscriptionDto implements ExpiringSubscription {
  @ApiProperty() TYPE!: string;
  @ApiProperty({ description: 'YYYY-MM-DD' }) DT!: string;
  @ApiProperty({ type: 'integer', description: 'Cents' }) COST!: number;
  @ApiProperty({ type: [RenewalUrlDto] }) URLS!: RenewalUrlDto[];
}

export class ExpiringSubscriptionsBodyDto {
  @ApiProperty({ type: [ExpiringSubscriptionDto] }) data!: ExpiringSubscriptionDto[];
}

export class MarketingTargetDto {
  @ApiProperty() ROUTE!: string;
  @ApiProperty() MT!: string;
}

export class LoginResponseBodyDto implements LoginResponse {
  @ApiProperty({ description: 'The Bearer token of the new session' }) token!: string;
  @ApiProperty({ type: 'array', items: { type: 'integer' }, description: 'Product ids the customer may open' })
  OPEN!: number[];
  @ApiProperty({ type: String, nullable: true }) QMPMarketingPixel!: string | null;
  @ApiProperty({ type: [ExpiringSubscriptionDto] }) EXPIRATIONS!: ExpiringSubscriptionDto[];
  @ApiProperty({ type: MarketingTargetDto, nullable: true }) QMPMarketingTarget!: MarketingTargetDto | null;
  @ApiProperty({ description: 'Send the customer to user/account#cme after login' }) CMEREDIRECT!: boolean;
}
