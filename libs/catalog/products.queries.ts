import type { Pool } from 'pg';
import type { Category, Product, ProductPage, ProductSort } from '#libs/contracts/catalog.js';

type Db = Pick<Pool, 'query'>;

export interface ProductListQuery {
  /** Products linked to this category (0 = all videos); undefined = every product. */
  category?: number;
  /** Case-insensitive substring of NAME, DESCR and faculty names and locations. */
  search?: string;
  sort: ProductSort;
  page: number;
  size: number;
}

/** Ties are broken by ID in the sort's direction, so pages never overlap. */
const ORDER_BY: Record<ProductSort, string> = {
  PUBDATE_DESC: 'p.pubdate DESC, p.id DESC',
  PUBDATE_ASC: 'p.pubdate ASC, p.id ASC',
  NAME_ASC: 'lower(p.name) ASC, p.id ASC',
  NAME_DESC: 'lower(p.name) DESC, p.id DESC',
  SALE_PRICE_ASC: 'p.effective_price ASC, p.id ASC',
  SALE_PRICE_DESC: 'p.effective_price DESC, p.id DESC',
};

/** `%term%` for LIKE, with the term's own %, _ and \ matched literally. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the product list (storefront section 2, products/{ID}): a single indexed query that
 * returns the prebuilt list items and the total (`count(*) OVER ()`). The search runs on the
 * lower-cased `search_text` column (trigram index), the category through the link table.
 * Answers the ProductPage as JSON text: the items are stored as JSON, so they are never parsed and
 * serialised again on the way out (half the time of a 48-item page).
 */
export async function listProductsJson(db: Db, query: ProductListQuery): Promise<string> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.category !== undefined) {
    params.push(query.category);
    where.push(
      `EXISTS (SELECT 1 FROM catalog_product_categories pc WHERE pc.product_id = p.id AND pc.category_id = $${params.length})`,
    );
  }
  const term = query.search?.trim();
  if (term) {
    // Lower-cased here as the search text was on import, so both sides fold case the same way.
    params.push(likePattern(term));
    where.push(`p.search_text LIKE $${params.length}`);
  }
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  params.push(query.size, (query.page - 1) * query.size);
  // The page is chosen on narrow rows (id and sort keys), then only its 48 items are fetched.
  const { rows } = await db.query<{ item: string; total: string }>(
    `WITH page AS (
       SELECT p.id, count(*) OVER () AS total, row_number() OVER (ORDER BY ${ORDER_BY[query.sort]}) AS n
         FROM catalog_products p ${filter}
        ORDER BY ${ORDER_BY[query.sort]}
        LIMIT $${params.length - 1} OFFSET $${params.length})
     SELECT p.list_json::text AS item, page.total FROM page JOIN catalog_products p ON p.id = page.id ORDER BY page.n`,
    params,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page the window has no row to carry the total: count separately (rare).
    const count = await db.query<{ total: string }>(
      `SELECT count(*) AS total FROM catalog_products p ${filter}`,
      params.slice(0, -2),
    );
    total = Number(count.rows[0]?.total ?? 0);
  }
  return `{"data":[${rows.map((r) => r.item).join(',')}],"total":${total},"page":${query.page},"size":${query.size}}`;
}

/** One page of the product list, as an object. */
export async function listProducts(db: Db, query: ProductListQuery): Promise<ProductPage> {
  return JSON.parse(await listProductsJson(db, query)) as ProductPage;
}

/** A product with its html description, or null. */
export async function findProduct(db: Db, id: number): Promise<Product | null> {
  const { rows } = await db.query<{ product: Product }>(
    `SELECT list_json || jsonb_build_object('DESCR', descr) AS product FROM catalog_products WHERE id = $1`,
    [id],
  );
  return rows[0]?.product ?? null;
}

export async function listCategories(db: Db): Promise<Category[]> {
  const { rows } = await db.query<Category>(
    'SELECT id AS "ID", name AS "NAME", parent AS "PARENT", menu AS "MENU" FROM catalog_categories ORDER BY id',
  );
  return rows;
}
