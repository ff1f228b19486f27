import { BadRequestException, Body, Controller, Headers, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import { type CartRequest, CartService, OptionalJwtAuthGuard } from '../cart/index.js';
import { ApiCartIdHeader, ApiError, ApiOptionalBearer, BAD_BODY } from '../kernel/errors.responses.js';
import { IDEMPOTENCY_KEY_REQUIRED } from './checkout-errors.js';
import { PayDto, QuoteDto } from './checkout.dto.js';
import { IDEMPOTENCY_KEY_PATTERN, PayCommand } from './checkout.messages.js';
import { PayResponseDto, QuoteResponseDto } from './checkout.responses.js';
import { CheckoutService } from './checkout.service.js';

/**
 * Checkout (signed-in sections 2 and 3): the totals of the contact step, and the payment (a
 * PayCommand on the CommandBus, once the Idempotency-Key is well formed and the cart is known).
 */
@ApiTags('checkout')
@ApiOptionalBearer()
@ApiCartIdHeader()
@Controller('checkout')
@UseGuards(OptionalJwtAuthGuard)
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly carts: CartService,
    private readonly commands: CommandBus,
  ) {}

  @Post('quote')
  @HttpCode(200)
  @ApiOperation({ summary: 'Totals of the cart for a country, state and shipping option (cents)' })
  @ApiOkResponse({ type: QuoteResponseDto })
  @ApiError(400, `${BAD_BODY}; no cart id, no shipping rate for the country`)
  @ApiError(404, 'A product of the cart is no longer available')
  quote(@Req() request: CartRequest, @Body() body: QuoteDto): Promise<Quote> {
    return this.checkout.quote(request, body);
  }

  @Post('pay')
  @HttpCode(200)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: true,
    schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    description: 'A uuid per Pay press; a missing or malformed one answers 400',
  })
  @ApiOperation({
    summary: 'Places and pays the order; a declined card answers 200 with ONUM null and the ERRORS',
  })
  @ApiOkResponse({ type: PayResponseDto })
  @ApiError(
    400,
    `${BAD_BODY}; no Idempotency-Key, an empty cart, a total that does not match, a guest buying digital products, ` +
      'no card and none on file, the CME rule',
  )
  @ApiError(404, 'A product of the cart is no longer available')
  @ApiError(409, 'The Idempotency-Key was used for a different request, or this payment is still being processed')
  @ApiError(502, 'The payment gateway refused the card data')
  async pay(
    @Req() request: CartRequest,
    @Body() body: PayDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<PayResponse> {
    if (!idempotencyKey || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw new BadRequestException(IDEMPOTENCY_KEY_REQUIRED);
    }
    const caller = { cartId: this.carts.cartIdFor(request), customerId: request.user?.customerId ?? null };
    return this.commands.execute(new PayCommand(caller, body, idempotencyKey));
  }
}
