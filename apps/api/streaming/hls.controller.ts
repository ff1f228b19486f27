import { applyDecorators, Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PLAYBACK_ACCESS_ENDED, PLAYBACK_ELSEWHERE } from '#libs/contracts/streaming.js';
import { ApiError } from '../kernel/errors.responses.js';
import { MediaServing } from './media-serving.js';

const binary = { schema: { type: 'string', format: 'binary' } } as const;
const HLS_CONTENT = {
  'application/vnd.apple.mpegurl': binary,
  'video/iso.segment': binary,
  'video/mp4': binary,
  'image/jpeg': binary,
  'text/vtt': binary,
};

/**
 * A playback's media (issue 22): `/api/hls/{token}/master.m3u8`, `/{rendition}/index.m3u8`, its
 * `init.mp4` and segments, poster, thumbnails, captions, chapters, or `progressive` (the title's single
 * file). Every request passes the playback's lease (HlsAccess); files are streamed from disk, never
 * buffered; each segment's span (and a progressive file's bytes) is told to the served-media recorder
 * (MediaServing). A request of a lease checked in the last 5 s is answered before this controller by
 * the media fast path (media-fast-path.ts), with the same bytes.
 */
@ApiTags('streaming')
@Controller('hls')
export class HlsController {
  constructor(private readonly serving: MediaServing) {}

  @Get(':token/:file')
  @HlsDocs()
  async top(
    @Param('token') token: string,
    @Param('file') file: string,
    @Headers('range') range: string | undefined,
    @Headers('cookie') cookie: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.serving.playback(token, null, file, cookie, range, reply);
  }

  @Get(':token/:rendition/:file')
  @HlsDocs()
  @ApiParam({ name: 'rendition', example: '720p' })
  async nested(
    @Param('token') token: string,
    @Param('rendition') rendition: string,
    @Param('file') file: string,
    @Headers('range') range: string | undefined,
    @Headers('cookie') cookie: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.serving.playback(token, rendition, file, cookie, range, reply);
  }
}

function HlsDocs() {
  return applyDecorators(
    ApiOperation({
      summary: "A playback's media through its token: playlists, segments, poster, tracks, or the progressive file",
    }),
    ApiParam({ name: 'token', description: 'The opaque token of the playback (POST /api/streaming/playbacks)' }),
    ApiHeader({ name: 'Range', required: false, description: 'bytes=START-END (one range)' }),
    ApiResponse({ status: 200, description: 'The file (Accept-Ranges: bytes)', content: HLS_CONTENT }),
    ApiResponse({ status: 206, description: 'The requested range (Content-Range)', content: HLS_CONTENT }),
    ApiResponse({ status: 416, description: 'A range outside the file (Content-Range: bytes */SIZE)' }),
    ApiError(
      403,
      `"${PLAYBACK_ACCESS_ENDED}" (expired, logged out, another browser, no access now, a tampered token) or ` +
        `"${PLAYBACK_ELSEWHERE}" (the account started playing elsewhere)`,
    ),
    ApiError(400, 'A path with control characters'),
    ApiError(404, 'No such media file'),
  );
}
