import { HttpCode, Body, Controller, Delete, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import { type FavoritesResponse, NOT_AUTHORIZED } from '#libs/contracts/streaming.js';
import { favoritesOf } from '#libs/read-models/streaming-choices.js';
import { type AuthUser, CurrentUser, JwtAuthGuard, Roles, RolesGuard } from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { ApiError, ApiRequiredBearer, BAD_BODY } from '../kernel/errors.responses.js';
import { IdPipe, idMessage } from '../kernel/id.pipe.js';
import { FavoriteDto } from './streaming.dto.js';
import { AddFavoriteCommand, RemoveFavoriteCommand } from './streaming.messages.js';
import { FavoritesResponseDto } from './streaming.responses.js';

/** Favourites (signed-in sections 2 and 4): add and remove; both answer the favourite ids as they now are. */
@ApiTags('streaming')
@Controller('streaming/favorites')
@UseGuards(JwtAuthGuard, RolesGuard)
@Roles('streaming')
@ApiRequiredBearer()
@ApiError(403, 'No role streaming: "You do not have access to this resource."')
export class FavoritesController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a favourite (adding it again changes nothing)' })
  @ApiOkResponse({ type: FavoritesResponseDto })
  @ApiError(400, `${BAD_BODY}; PRODUCTID must be a whole number.`)
  @ApiError(404, `${NOT_AUTHORIZED}: no such stream product`)
  @ApiError(409, CONCURRENT_CHANGE)
  async add(@CurrentUser() user: AuthUser, @Body() body: FavoriteDto): Promise<FavoritesResponse> {
    await this.commands.execute(new AddFavoriteCommand(user.customerId, body.PRODUCTID));
    return { favorites: await favoritesOf(this.pool, user.customerId) };
  }

  @Delete(':productId')
  @ApiOperation({ summary: 'Remove a favourite (removing one that is not there changes nothing)' })
  @ApiOkResponse({ type: FavoritesResponseDto })
  @ApiError(400, idMessage('productId'))
  @ApiError(409, CONCURRENT_CHANGE)
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('productId', new IdPipe('productId')) productId: number,
  ): Promise<FavoritesResponse> {
    await this.commands.execute(new RemoveFavoriteCommand(user.customerId, productId));
    return { favorites: await favoritesOf(this.pool, user.customerId) };
  }
}
