import { applyDecorators, Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MEDIA_LINK_INVALID } from '#libs/contracts/streaming.js';
import { ApiError } from '../kernel/errors.responses.js';
import { MEDIA_TERMS_DUE } from './media-gate.js';
import { MediaServing } from './media-serving.js';

export { MEDIA_TERMS_DUE } from './media-gate.js';

/** What the 200 and 206 answers carry (the errors stay JSON). */
const binary = { schema: { type: 'string', format: 'binary' } } as const;
const MEDIA_CONTENT = { 'video/mp4': binary, 'text/vtt': binary, 'application/pdf': binary };

/**
 * The media route (issue 10): videos, captions and book documents, only through a signed URL of the
 * streaming calls. Every request is authorised (MediaGate): the token (HMAC, file, expiry), the
 * session's media cookie, and, checked at most every 5 s per session and product, the session still
 * running, the customer's access to the product and the acceptance of its Terms of Use (they cover its
 * videos and its companion documents alike). A request whose checks are already known is answered
 * before this controller by the media fast path (media-fast-path.ts), with the same bytes.
 */
@ApiTags('streaming')
@Controller('media')
export class MediaController {
  constructor(private readonly serving: MediaServing) {}

  @Get(':folder/:file')
  @MediaDocs()
  async file(
    @Param('folder') folder: string,
    @Param('file') file: string,
    @Query('token') token: string | undefined,
    @Headers('range') range: string | undefined,
    @Headers('cookie') cookie: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.serving.signed([folder, file], token, cookie, range, reply);
  }

  @Get(':folder/:sub/:file')
  @MediaDocs()
  async nested(
    @Param('folder') folder: string,
    @Param('sub') sub: string,
    @Param('file') file: string,
    @Query('token') token: string | undefined,
    @Headers('range') range: string | undefined,
    @Headers('cookie') cookie: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.serving.signed([folder, sub, file], token, cookie, range, reply);
  }
}

function MediaDocs() {
  return applyDecorators(
    ApiOperation({ summary: 'A video, captions track or document, through a signed URL only (Range answers 206)' }),
    ApiQuery({ name: 'token', required: true, description: 'The signature of the URL a streaming call gave' }),
    ApiHeader({ name: 'Range', required: false, description: 'bytes=START-END (one range)' }),
    // The file types are the 200's and 206's content alone: the errors stay JSON.
    ApiResponse({ status: 200, description: 'The whole file (Accept-Ranges: bytes)', content: MEDIA_CONTENT }),
    ApiResponse({ status: 206, description: 'The requested range (Content-Range)', content: MEDIA_CONTENT }),
    ApiResponse({ status: 416, description: 'A range outside the file (Content-Range: bytes */SIZE)' }),
    ApiError(
      403,
      `${MEDIA_LINK_INVALID} Forged, expired, another session's, a session that ended, or no access now; ` +
        `or "${MEDIA_TERMS_DUE}" while the product's Terms of Use are not accepted`,
    ),
    ApiError(400, 'A path or token with control characters'),
    ApiError(404, 'No such media file'),
  );
}
