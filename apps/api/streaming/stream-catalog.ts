import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { type StreamCatalogProduct, streamCatalog } from '#libs/read-models/stream-products.js';
import { PG_POOL } from '../infrastructure/tokens.js';

/** How long the streamable catalog is kept in memory; a catalog import shows after at most this. */
export const STREAM_CATALOG_TTL_MS = 30_000;

/** The streamable products (those with video titles), read once and kept briefly. */
@Injectable()
export class StreamCatalog {
  private cached: { at: number; products: Promise<Map<number, StreamCatalogProduct>> } | null = null;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async all(): Promise<StreamCatalogProduct[]> {
    return [...(await this.load()).values()];
  }

  async product(id: number): Promise<StreamCatalogProduct | null> {
    return (await this.load()).get(id) ?? null;
  }

  private load(): Promise<Map<number, StreamCatalogProduct>> {
    if (this.cached && Date.now() - this.cached.at < STREAM_CATALOG_TTL_MS) return this.cached.products;
    const products = streamCatalog(this.pool).then((rows) => new Map(rows.map((p) => [p.ID, p])));
    const entry = { at: Date.now(), products };
    this.cached = entry;
    products.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    return products;
  }
}
