import { join } from 'node:path';
import { Inject, Injectable, NotFoundException, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Config } from '#libs/config/config.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { HlsAccess } from './hls-access.js';
import { MediaGate } from './media-gate.js';
import { accelRedirect, captionsFileOf, mediaPath, type SentBytes, sendMediaFile } from './media-files.js';
import { OpenFiles } from './open-files.js';
import type { PlaybackLease } from './playback-leases.js';
import { hlsRoot } from './playbacks.js';
import { ServedMedia } from './served-media.js';
import { SmallFiles } from './small-files.js';

/** A part of a signed media path: a file or folder name of MEDIA_DIR. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
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
export const MEDIA_NOT_FOUND = 'Media file not found';
/** How long a MEDIA_DIR file is kept open (its size and time known): a replaced file shows after it. */
const MEDIA_DIR_FACTS_MS = 1000;

/** A file to send and, for media that counts as watched, what to tell the served-media recorder. */
interface Located {
  path: string;
  /** The X-Accel-Redirect URI of the file (MEDIA_ACCEL_REDIRECT set), else null. */
  accel: string | null;
  record?: SentBytes;
  /** Where it is kept open: for good for imported media (never changing), a second for MEDIA_DIR's. */
  files: OpenFiles;
}

/** The internal location's URI of a file: `{prefix}/{media|hls}/{path}`, each part percent-encoded. */
const accelUri = (prefix: string, area: 'media' | 'hls', relative: string): string =>
  `${prefix}/${area}/${relative.split('/').map(encodeURIComponent).join('/')}`;

/**
 * The bytes of both media routes, for the Nest controllers and the fast path alike (media-fast-path.ts):
 * the signed media (`/api/media/...`, MediaGate) and a playback's files (`/api/hls/{token}/...`,
 * HlsAccess). Each file is streamed from disk (small playlists and tracks from memory), or, with
 * MEDIA_ACCEL_REDIRECT, handed to the web server in front by an X-Accel-Redirect header; either way
 * the served-media recorder hears which seconds of a video went to which playback.
 */
