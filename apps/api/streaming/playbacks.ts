import { resolve } from 'node:path';
import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import {
  NOT_AUTHORIZED,
  PLAYBACK_ACCESS_SECONDS,
  type PlaybackResponse,
  type PlaybackStateResponse,
} from '#libs/contracts/streaming.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import type { Interval } from '#libs/domain/streaming/intervals.js';
import { StreamingErrors } from '#libs/domain/streaming/streaming.errors.js';
import { videoMediaOf } from '#libs/read-models/video-media.js';
import type { AuthUser } from '../identity/index.js';
import { CONFIG, PG_POOL } from '../infrastructure/tokens.js';
import { HlsAccess } from './hls-access.js';
import { captionsFileOf, mediaFileExists, mediaPath, mp4Duration } from './media-files.js';
import { MEDIA_TERMS_DUE } from './media-gate.js';
import { ENDED_ELSEWHERE, PlaybackLeases } from './playback-leases.js';
import { PlaybackTokens } from './playback-token.js';
import { ServedMedia } from './served-media.js';
import { StreamAccess } from './stream-access.js';

export const HLS_PREFIX = '/api/hls/';

/** The imported media root: the setting HLS_DIR, by default `{DATA_DIR}/hls` (docs/media.md). */
export function hlsRoot(config: Config): string {
  return resolve(config.HLS_DIR);
}

/** What a heartbeat's decider needs of the playback: the seconds served and the video's length. */
export interface PlaybackFacts {
  served: Interval[];
  durationSeconds: number | null;
  /** True when the viewing has a lease (then the heartbeat renews it). */
  leased: boolean;
}

/**
 * Playbacks (issue 22): a lease per viewing under which the media is served (`/api/hls/{token}/...`),
 * renewed by heartbeats, ended when the account's first play starts on another page or device.
 */
@Injectable()
export class Playbacks {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly leases: PlaybackLeases,
    private readonly tokens: PlaybackTokens,
    private readonly served: ServedMedia,
    private readonly gate: HlsAccess,
    private readonly access: StreamAccess,
    private readonly clock: Clock,
  ) {}

  /** Opens (or reopens) the playback of a page load: 404 without access, 403 while the terms are due. */
  async open(user: AuthUser, productId: number, videoId: number, viewingId: string): Promise<PlaybackResponse> {
    const { product } = await this.access.require(user.customerId, productId);
    const title = product.TITLES.find((t) => t.ID === videoId);
    if (!title) throw new NotFoundException(NOT_AUTHORIZED);
    if (await this.access.termsDue(user.customerId, productId)) throw new ForbiddenException(MEDIA_TERMS_DUE);
    const media = await videoMediaOf(this.pool, videoId);
    const progressive = media ? null : title.FILE;
    const file = progressive === null ? null : mediaPath(this.config.MEDIA_DIR, progressive);
    const now = this.clock.now();
    const lease = await this.leases.open({
      viewingId,
      tokenKey: this.tokens.newKey(),
      customerId: user.customerId,
      sessionId: user.sessionId,
      productId,
      videoId,
      mediaId: media?.mediaId ?? null,
      file: progressive,
      duration: media ? media.durationSeconds : file ? await mp4Duration(file) : null,
      accessUntil: new Date(now.getTime() + PLAYBACK_ACCESS_SECONDS * 1000),
      now,
    });
    if (!lease) throw new NotFoundException(NOT_AUTHORIZED); // a viewing of another account
    this.gate.forget(lease.tokenKey);
    const base = `${HLS_PREFIX}${this.tokens.token(lease.tokenKey, user.sessionId)}/`;
    if (media) {
      return {
        VIEWINGID: viewingId,
        KIND: 'hls',
        SRC: `${base}master.m3u8`,
        POSTER: `${base}poster.jpg`,
        THUMBNAILS: `${base}thumbnails.vtt`,
        CAPTIONS: media.captions ? `${base}captions.vtt` : null,
        CHAPTERS: media.chapters.length > 0 ? `${base}chapters.vtt` : null,
        EXPIRES_IN: PLAYBACK_ACCESS_SECONDS,
      };
    }
    const captions = progressive !== null && mediaFileExists(this.config.MEDIA_DIR, captionsFileOf(progressive));
    return {
      VIEWINGID: viewingId,
      KIND: 'progressive',
      SRC: `${base}progressive`,
      POSTER: null,
      THUMBNAILS: null,
      CAPTIONS: captions ? `${base}captions.vtt` : null,
      CHAPTERS: null,
      EXPIRES_IN: PLAYBACK_ACCESS_SECONDS,
    };
  }

  /**
   * The player's lease check: live (with the seconds its access has left), 409 PLAYBACK_ELSEWHERE once
   * another playback of the account took over, 404 for a viewing that is not the account's.
   */
  async state(customerId: string, viewingId: string): Promise<PlaybackStateResponse> {
    const lease = await this.leases.stateOf(viewingId);
    if (!lease || lease.customerId !== customerId) throw new NotFoundException(NOT_AUTHORIZED);
    if (lease.endedReason === ENDED_ELSEWHERE) {
      throw new DomainError('playback_elsewhere', StreamingErrors.playback_elsewhere);
    }
    const left = Math.max(0, Math.floor((lease.accessUntil.getTime() - this.clock.now().getTime()) / 1000));
    return { VIEWINGID: viewingId, LIVE: true, EXPIRES_IN: left };
  }

  /** The first play of a viewing: it becomes the account's one playback; every other one ends. */
  async takeOver(customerId: string, viewingId: string): Promise<void> {
    const ended = await this.leases.takeOver(customerId, viewingId, this.clock.now());
    for (const key of ended) this.gate.forget(key);
  }

  /**
   * Before a heartbeat decides: everything served to the viewing written, then its lease read. 409
   * PLAYBACK_ELSEWHERE when another playback of the account took over.
   */
  async factsFor(customerId: string, viewingId: string): Promise<PlaybackFacts> {
    await this.served.flush(viewingId);
    const lease = await this.leases.byViewing(viewingId);
    if (!lease || lease.customerId !== customerId) return { served: [], durationSeconds: null, leased: false };
    if (lease.endedReason === ENDED_ELSEWHERE) {
      throw new DomainError('playback_elsewhere', StreamingErrors.playback_elsewhere);
    }
    return { served: lease.served, durationSeconds: lease.duration, leased: true };
  }

  /** A heartbeat renews the access; answers the seconds it now lasts (0 when nothing was renewed). */
  async renew(viewingId: string): Promise<number> {
    const until = new Date(this.clock.now().getTime() + PLAYBACK_ACCESS_SECONDS * 1000);
    const renewed = await this.leases.renew(viewingId, until);
    if (!renewed) return 0;
    this.gate.forgetViewing(viewingId);
    return PLAYBACK_ACCESS_SECONDS;
  }
}
