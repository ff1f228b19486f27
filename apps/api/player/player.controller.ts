import { Body, Controller, Get, Inject, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import type { PlayerPreferences } from '#libs/contracts/streaming.js';
import { playerPreferencesOf } from '#libs/read-models/player-preferences.js';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ApiError, ApiRequiredBearer, BAD_BODY } from '../kernel/errors.responses.js';
import { CAPTIONS_MESSAGE, PlayerPreferencesDto, SPEED_MESSAGE } from './player.dto.js';
import { ChangePlayerPreferencesCommand } from './player.messages.js';

/** The video player's speed and captions, remembered per account so every device plays alike. */
@ApiTags('account')
@Controller('account/player')
@UseGuards(JwtAuthGuard)
@ApiRequiredBearer()
export class PlayerController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Get()
  @ApiOperation({ summary: "The account's player speed and captions (speed 1, captions off until chosen)" })
  @ApiOkResponse({ type: PlayerPreferencesDto })
  async preferences(@CurrentUser() user: AuthUser): Promise<PlayerPreferences> {
    return playerPreferencesOf(this.pool, user.customerId);
  }

  @Put()
  @ApiOperation({ summary: 'Save the player speed and captions; answers them as they now are' })
  @ApiOkResponse({ type: PlayerPreferencesDto })
  @ApiError(400, `${BAD_BODY}; "${SPEED_MESSAGE}", "${CAPTIONS_MESSAGE}"`)
  @ApiError(409, CONCURRENT_CHANGE)
  async save(@CurrentUser() user: AuthUser, @Body() body: PlayerPreferencesDto): Promise<PlayerPreferences> {
    await this.commands.execute(new ChangePlayerPreferencesCommand(user.customerId, body));
    return playerPreferencesOf(this.pool, user.customerId);
  }
}
