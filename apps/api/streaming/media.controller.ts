import {
  applyDecorators,
  Controller,
  ForbiddenException,
  Get,
  Headers,
  Inject,
  NotFoundException,
  Param,
  Query,
  Res,
} from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Config } from '#libs/config/config.js';
import { MEDIA_LINK_INVALID } from '#libs/contracts/streaming.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { ApiError } from '../kernel/errors.responses.js';
import { mediaPath, sendMediaFile } from './media-files.js';
import { MediaSigner } from './media-signer.js';
import { StreamAccess } from './stream-access.js';

/** What the 200 and 206 answers carry (the errors stay JSON). */
const binary = { schema: { type: 'string', format: 'binary' } } as const;
const MEDIA_CONTENT = { 'video/mp4': binary, 'text/vtt': binary, 'application/pdf': binary };

const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** The refusal of a product's media while its Terms of Use are not accepted (they cover every file of it). */
export const MEDIA_TERMS_DUE = "Please agree to this product's Terms of Use before opening its videos or documents.";

/**
 * The media route (issue 10): videos, captions and book documents, only through a signed URL of the
 * streaming calls. Every request is authorised again: the token (HMAC, file, expiry), the session
 * still running, the session's media cookie, the customer's access to the product now, and the
 * acceptance of the product's Terms of Use (they cover its videos and its companion documents alike).
 */
@ApiTags('streaming')
@Controller('media')
export class MediaController {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly signer: MediaSigner,
    private readonly access: StreamAccess,
  ) {}

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
    await this.serve([folder, file], token, range, cookie, reply);
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
    await this.serve([folder, sub, file], token, range, cookie, reply);
  }

  private async serve(
    segments: string[],
    token: string | undefined,
    range: string | undefined,
    cookie: string | undefined,
    reply: FastifyReply,
  ): Promise<void> {
    if (!segments.every((s) => FILE_NAME.test(s))) throw new NotFoundException('Media file not found');
    const relative = segments.join('/');
    const grant = typeof token === 'string' ? this.signer.verify(relative, token) : null;
    if (!grant || !this.signer.cookieMatches(cookie, grant.s)) throw new ForbiddenException(MEDIA_LINK_INVALID);
    const { opens, termsDue } = await this.access.mediaOpen(grant.c, grant.s, grant.i);
    if (!opens) throw new ForbiddenException(MEDIA_LINK_INVALID);
    // A signed link given before the terms were accepted (the documents) opens once they are.
    if (termsDue) throw new ForbiddenException(MEDIA_TERMS_DUE);
    const path = mediaPath(this.config.MEDIA_DIR, relative);
    if (!path || !(await sendMediaFile(reply, path, range))) throw new NotFoundException('Media file not found');
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
