import { Body, Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import {
  CODE_REQUIRED,
  REDEEM_UNKNOWN_CODE,
  REDEEM_USED_CODE,
  type RedeemResponse,
} from '#libs/contracts/streaming.js';
import { type AuthUser, CurrentUser, IdentityRateLimits, JwtAuthGuard, TOO_MANY_REDEEMS } from '../identity/index.js';
import { ApiError, ApiRequiredBearer, ApiTooManyAttempts } from '../kernel/errors.responses.js';
import { RedeemDto } from './streaming.dto.js';
import { RedeemCodeCommand } from './streaming.messages.js';
import { RedeemResponseDto } from './streaming.responses.js';

/**
 * Book redeem (signed-in "Book redeem"): login only; the code opens the book's videos at once. Attempts
 * are throttled per address and per account (apps/api/identity/rate-limits.ts), so codes cannot be guessed.
 */
@ApiTags('streaming')
@Controller('redeem')
@UseGuards(JwtAuthGuard)
@ApiRequiredBearer()
export class RedeemController {
  constructor(
    private readonly commands: CommandBus,
    private readonly limits: IdentityRateLimits,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Redeem a book code: once, ever; the next call of the customer streams the book' })
  @ApiOkResponse({ type: RedeemResponseDto })
  @ApiError(
    400,
    `"${CODE_REQUIRED}" (empty or missing), "${REDEEM_UNKNOWN_CODE}", an unknown field, over 64 characters`,
  )
  @ApiError(409, `"${REDEEM_USED_CODE}", or "${CONCURRENT_CHANGE}"`)
  @ApiTooManyAttempts(`"${TOO_MANY_REDEEMS}": too many attempts from this account or from this address`)
  async redeem(@CurrentUser() user: AuthUser, @Body() body: RedeemDto, @Ip() ip: string): Promise<RedeemResponse> {
    // Counted before the code is looked up: attempts sent at once cannot pass the limit.
    await this.limits.beginRedeem(user.customerId, ip);
    const answer = await this.commands.execute(new RedeemCodeCommand(user.customerId, body.code));
    await this.limits.redeemSucceeded(user.customerId, ip);
    return answer;
  }
}
