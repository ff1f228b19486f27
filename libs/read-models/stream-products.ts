import type { Pool, PoolClient } from 'pg';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * The streamable part of the catalog (plain catalog tables, docs/catalog-import.md): every product with
 * at least one video title, with what a Stream product (signed-in section 3) shows. Read-only; the
 * streaming module keeps it in memory for a short while.
 */
export interface StreamCatalogTitle {
  ID: number;
  TITLE: string;
  /** Path inside the media folder, e.g. video/sample-1.mp4. */
  FILE: string;
}

export interface StreamCatalogDocument {
  TITLE: string;
  FILES: string[];
}

export interface StreamCatalogProduct {
  ID: number;
  NAME: string;
  TYPE: string;
  DESCR: string;
  PUBDATE: string;
  CREDITS: number;
  CATEGORIES: number[];
  FACULTY: string[];
  TITLES: StreamCatalogTitle[];
  DOCUMENTS: StreamCatalogDocument[];
}

export async function streamCatalog(db: Db): Promise<StreamCatalogProduct[]> {
  const { rows } = await db.query<StreamCatalogProduct>(`
    SELECT p.id AS "ID", p.name AS "NAME", p.type AS "TYPE", p.descr AS "DESCR",
           to_char(p.pubdate, 'YYYY-MM-DD') AS "PUBDATE", p.credits::float8 AS "CREDITS",
           coalesce(pc.categories, '{}') AS "CATEGORIES", coalesce(f.faculty, '{}') AS "FACULTY",
           t.titles AS "TITLES", coalesce(d.documents, '[]') AS "DOCUMENTS"
      FROM catalog_products p
      JOIN (SELECT product_id, json_agg(json_build_object('ID', title_id, 'TITLE', title, 'FILE', url)
                                        ORDER BY position, title_id) AS titles
              FROM catalog_product_titles GROUP BY product_id) t ON t.product_id = p.id
      LEFT JOIN (SELECT product_id, array_agg(category_id ORDER BY category_id) AS categories
                   FROM catalog_product_categories GROUP BY product_id) pc ON pc.product_id = p.id
      LEFT JOIN (SELECT pf.product_id, array_agg(f.fullname ORDER BY f.fullname, f.user_id) AS faculty
                   FROM catalog_product_faculty pf JOIN catalog_faculty f ON f.user_id = pf.user_id
                  GROUP BY pf.product_id) f ON f.product_id = p.id
      LEFT JOIN (SELECT product_id, json_agg(json_build_object('TITLE', title, 'FILES', files) ORDER BY position)
                        AS documents
                   FROM catalog_product_documents GROUP BY product_id) d ON d.product_id = p.id
     ORDER BY p.pubdate DESC, p.id DESC`);
  return rows;
}

/** The book a code opens (catalog book-codes.csv), or null for an unknown code. */
export async function bookOfCode(db: Db, code: string): Promise<{ productId: number; name: string } | null> {
  const { rows } = await db.query<{ productId: number; name: string }>(
    `SELECT c.product_id AS "productId", p.name FROM catalog_book_codes c
       JOIN catalog_products p ON p.id = c.product_id WHERE c.code = $1`,
    [code],
  );
  return rows[0] ?? null;
}

/** The categories among `ids` that a streaming side menu shows (menu categories, and 17 and 18), by id. */
export async function streamCategories(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM catalog_categories WHERE id = ANY($1::int[]) AND (menu OR id IN (17, 18)) ORDER BY id',
    [ids],
  );
  return rows;
}
