import { Body, Controller, Get, HttpCode, Inject, Ip, NotFoundException, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import { type Config, stripeScriptUrl } from '#libs/config/config.js';
import type { CardSetup, CardSetupRequest, GatewayName, PaymentsConfig } from '#libs/contracts/cart.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '#libs/payments/payment-gateway.js';
import { type CartRequest, OptionalJwtAuthGuard } from '../cart/index.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { ApiError, ApiOptionalBearer, ApiTooManyAttempts, BAD_BODY } from '../kernel/errors.responses.js';
import { TOO_MANY_CARD_ATTEMPTS } from '../account/index.js';
import { CardSetupAttempts } from './card-setup-attempts.js';

export const NO_CARD_SETUP = 'This shop takes cards in its own fields: there is no card setup.';

class StripeScriptDto {
  @ApiProperty({ description: "Stripe's publishable key (pk_...)" }) PUBLISHABLEKEY!: string;
  @ApiProperty({ description: "The address of Stripe.js to load (Stripe's own, or a stand-in's mock)" })
  JSURL!: string;
}

class PaymentsConfigDto implements PaymentsConfig {
  @ApiProperty({ enum: ['sandbox', 'stripe'] }) GATEWAY!: GatewayName;
  @ApiPropertyOptional({ type: StripeScriptDto, nullable: true, description: 'null with the sandbox' })
  STRIPE!: StripeScriptDto | null;
}

class CardSetupDto implements CardSetup {
  @ApiProperty({ description: "A SetupIntent's client secret, for Stripe.js confirmCardSetup" }) CLIENTSECRET!: string;
}

class CardSetupRequestDto implements CardSetupRequest {
  @ApiPropertyOptional({
    description:
      "false: the card is for this payment only (an on-session SetupIntent); absent or true, a signed-in customer's card may be kept (off-session)",
  })
  @IsOptional()
  @IsBoolean({ message: 'SAVE_CARD must be true or false.' })
  SAVE_CARD?: boolean;
}

/**
 * Which card fields the browser shows (docs/payments.md, In the browser), and the first step of
 * Stripe's: a SetupIntent that Stripe.js confirms with the card typed into Stripe's own fields, so the
 * shop is only ever given a payment method id.
 */
@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly attempts: CardSetupAttempts,
  ) {}

  @Get('config')
  @ApiOperation({ summary: "The payment gateway, and for Stripe its publishable key and Stripe.js's address" })
  @ApiOkResponse({ type: PaymentsConfigDto })
  paymentsConfig(): PaymentsConfig {
    const { PAYMENT_GATEWAY: gateway, STRIPE_PUBLISHABLE_KEY: key } = this.config;
    return {
      GATEWAY: gateway,
      STRIPE: gateway === 'stripe' && key ? { PUBLISHABLEKEY: key, JSURL: stripeScriptUrl(this.config) } : null,
    };
  }

  @Post('card-setup')
  @HttpCode(200)
  @UseGuards(OptionalJwtAuthGuard)
  @ApiOptionalBearer()
  @ApiOperation({
    summary:
      'Stripe only: a SetupIntent for the card typed into Stripe.js; off-session use when signed in and the card may be kept (SAVE_CARD not false)',
  })
  @ApiOkResponse({ type: CardSetupDto })
  @ApiError(400, `${BAD_BODY}; SAVE_CARD must be true or false`)
  @ApiError(404, NO_CARD_SETUP)
  @ApiTooManyAttempts(TOO_MANY_CARD_ATTEMPTS)
  async cardSetup(
    @Req() request: CartRequest,
    @Ip() ip: string,
    @Body() body: CardSetupRequestDto,
  ): Promise<CardSetup> {
    if (!this.gateway.setupCard) throw new NotFoundException(NO_CARD_SETUP);
    const customerId = request.user?.customerId ?? null;
    await this.attempts.take(ip, customerId);
    // A card for this payment only is not asked to be charged later without its holder.
    const setup = await this.gateway.setupCard({ offSession: customerId !== null && body.SAVE_CARD !== false });
    return { CLIENTSECRET: setup.clientSecret };
  }
}
