import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Config } from '#libs/config/config.js';
import {
  NOT_AUTHORIZED,
  type StreamDetailResponse,
  type StreamListResponse,
  type StreamVideoMedia,
  type StreamVideoResponse,
  type UserHomeResponse,
} from '#libs/contracts/streaming.js';
import { favoritesOf, hasAcceptedTerms } from '#libs/read-models/streaming-choices.js';
import { type VideoMedia, videoMediaOf } from '#libs/read-models/video-media.js';
import { resumePositions } from '#libs/read-models/viewing-progress.js';
import type { AuthUser } from '../identity/index.js';
import { CONFIG, PG_POOL } from '../infrastructure/tokens.js';
import { CatalogFacts } from '../catalog/index.js';
import { captionsFileOf, mediaFileExists, mediaPath, mp4Duration } from './media-files.js';
import { MediaSigner } from './media-signer.js';
import { StreamAccess } from './stream-access.js';
import { streamProductOf } from './stream-views.js';
import { userHome } from './user-home.js';

/** A video watched to within this many seconds of its end starts over (the resume point is 0). */
export const START_OVER_SECONDS = 5;

/** The streaming read side: list, user home, detail and video, each for one customer. */
@Injectable()
export class StreamingQueries {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CONFIG) private readonly config: Config,
    private readonly access: StreamAccess,
    private readonly signer: MediaSigner,
    private readonly facts: CatalogFacts,
  ) {}

  async list(user: AuthUser): Promise<StreamListResponse> {
    const [all, favorites, kinds] = await Promise.all([
      this.access.all(user.customerId),
      favoritesOf(this.pool, user.customerId),
      this.facts.categories(),
    ]);
    return {
      data: all.filter((p) => p.access.allowed).map((p) => streamProductOf(p.product, p.access, kinds)),
      favorites,
    };
  }

  async home(user: AuthUser): Promise<UserHomeResponse> {
    const [all, favorites] = await Promise.all([
      this.access.all(user.customerId),
      favoritesOf(this.pool, user.customerId),
    ]);
    return userHome(
      this.pool,
      all.filter((p) => p.access.allowed),
      favorites,
    );
  }

  async detail(user: AuthUser, productId: number): Promise<StreamDetailResponse> {
    const [{ product, access }, kinds] = await Promise.all([
      this.access.require(user.customerId, productId),
      this.facts.categories(),
    ]);
    const DOCUMENTS = product.DOCUMENTS.map((d) => ({
      TITLE: d.TITLE,
      FILES: d.FILES.map((name) => ({
        NAME: name,
        URL: this.signer.url(`books/${product.ID}/${name}`, product.ID, user),
      })),
    }));
    return { data: { ...streamProductOf(product, access, kinds), DOCUMENTS } };
  }

  async video(user: AuthUser, productId: number, videoId: number): Promise<StreamVideoResponse> {
    const { product } = await this.access.require(user.customerId, productId);
    const title = product.TITLES.find((t) => t.ID === videoId);
    if (!title) throw new NotFoundException(NOT_AUTHORIZED);
    const terms = await this.facts.termsOfUse(productId);
    const confirm = terms !== null && !(await hasAcceptedTerms(this.pool, user.customerId, productId));
    const [positions, media] = await Promise.all([
      resumePositions(this.pool, user.customerId, [videoId]),
      videoMediaOf(this.pool, videoId),
    ]);
    const captionsFile = captionsFileOf(title.FILE);
    const position = positions.get(videoId) ?? 0;
    const file = media ? null : mediaPath(this.config.MEDIA_DIR, title.FILE);
    const duration = media ? media.durationSeconds : file ? await mp4Duration(file) : null;
    const finished = duration !== null && position >= duration - START_OVER_SECONDS;
    return {
      data: [
        {
          PRODUCTID: product.ID,
          PRODUCTNAME: product.NAME,
          VIDEOS: [
            {
              ID: title.ID,
              TITLE: title.TITLE,
              // The media is given only once the terms are accepted.
              URL: confirm ? '' : this.signer.url(title.FILE, product.ID, user),
              CAPTIONS:
                !confirm && mediaFileExists(this.config.MEDIA_DIR, captionsFile)
                  ? this.signer.url(captionsFile, product.ID, user)
                  : null,
              POSITION: finished ? 0 : position,
              MEDIA: media ? mediaOf(media) : null,
            },
          ],
        },
      ],
      CONFIRM: confirm,
      TERMS: confirm ? (terms ?? '') : '',
      EXPIRES_IN: this.signer.ttlSeconds,
    };
  }
}

function mediaOf(media: VideoMedia): StreamVideoMedia {
  return {
    DURATION: media.durationSeconds,
    RENDITIONS: media.renditions.map((r) => ({
      NAME: r.name,
      WIDTH: r.width,
      HEIGHT: r.height,
      BANDWIDTH: r.bandwidth,
    })),
    CHAPTERS: media.chapters.map((c) => ({ START: c.start, TITLE: c.title })),
    CAPTIONS: media.captions,
  };
}
