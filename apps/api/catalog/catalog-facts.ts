import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { CatalogCache } from '#libs/catalog/catalog-cache.js';
import { cachedCategoryIdsOfKind, cachedTermsOfUse } from '#libs/catalog/facts.queries.js';
import { PG_POOL } from '../infrastructure/tokens.js';

/** The category facts the rules read (categories.csv KIND). */
export interface CategoryFacts {
  eLearning: readonly number[];
  safety: readonly number[];
}

/**
 * The catalog facts the shop's rules read (docs/catalog-import.md, "Facts the rules read"): the
 * eLearning and patient-safety categories (streaming access, safety credits of CME) and a product's
 * Terms of Use, from the catalog cache (kept until the next import). The pure rules take them as
 * parameters.
 */
@Injectable()
export class CatalogFacts {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CatalogCache) private readonly cache: CatalogCache,
  ) {}

  safetyCategories(): Promise<number[]> {
    return cachedCategoryIdsOfKind(this.cache, this.pool, 'safety');
  }

  eLearningCategories(): Promise<number[]> {
    return cachedCategoryIdsOfKind(this.cache, this.pool, 'elearning');
  }

  async categories(): Promise<CategoryFacts> {
    const [eLearning, safety] = await Promise.all([this.eLearningCategories(), this.safetyCategories()]);
    return { eLearning, safety };
  }

  /** The product's Terms of Use (HTML), or null when it has none. */
  termsOfUse(productId: number): Promise<string | null> {
    return cachedTermsOfUse(this.cache, this.pool, productId);
  }
}
