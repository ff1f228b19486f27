import { Body, Controller, Headers, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import { OptionalJwtAuthGuard, type CartRequest } from '../cart/optional-auth.guard.js';
import { PayDto, QuoteDto } from './checkout.dto.js';
import { CheckoutService } from './checkout.service.js';

/** Checkout (signed-in sections 2 and 3): the totals of the contact step, and the payment. */
@ApiTags('checkout')
@ApiBearerAuth()
@ApiHeader({ name: 'X-Cart-Id', required: false, description: "A visitor's cart id (uuid)" })
@Controller('checkout')
@UseGuards(OptionalJwtAuthGuard)
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Post('quote')
  @HttpCode(200)
  @ApiOperation({ summary: 'Totals of the cart for a country, state and shipping option (cents)' })
  @ApiOkResponse({ description: 'Quote: ORDER {SUBTOTAL, DISCOUNT, TAX, SHIPCOST, COUPON}, TOTAL, SHIPS' })
  quote(@Req() request: CartRequest, @Body() body: QuoteDto): Promise<Quote> {
    return this.checkout.quote(request, body);
  }

  @Post('pay')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: true, description: 'A uuid per Pay press' })
  @ApiOperation({
    summary: 'Places and pays the order; a declined card answers 200 with ONUM null and the ERRORS',
  })
  @ApiOkResponse({ description: 'PayResponse: ONUM, ERRORS, RECEIPTTOKEN (guests)' })
  pay(
    @Req() request: CartRequest,
    @Body() body: PayDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<PayResponse> {
    return this.checkout.pay(request, body, idempotencyKey);
  }
}
