import type { Pool } from 'pg';
import {
  ALL_VIDEOS_CATEGORY_ID,
  ELEARNING_CATEGORY_ID,
  type Product,
  type ProductDetail,
  type ProductListItem,
  type ProductTitle,
  SUBSCRIPTION_TYPES,
} from '#libs/contracts/catalog.js';
import { findProduct } from './products.queries.js';

type Db = Pick<Pool, 'query'>;

/** How many related products the page shows. */
export const RELATED_LIMIT = 4;

/** The videos of a product in POSITION order, with their running times. */
export async function listProductTitles(db: Db, productId: number): Promise<ProductTitle[]> {
  const { rows } = await db.query<ProductTitle>(
    `SELECT title_id AS "TITLEID", position AS "POSITION", title AS "TITLE", duration AS "DURATION"
       FROM catalog_product_titles WHERE product_id = $1 ORDER BY position, title_id`,
    [productId],
  );
  return rows;
}

/**
 * Up to `limit` other products sharing the most categories with `product`, newest first. The generic
 * "All Videos" (0) holds every video, so it counts only when the product has no other category.
 */
export async function listRelatedProducts(
  db: Db,
  product: Pick<Product, 'ID' | 'CATEGORIES'>,
  limit = RELATED_LIMIT,
): Promise<ProductListItem[]> {
  const specific = product.CATEGORIES.filter((c) => c !== ALL_VIDEOS_CATEGORY_ID);
  const categories = specific.length > 0 ? specific : product.CATEGORIES;
  if (categories.length === 0) return [];
  const { rows } = await db.query<{ item: ProductListItem }>(
    `SELECT p.list_json AS item
       FROM (SELECT product_id, count(*) AS shared FROM catalog_product_categories
              WHERE category_id = ANY($2::int[]) AND product_id <> $1 GROUP BY product_id) s
       JOIN catalog_products p ON p.id = s.product_id
      ORDER BY s.shared DESC, p.pubdate DESC, p.id DESC
      LIMIT $3`,
    [product.ID, categories, limit],
  );
  return rows.map((r) => r.item);
}

/** How many video series and eLearning courses the library holds (what a subscription opens). */
async function libraryCounts(db: Db): Promise<NonNullable<ProductDetail['LIBRARY']>> {
  const { rows } = await db.query<{ videos: number; courses: number }>(
    `SELECT count(*) FILTER (WHERE pc.category_id = $1)::int AS videos,
            count(*) FILTER (WHERE pc.category_id = $2 AND p.type NOT IN ('elearning', 'qmpcomplete'))::int AS courses
       FROM catalog_product_categories pc JOIN catalog_products p ON p.id = pc.product_id`,
    [ALL_VIDEOS_CATEGORY_ID, ELEARNING_CATEGORY_ID],
  );
  return { VIDEO_SERIES: rows[0]?.videos ?? 0, ELEARNING_COURSES: rows[0]?.courses ?? 0 };
}

/** The product page's read: the product, its videos, faculty with photos, related products, the library it opens. */
export async function findProductDetail(db: Db, id: number): Promise<ProductDetail | null> {
  const product = await findProduct(db, id);
  if (!product) return null;
  const subscription = SUBSCRIPTION_TYPES.includes(product.TYPE);
  const [TITLES, RELATED, LIBRARY] = await Promise.all([
    listProductTitles(db, id),
    listRelatedProducts(db, product),
    subscription ? libraryCounts(db) : Promise.resolve(null),
  ]);
  const FACULTY = product.productfaculty.map((f) => ({ ...f, PHOTO: `assets/img/faculty/${f.USERID}.jpeg` }));
  return { ...product, TITLES, FACULTY, RELATED, LIBRARY };
}
