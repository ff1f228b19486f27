import { BadRequestException, Body, Controller, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import {
  HEARTBEAT_INVALID,
  NOT_AUTHORIZED,
  PLAYBACK_ELSEWHERE,
  type ViewingResponse,
} from '#libs/contracts/streaming.js';
import { type AuthUser, CurrentUser, JwtAuthGuard, Roles, RolesGuard } from '../identity/index.js';
import { ApiError, ApiRequiredBearer, BAD_BODY } from '../kernel/errors.responses.js';
import { VideoStartDto, WatchReportDto } from './streaming.dto.js';
import { ReportWatchedCommand, StartViewingCommand } from './streaming.messages.js';
import { ViewingResponseDto } from './streaming.responses.js';

export const VIEWING_ID = 'viewingId must be a uuid.';

/** The `:viewingId` of a path, a uuid (400 VIEWING_ID otherwise). */
export const ViewingIdParam = () =>
  Param('viewingId', new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException({ message: [VIEWING_ID] }) }));

/**
 * Watch tracking (signed-in sections 4 and 9, issue 22): the first play starts a viewing (VideoStarted
 * once) and makes it the account's one playback; every 60 s the player's heartbeat reports the
 * intervals it played and renews the playback; past 600 unique seconds the long view is recorded once
 * with the plan type and the answer says STOP.
 */
@ApiTags('streaming')
@Controller('streaming/viewings')
@UseGuards(JwtAuthGuard, RolesGuard)
@Roles('streaming')
@ApiRequiredBearer()
@ApiError(403, 'No role streaming: "You do not have access to this resource."')
export class ViewingsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Store streaming start: the first play of a viewing (a repeat records nothing); the account's one playback",
  })
  @ApiOkResponse({ type: ViewingResponseDto })
  @ApiError(400, `${BAD_BODY}; PRODUCTID and VIDEOID whole numbers, VIEWINGID a uuid`)
  @ApiError(404, `${NOT_AUTHORIZED}: a product the customer may not watch, or a viewing of another account`)
  @ApiError(409, CONCURRENT_CHANGE)
  start(@CurrentUser() user: AuthUser, @Body() body: VideoStartDto): Promise<ViewingResponse> {
    return this.commands.execute(
      new StartViewingCommand(user.customerId, body.PRODUCTID, body.VIDEOID, body.VIEWINGID?.toLowerCase()),
    );
  }

  @Post(':viewingId/progress')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Heartbeat: the intervals played (every 60 s, and at pause, end, page hide); renews the playback',
  })
  @ApiOkResponse({ type: ViewingResponseDto })
  @ApiError(400, `${BAD_BODY}; ${VIEWING_ID}; ${HEARTBEAT_INVALID} (an interval outside the video)`)
  @ApiError(404, 'This viewing was not started. / This viewing belongs to another account.')
  @ApiError(409, `${PLAYBACK_ELSEWHERE} / ${CONCURRENT_CHANGE}`)
  report(
    @CurrentUser() user: AuthUser,
    @ViewingIdParam() viewingId: string,
    @Body() body: WatchReportDto,
  ): Promise<ViewingResponse> {
    return this.commands.execute(
      new ReportWatchedCommand(user.customerId, viewingId.toLowerCase(), body.INTERVALS, body.POSITION ?? null),
    );
  }
}
