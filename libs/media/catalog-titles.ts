import type { Pool, PoolClient } from 'pg';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * The catalog's video titles as the media import needs them (plain catalog tables,
 * docs/catalog-import.md): media is attached to a title of a product, never to a loose id.
 */
export interface CatalogTitle {
  productId: number;
  videoId: number;
  /** The title's progressive file inside MEDIA_DIR, e.g. video/sample-1.mp4. */
  file: string;
}

/** Why a product/video pair cannot take media, or null when the video is a title of the product. */
export async function titleProblem(db: Db, productId: number, videoId: number): Promise<string | null> {
  const { rows } = await db.query<{ product: boolean; owner: number | null }>(
    `SELECT EXISTS (SELECT 1 FROM catalog_products WHERE id = $1) AS product,
            (SELECT product_id FROM catalog_product_titles WHERE title_id = $2) AS owner`,
    [productId, videoId],
  );
  const found = rows[0];
  if (!found?.product) return `Product ${productId} is not in the catalog.`;
  if (found.owner === null) return `Video ${videoId} is not in the catalog.`;
  if (found.owner !== productId) return `Video ${videoId} is a title of product ${found.owner}, not of ${productId}.`;
  return null;
}

/** Every title whose progressive file matches `pattern` (a POSIX regular expression), by product and position. */
export async function titlesWithFile(db: Db, pattern: string): Promise<CatalogTitle[]> {
  const { rows } = await db.query<CatalogTitle>(
    `SELECT product_id AS "productId", title_id AS "videoId", url AS file
       FROM catalog_product_titles WHERE url ~ $1 ORDER BY product_id, position, title_id`,
    [pattern],
  );
  return rows;
}
