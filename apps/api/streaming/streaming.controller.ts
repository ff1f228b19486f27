import { HttpCode, BadRequestException, Body, Controller, Get, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import {
  NOT_AUTHORIZED,
  type StreamDetailResponse,
  type StreamListResponse,
  type StreamVideoResponse,
  type TermsResponse,
  type UserHomeResponse,
} from '#libs/contracts/streaming.js';
import { type AuthUser, CurrentUser, JwtAuthGuard, Roles, RolesGuard } from '../identity/index.js';
import { ApiError, ApiRequiredBearer, BAD_BODY } from '../kernel/errors.responses.js';
import { IdPipe, idMessage } from '../kernel/id.pipe.js';
import { MediaSigner } from './media-signer.js';
import { TermsDto } from './streaming.dto.js';
import { AcceptTermsCommand } from './streaming.messages.js';
import { StreamingQueries } from './streaming.queries.js';
import {
  StreamDetailDto,
  StreamListDto,
  StreamVideoResponseDto,
  TermsResponseDto,
  UserHomeDto,
} from './streaming.responses.js';

const NO_ACCESS = `${NOT_AUTHORIZED}: a product the customer may not watch, or no such product or video`;
const ROLE = 'No role streaming: "You do not have access to this resource." (the web app logs out on a plain 403)';

/** The streaming pages (signed-in section 2): list, user home, detail, video and terms. Role streaming. */
@ApiTags('streaming')
@Controller('streaming')
@UseGuards(JwtAuthGuard, RolesGuard)
@Roles('streaming')
@ApiRequiredBearer()
@ApiError(403, ROLE)
export class StreamingController {
  constructor(
    private readonly queries: StreamingQueries,
    private readonly commands: CommandBus,
    private readonly signer: MediaSigner,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every product the customer may watch, and the favourite ids' })
  @ApiOkResponse({ type: StreamListDto })
  list(@CurrentUser() user: AuthUser): Promise<StreamListResponse> {
    return this.queries.list(user);
  }

  @Get('home')
  @ApiOperation({ summary: 'user/home: the stream categories of the side menu and the tiles' })
  @ApiOkResponse({ type: UserHomeDto })
  home(@CurrentUser() user: AuthUser): Promise<UserHomeResponse> {
    return this.queries.home(user);
  }

  @Get(':productId')
  @ApiOperation({ summary: 'Streaming detail: the product, its videos and its documents (signed URLs)' })
  @ApiOkResponse({ type: StreamDetailDto })
  @ApiError(400, idMessage('productId'))
  @ApiError(404, NO_ACCESS)
  async detail(
    @CurrentUser() user: AuthUser,
    @Param('productId', new IdPipe('productId')) productId: number,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamDetailResponse> {
    const answer = await this.queries.detail(user, productId);
    reply.header('Set-Cookie', this.signer.setCookie(user.sessionId, request.protocol === 'https'));
    return answer;
  }

  @Get(':productId/videos/:videoId')
  @ApiOperation({ summary: 'One video: signed URL, captions, resume position, and CONFIRM while terms are due' })
  @ApiOkResponse({ type: StreamVideoResponseDto })
  @ApiError(400, `${idMessage('productId')} (or videoId)`)
  @ApiError(404, NO_ACCESS)
  async video(
    @CurrentUser() user: AuthUser,
    @Param('productId', new IdPipe('productId')) productId: number,
    @Param('videoId', new IdPipe('videoId')) videoId: number,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamVideoResponse> {
    const answer = await this.queries.video(user, productId, videoId);
    reply.header('Set-Cookie', this.signer.setCookie(user.sessionId, request.protocol === 'https'));
    return answer;
  }

  @Post(':productId/terms')
  @HttpCode(200)
  @ApiOperation({ summary: "Store the customer's acceptance of the product's Terms of Use" })
  @ApiOkResponse({ type: TermsResponseDto })
  @ApiError(400, `${BAD_BODY}; PRODUCTID must match the path`)
  @ApiError(404, NO_ACCESS)
  @ApiError(409, CONCURRENT_CHANGE)
  async terms(
    @CurrentUser() user: AuthUser,
    @Param('productId', new IdPipe('productId')) productId: number,
    @Body() body: TermsDto,
  ): Promise<TermsResponse> {
    if (body.PRODUCTID !== undefined && body.PRODUCTID !== productId) {
      throw new BadRequestException('PRODUCTID must match the product of the path.');
    }
    await this.commands.execute(new AcceptTermsCommand(user.customerId, productId));
    return { saved: true };
  }
}
