import { join } from 'node:path';
import { applyDecorators, Controller, Get, Headers, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Config } from '#libs/config/config.js';
import { PLAYBACK_ACCESS_ENDED, PLAYBACK_ELSEWHERE } from '#libs/contracts/streaming.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { ApiError } from '../kernel/errors.responses.js';
import { HlsAccess } from './hls-access.js';
import { captionsFileOf, mediaPath, sendMediaFile } from './media-files.js';
import type { PlaybackLease } from './playback-leases.js';
import { hlsRoot } from './playbacks.js';
import { ServedMedia } from './served-media.js';
import { SmallFiles } from './small-files.js';

/** The files of a media folder's top (slice of the layout `npm run media:import` writes). */
const TOP_FILES = new Set([
  'master.m3u8',
  'poster.jpg',
  'thumbnails.jpg',
  'thumbnails.vtt',
  'captions.vtt',
  'chapters.vtt',
  'progressive',
]);
const RENDITION = /^(360|480|720|1080)p$/;
const RENDITION_FILE = /^(index\.m3u8|init\.mp4|seg_\d{5}\.m4s)$/;
const SEGMENT = /^seg_\d{5}\.m4s$/;
/** What a player asks again and again, small and never changing: kept in memory (SmallFiles). */
const KEPT = /^(.+\.m3u8|.+\.vtt|init\.mp4)$/;
const NOT_FOUND = 'Media file not found';

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
 * buffered; each segment's span (and a progressive file's bytes) is told to the served-media recorder.
 */
@ApiTags('streaming')
@Controller('hls')
export class HlsController {
  private readonly root: string;
  private readonly small = new SmallFiles();

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly gate: HlsAccess,
    private readonly served: ServedMedia,
  ) {
    this.root = hlsRoot(config);
  }

  @Get(':token/:file')
  @HlsDocs()
  async top(
    @Param('token') token: string,
    @Param('file') file: string,
    @Headers('range') range: string | undefined,
    @Headers('cookie') cookie: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!TOP_FILES.has(file)) throw new NotFoundException(NOT_FOUND);
    const lease = await this.gate.authorize(token, cookie);
    await this.send(lease, null, file, range, reply);
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
    if (!RENDITION.test(rendition) || !RENDITION_FILE.test(file)) throw new NotFoundException(NOT_FOUND);
    const lease = await this.gate.authorize(token, cookie);
    await this.send(lease, rendition, file, range, reply);
  }

  private async send(
    lease: PlaybackLease,
    rendition: string | null,
    file: string,
    range: string | undefined,
    reply: FastifyReply,
  ): Promise<void> {
    const found = await this.located(lease, rendition, file);
    if (!found) throw new NotFoundException(NOT_FOUND);
    const { path, span } = found;
    // A progressive title's captions sit in MEDIA_DIR, which may change: only imported media are kept.
    if (lease.mediaId !== null && range === undefined && KEPT.test(file) && (await this.small.send(reply, path)))
      return;
    const record = span
      ? (start: number, bytes: number, size: number) => {
          // The share of the file sent, as the same share of its seconds.
          const length = span[1] - span[0];
          this.served.record(
            lease.viewingId,
            span[0] + (start / size) * length,
            span[0] + ((start + bytes) / size) * length,
          );
        }
      : undefined;
    if (!(await sendMediaFile(reply, path, range, record))) throw new NotFoundException(NOT_FOUND);
  }

  /** The file on disk and, for media that counts as watched, the seconds of the video it holds. */
  private async located(
    lease: PlaybackLease,
    rendition: string | null,
    file: string,
  ): Promise<{ path: string; span: readonly [number, number] | null } | null> {
    if (lease.mediaId !== null) {
      if (file === 'progressive') return null;
      const folder = join(this.root, lease.mediaId);
      if (rendition === null) return { path: join(folder, file), span: null };
      const span = SEGMENT.test(file) ? await this.served.segmentSpan(this.root, lease.mediaId, rendition, file) : null;
      return { path: join(folder, rendition, file), span };
    }
    if (lease.file === null || rendition !== null) return null;
    const relative = file === 'progressive' ? lease.file : file === 'captions.vtt' ? captionsFileOf(lease.file) : null;
    const path = relative === null ? null : mediaPath(this.config.MEDIA_DIR, relative);
    if (!path) return null;
    return { path, span: file === 'progressive' && lease.duration ? [0, lease.duration] : null };
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