@Injectable()
export class MediaServing implements OnModuleDestroy {
  private readonly root: string;
  private readonly small = new SmallFiles();
  /** Imported media never change; MEDIA_DIR's files are opened again after a second. */
  private readonly imported = new OpenFiles();
  private readonly progressive = new OpenFiles(MEDIA_DIR_FACTS_MS);
  private readonly accelPrefix: string | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly media: MediaGate,
    private readonly hls: HlsAccess,
    private readonly served: ServedMedia,
  ) {
    this.root = hlsRoot(config);
    this.accelPrefix = config.MEDIA_ACCEL_REDIRECT;
  }

  onModuleDestroy(): void {
    this.imported.closeAll();
    this.progressive.closeAll();
  }

  /** A signed media file (the Nest route): 403 and 404 as exceptions. */
  async signed(
    parts: string[],
    token: string | undefined,
    cookie: string | undefined,
    range: string | undefined,
    reply: FastifyReply,
  ): Promise<void> {
    if (!parts.every((s) => FILE_NAME.test(s))) throw new NotFoundException(MEDIA_NOT_FOUND);
    const relative = parts.join('/');
    await this.media.authorize(relative, token, cookie);
    if (!(await this.sendSigned(relative, range, reply))) throw new NotFoundException(MEDIA_NOT_FOUND);
  }

  /** The fast path's signed media file: true once answered, false to leave the request to the Nest route. */
  async signedCached(
    parts: string[],
    token: string | undefined,
    cookie: string | undefined,
    range: string | undefined,
    reply: FastifyReply,
  ): Promise<boolean> {
    if (!parts.every((s) => FILE_NAME.test(s))) return false;
    const relative = parts.join('/');
    return this.media.cached(relative, token, cookie) !== null && this.sendSigned(relative, range, reply);
  }

  /** A playback's file (the Nest route): 403 and 404 as exceptions. */
  async playback(
    token: string,
    rendition: string | null,
    file: string,
    cookie: string | undefined,
    range: string | undefined,
    reply: FastifyReply,
  ): Promise<void> {
    if (!inLayout(rendition, file)) throw new NotFoundException(MEDIA_NOT_FOUND);
    const lease = await this.hls.authorize(token, cookie);
    if (!(await this.sendPlayback(lease, rendition, file, range, reply))) throw new NotFoundException(MEDIA_NOT_FOUND);
  }

  /** The fast path's playback file: true once answered, false to leave the request to the Nest route. */
  async playbackCached(
    token: string,
    rendition: string | null,
    file: string,
    cookie: string | undefined,
    range: string | undefined,
    reply: FastifyReply,
  ): Promise<boolean> {
    if (!inLayout(rendition, file)) return false;
    const lease = this.hls.cached(token, cookie);
    return lease !== null && this.sendPlayback(lease, rendition, file, range, reply);
  }

  private async sendSigned(relative: string, range: string | undefined, reply: FastifyReply): Promise<boolean> {
    const path = mediaPath(this.config.MEDIA_DIR, relative);
    if (!path) return false;
    const accel = this.accelPrefix === undefined ? null : accelUri(this.accelPrefix, 'media', relative);
    return this.deliver({ path, accel, files: this.progressive }, range, reply);
  }

  private async sendPlayback(
    lease: PlaybackLease,
    rendition: string | null,
    file: string,
    range: string | undefined,
    reply: FastifyReply,
  ): Promise<boolean> {
    const found = await this.located(lease, rendition, file);
    if (!found) return false;
    // A progressive title's captions sit in MEDIA_DIR, which may change: only imported media are kept.
    const keep = found.accel === null && lease.mediaId !== null && range === undefined && KEPT.test(file);
    if (keep && (await this.small.send(reply, found.path))) return true;
    return this.deliver(found, range, reply);
  }

  private deliver(found: Located, range: string | undefined, reply: FastifyReply): Promise<boolean> {
    return found.accel === null
      ? sendMediaFile(reply, found.path, range, found.record, found.files)
      : accelRedirect(reply, found.path, found.accel, range, found.record, found.files.of);
  }

  /** The file on disk and, for media that counts as watched, how its bytes are told to the recorder. */
  private async located(lease: PlaybackLease, rendition: string | null, file: string): Promise<Located | null> {
    const prefix = this.accelPrefix;
    if (lease.mediaId !== null) {
      if (file === 'progressive') return null;
      const relative = rendition === null ? `${lease.mediaId}/${file}` : `${lease.mediaId}/${rendition}/${file}`;
      const accel = prefix === undefined ? null : accelUri(prefix, 'hls', relative);
      const span =
        rendition !== null && SEGMENT.test(file)
          ? await this.served.segmentSpan(this.root, lease.mediaId, rendition, file)
          : null;
      const record = span ? this.recorder(lease, span) : undefined;
      return { path: join(this.root, relative), accel, record, files: this.imported };
    }
    if (lease.file === null || rendition !== null) return null;
    const relative = file === 'progressive' ? lease.file : file === 'captions.vtt' ? captionsFileOf(lease.file) : null;
    const path = relative === null ? null : mediaPath(this.config.MEDIA_DIR, relative);
    if (!path || relative === null) return null;
    const accel = prefix === undefined ? null : accelUri(prefix, 'media', relative);
    const span = file === 'progressive' && lease.duration ? ([0, lease.duration] as const) : null;
    return { path, accel, record: span ? this.recorder(lease, span) : undefined, files: this.progressive };
  }

  /** Tells the recorder the share of the file sent, as the same share of the seconds it holds. */
  private recorder(lease: PlaybackLease, span: readonly [number, number]): SentBytes {
    return (start, bytes, size) => {
      const length = span[1] - span[0];
      this.served.record(
        lease.viewingId,
        span[0] + (start / size) * length,
        span[0] + ((start + bytes) / size) * length,
      );
    };
  }
}

/** Whether a playback's path names a file of the layout (else 404 before any check). */
function inLayout(rendition: string | null, file: string): boolean {
  return rendition === null ? TOP_FILES.has(file) : RENDITION.test(rendition) && RENDITION_FILE.test(file);
}
