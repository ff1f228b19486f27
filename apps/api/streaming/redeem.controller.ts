import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import {
  CODE_REQUIRED,
  REDEEM_UNKNOWN_CODE,
  REDEEM_USED_CODE,
  type RedeemResponse,
} from '#libs/contracts/streaming.js';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../identity/index.js';
import { ApiError, ApiRequiredBearer } from '../kernel/errors.responses.js';
import { RedeemDto } from './streaming.dto.js';
import { RedeemCodeCommand } from './streaming.messages.js';
import { RedeemResponseDto } from './streaming.responses.js';

/** Book redeem (signed-in "Book redeem"): login only; the code opens the book's videos at once. */
@ApiTags('streaming')
@Controller('redeem')
@UseGuards(JwtAuthGuard)
@ApiRequiredBearer()
export class RedeemController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Redeem a book code: once, ever; the next call of the customer streams the book' })
  @ApiOkResponse({ type: RedeemResponseDto })
  @ApiError(
    400,
    `"${CODE_REQUIRED}" (empty or missing), "${REDEEM_UNKNOWN_CODE}", an unknown field, over 64 characters`,
  )
  @ApiError(409, `"${REDEEM_USED_CODE}", or "${CONCURRENT_CHANGE}"`)
  redeem(@CurrentUser() user: AuthUser, @Body() body: RedeemDto): Promise<RedeemResponse> {
    return this.commands.execute(new RedeemCodeCommand(user.customerId, body.code));
  }
}
