import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  NOT_AUTHORIZED,
  PLAYBACK_ELSEWHERE,
  type PlaybackResponse,
  type PlaybackStateResponse,
} from '#libs/contracts/streaming.js';
import { type AuthUser, CurrentUser, JwtAuthGuard, Roles, RolesGuard } from '../identity/index.js';
import { ApiError, ApiRequiredBearer, BAD_BODY } from '../kernel/errors.responses.js';
import { MEDIA_TERMS_DUE } from './media-gate.js';
import { MediaSigner } from './media-signer.js';
import { Playbacks } from './playbacks.js';
import { PlaybackDto } from './streaming.dto.js';
import { PlaybackResponseDto, PlaybackStateResponseDto } from './streaming.responses.js';
import { VIEWING_ID, ViewingIdParam } from './viewings.controller.js';

/**
 * Playbacks (issue 22): the player's page opens the playback of its viewing, under which the media is
 * served (`/api/hls/{token}/...`, HlsController). Opening it again (same VIEWINGID) reopens it.
 */
@ApiTags('streaming')
@Controller('streaming/playbacks')
@UseGuards(JwtAuthGuard, RolesGuard)
@Roles('streaming')
@ApiRequiredBearer()
export class PlaybacksController {
  constructor(
    private readonly playbacks: Playbacks,
    private readonly signer: MediaSigner,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: "Open the playback of a page load: the media's addresses under an opaque token" })
  @ApiOkResponse({ type: PlaybackResponseDto })
  @ApiError(400, `${BAD_BODY}; PRODUCTID and VIDEOID whole numbers, VIEWINGID a uuid`)
  @ApiError(
    403,
    `No role streaming: "You do not have access to this resource."; or "${MEDIA_TERMS_DUE}" while the terms are due`,
  )
  @ApiError(404, `${NOT_AUTHORIZED}: a product or video the customer may not watch, or a viewing of another account`)
  async open(
    @CurrentUser() user: AuthUser,
    @Body() body: PlaybackDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PlaybackResponse> {
    const answer = await this.playbacks.open(user, body.PRODUCTID, body.VIDEOID, body.VIEWINGID.toLowerCase());
    reply.header('Set-Cookie', this.signer.setCookie(user.sessionId, request.protocol === 'https'));
    return answer;
  }

  @Get(':viewingId')
  @ApiOperation({
    summary:
      "The player's lease check (every few seconds while its viewing runs): still this page's playback, or taken over",
  })
  @ApiOkResponse({ type: PlaybackStateResponseDto })
  @ApiError(400, VIEWING_ID)
  @ApiError(403, 'No role streaming: "You do not have access to this resource."')
  @ApiError(404, `${NOT_AUTHORIZED}: no playback of this account under that viewing`)
  @ApiError(409, `${PLAYBACK_ELSEWHERE}: another page or device of the account started playing`)
  state(@CurrentUser() user: AuthUser, @ViewingIdParam() viewingId: string): Promise<PlaybackStateResponse> {
    return this.playbacks.state(user.customerId, viewingId.toLowerCase());
  }
}
