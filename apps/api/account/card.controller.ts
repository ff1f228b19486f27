import { BadRequestException, Body, Controller, Inject, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import { ACCOUNT_SAVED, type CardSaved } from '#libs/contracts/account.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import { cardOf } from '#libs/read-models/cards.js';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ApiError, ApiRequiredBearer, BAD_BODY, ErrorBodyDto, ApiTooManyAttempts } from '../kernel/errors.responses.js';
import { CardAttempts, TOO_MANY_CARD_ATTEMPTS } from './card-attempts.js';
import { CardRequestDto, ONE_CARD_MESSAGE, PAY_REQUIRED_MESSAGE } from './card-cme.dto.js';
import { ReplaceCardCommand } from './card-cme.messages.js';
import { CardSavedDto } from './card-cme.responses.js';

const CARD_RULES =
  `${BAD_BODY}; "Card Number is required." (and Card Month, Card Year, Security Code), a number not of ` +
  '12-16 digits, a month not 01-12, a year not 2025-2035, a security code not of 3-4 digits; ' +
  'PAYMENTMETHOD not a pm_ id, or given with pay';

/** The account page's Card tab (signed-in sections 2, 3 "Card", 8): replace the card on file. */
@ApiTags('account')
@Controller('account')
@UseGuards(JwtAuthGuard)
@ApiRequiredBearer()
export class CardController {
  constructor(
    private readonly commands: CommandBus,
    private readonly attempts: CardAttempts,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Put('card')
  @ApiOperation({
    summary:
      'Replace the card on file: the gateway keeps the card, the shop keeps its token (brand, last four, expiry)',
  })
  @ApiOkResponse({ type: CardSavedDto })
  @ApiError(400, CARD_RULES)
  @ApiResponse({
    status: 402,
    type: ErrorBodyDto,
    description: "The gateway declined the card; nothing changed. ERROR is the gateway's text",
  })
  @ApiError(409, CONCURRENT_CHANGE)
  @ApiTooManyAttempts(TOO_MANY_CARD_ATTEMPTS)
  async replace(@CurrentUser() user: AuthUser, @Body() body: CardRequestDto): Promise<CardSaved> {
    if (body.pay && body.PAYMENTMETHOD) throw new BadRequestException(ONE_CARD_MESSAGE);
    const card = body.PAYMENTMETHOD ? { PAYMENTMETHOD: body.PAYMENTMETHOD } : body.pay;
    if (!card) throw new BadRequestException(PAY_REQUIRED_MESSAGE);
    await this.attempts.take(user.customerId);
    const kept = await this.commands.execute(new ReplaceCardCommand(user.customerId, card));
    // Read-your-writes: the handler waited for the projection; the gateway's answer if it lagged even so.
    const onFile = await cardOf(this.pool, user.customerId);
    const data = onFile ? { BRAND: onFile.BRAND, LAST4: onFile.LAST4, MONTH: onFile.MONTH, YEAR: onFile.YEAR } : kept;
    return { success: 1, message: ACCOUNT_SAVED, data };
  }
}
