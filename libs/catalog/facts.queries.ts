import type { Pool } from 'pg';
import type { CatalogCache } from './catalog-cache.js';
import { CATEGORY_KINDS, type CategoryKind } from './files/catalog-file.js';

export { CATEGORY_KINDS, type CategoryKind };

type Db = Pick<Pool, 'query'>;

/**
 * The catalog facts the shop's rules read (docs/catalog-import.md): which categories are of a KIND
 * (categories.csv) and a product's Terms of Use (terms-of-use.csv). The pure rules take them as
 * parameters; an import changes them. Each has a cached form: the catalog cache keeps the answer until
 * the next import (catalog-cache.ts), as it does for the other catalog look-ups.
 */

/** The ids of the categories of one kind, ascending. */
export async function categoryIdsOfKind(db: Db, kind: CategoryKind): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM catalog_categories WHERE kind = $1 ORDER BY id', [
    kind,
  ]);
  return rows.map((r) => r.id);
}

/** `categoryIdsOfKind` through the catalog cache. */
export async function cachedCategoryIdsOfKind(cache: CatalogCache, db: Db, kind: CategoryKind): Promise<number[]> {
  const text = await cache.get(`category-kind:${kind}`, async () => JSON.stringify(await categoryIdsOfKind(db, kind)));
  return JSON.parse(text) as number[];
}

/** A product's Terms of Use (sanitised HTML), or null when it has none. */
export async function termsOfUse(db: Db, productId: number): Promise<string | null> {
  const { rows } = await db.query<{ text: string | null }>(
    'SELECT text FROM catalog_terms_of_use WHERE product_id = $1',
    [productId],
  );
  return rows[0]?.text ?? null;
}

/** `termsOfUse` through the catalog cache. */
export async function cachedTermsOfUse(cache: CatalogCache, db: Db, productId: number): Promise<string | null> {
  const text = await cache.get(`terms-of-use:${productId}`, async () =>
    JSON.stringify(await termsOfUse(db, productId)),
  );
  return JSON.parse(text) as string | null;
}
