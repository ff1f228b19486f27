import type { PoolClient } from 'pg';
import type { ProductListItem, ProductPrice, ProductType, SubscriptionTerm } from '#libs/contracts/catalog.js';
import { effectivePrice, productPricing } from '#libs/domain/pricing/product-pricing.js';

interface SourceRow {
  id: number;
  name: string;
  slug: string;
  type: ProductType;
  price: number;
  sale_price: number | null;
  pubdate: string;
  streaming: number;
  ship_weight: string;
  demourl: string | null;
  credits: string;
  cme_restricted: boolean;
  short_descr: string;
  descr_text: string;
  prices: ProductPrice[];
  terms: SubscriptionTerm[];
  categories: number[];
  faculty: { USERID: number; FULLNAME: string; LOCATION: string }[];
}

/**
 * Recomputes every product's derived columns from the catalog tables, in the import's transaction:
 * `list_json` (the ProductListItem the list answers with, so a page is one indexed query),
 * `search_text` (NAME, DESCR without tags, faculty names and locations; lower-cased) and
 * `effective_price` (PRICING.SALE_PRICE ?? PRICING.PRICE, what SALE_PRICE sorts by).
 * Returns how many products changed.
 */
export async function refreshProducts(db: PoolClient): Promise<number> {
  // Aggregates joined by product (hash joins), not correlated per product: fast on a large catalog.
  const { rows } = await db.query<SourceRow>(`
    SELECT p.id, p.name, p.slug, p.type, p.price, p.sale_price, to_char(p.pubdate, 'YYYY-MM-DD') AS pubdate,
           p.streaming, p.ship_weight::text, p.demourl, p.credits::text, p.cme_restricted, p.short_descr, p.descr_text,
           coalesce(pp.prices, '[]') AS prices, coalesce(t.terms, '[]') AS terms,
           coalesce(pc.categories, '{}') AS categories, coalesce(f.faculty, '[]') AS faculty
      FROM catalog_products p
      LEFT JOIN (SELECT product_id, json_agg(json_build_object('TYPE', type, 'PRICE', price, 'SALE_PRICE', sale_price)
                                             ORDER BY position) AS prices
                   FROM catalog_product_prices GROUP BY product_id) pp ON pp.product_id = p.id
      LEFT JOIN (SELECT product_id, json_agg(json_build_object('YEARS', years, 'PRICE', price) ORDER BY years) AS terms
                   FROM catalog_product_terms GROUP BY product_id) t ON t.product_id = p.id
      LEFT JOIN (SELECT product_id, array_agg(category_id ORDER BY category_id) AS categories
                   FROM catalog_product_categories GROUP BY product_id) pc ON pc.product_id = p.id
      LEFT JOIN (SELECT pf.product_id,
                        json_agg(json_build_object('USERID', f.user_id, 'FULLNAME', f.fullname, 'LOCATION', f.location)
                                 ORDER BY f.fullname, f.user_id) AS faculty
                   FROM catalog_product_faculty pf JOIN catalog_faculty f ON f.user_id = pf.user_id
                  GROUP BY pf.product_id) f ON f.product_id = p.id`);
  if (rows.length === 0) return 0;
  const derived = rows.map((p) => {
    const PRICING = productPricing({
      TYPE: p.type,
      PRICE: p.price,
      SALE_PRICE: p.sale_price,
      productprices: p.prices,
    });
    const item: ProductListItem = {
      ID: p.id,
      NAME: p.name,
      SLUG: p.slug,
      SHORT_DESCR: p.short_descr,
      TYPE: p.type,
      PRICE: p.price,
      SALE_PRICE: p.sale_price,
      PUBDATE: p.pubdate,
      STREAMING: p.streaming === 1 ? 1 : 0,
      SHIP_WEIGHT: Number(p.ship_weight),
      DEMOURL: p.demourl,
      CATEGORIES: p.categories,
      productfaculty: p.faculty,
      productprices: p.prices,
      PRICING,
      TERMS: p.terms,
      CREDITS: Number(p.credits),
      CME_RESTRICTED: p.cme_restricted,
    };
    const searchText = [p.name, p.descr_text, ...p.faculty.flatMap((f) => [f.FULLNAME, f.LOCATION])]
      .join(' ')
      .toLowerCase();
    return { id: p.id, list_json: item, search_text: searchText, effective_price: effectivePrice(PRICING) };
  });
  let changed = 0;
  for (let i = 0; i < derived.length; i += 2000) {
    const result = await db.query(
      `UPDATE catalog_products p
          SET list_json = x.list_json, search_text = x.search_text, effective_price = x.effective_price
         FROM jsonb_to_recordset($1::jsonb) AS x(id int, list_json jsonb, search_text text, effective_price int)
        WHERE p.id = x.id
          AND (p.list_json, p.search_text, p.effective_price) IS DISTINCT FROM (x.list_json, x.search_text, x.effective_price)`,
      [JSON.stringify(derived.slice(i, i + 2000))],
    );
    changed += result.rowCount ?? 0;
  }
  return changed;
}
