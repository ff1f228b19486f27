import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { CatalogCache } from '#libs/catalog/catalog-cache.js';
import { cachedCategoryIdsOfKind, cachedTermsOfUse } from '#libs/catalog/facts.queries.js';
import { PG_POOL } from '../infrastructure/tokens.js';

/** The category facts a stream product's view needs (categories.csv KIND). */
export interface CategoryFacts {
  eLearning: readonly number[];
  safety: readonly number[];
}

/**
 * The catalog facts streaming's rules read (docs/catalog-import.md, "Facts the rules read"): the
 * eLearning and patient-safety categories and a product's Terms of Use, from the catalog cache (kept
 * until the next import). The pure rules take them as parameters.
 */
@Injectable()
export class CatalogFacts {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CatalogCache) private readonly cache: CatalogCache,
  ) {}

  eLearningCategories(): Promise<number[]> {
    return cachedCategoryIdsOfKind(this.cache, this.pool, 'elearning');
  }

  async categories(): Promise<CategoryFacts> {
    const [eLearning, safety] = await Promise.all([
      this.eLearningCategories(),
      cachedCategoryIdsOfKind(this.cache, this.pool, 'safety'),
    ]);
    return { eLearning, safety };
  }

  /** The product's Terms of Use (HTML), or null when it has none. */
  termsOfUse(productId: number): Promise<string | null> {
    return cachedTermsOfUse(this.cache, this.pool, productId);
  }
}
