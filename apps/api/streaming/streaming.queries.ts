import { existsSync } from 'node:fs';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Config } from '#libs/config/config.js';
import {
  NOT_AUTHORIZED,
  type StreamDetailResponse,
  type StreamListResponse,
  type StreamVideoResponse,
  type UserHomeResponse,
} from '#libs/contracts/streaming.js';
import { favoritesOf, hasAcceptedTerms } from '#libs/read-models/streaming-choices.js';
import { resumePositions } from '#libs/read-models/viewing-progress.js';
import type { AuthUser } from '../identity/index.js';
import { CONFIG, PG_POOL } from '../infrastructure/tokens.js';
import { CatalogFacts } from '../catalog/index.js';
import { mediaPath } from './media-files.js';
import { MediaSigner } from './media-signer.js';
import { StreamAccess } from './stream-access.js';
import { streamProductOf } from './stream-views.js';
import { userHome } from './user-home.js';

/** The streaming read side: list, user home, detail and video, each for one customer. */
@Injectable()
export class StreamingQueries {
  private readonly captions = new Map<string, boolean>();

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
    const positions = await resumePositions(this.pool, user.customerId, [videoId]);
    const captionsFile = title.FILE.replace(/\.[^./]+$/, '.vtt');
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
              CAPTIONS: !confirm && this.hasFile(captionsFile) ? this.signer.url(captionsFile, product.ID, user) : null,
              POSITION: positions.get(videoId) ?? 0,
            },
          ],
        },
      ],
      CONFIRM: confirm,
      TERMS: confirm ? (terms ?? '') : '',
      EXPIRES_IN: this.signer.ttlSeconds,
    };
  }

  /** Whether the media folder holds a file (remembered: captions are looked up on every video call). */
  private hasFile(relative: string): boolean {
    let known = this.captions.get(relative);
    if (known === undefined) {
      const path = mediaPath(this.config.MEDIA_DIR, relative);
      known = path !== null && existsSync(path);
      if (this.captions.size > 10_000) this.captions.clear();
      this.captions.set(relative, known);
    }
    return known;
  }
}
