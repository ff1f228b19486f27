import type { Pool, PoolClient } from 'pg';

type Db = Pick<Pool | PoolClient, 'query'>;

/** A product with a CME test, with what the CME center's list and the streaming access rule read. */
export interface CmeTestProductRow {
  ID: number;
  NAME: string;
  TYPE: string;
  CREDITS: number;
  CATEGORIES: number[];
}

/** The catalog rows of the products that have a test (plain catalog tables, read-only), by id. */
export async function cmeTestProducts(db: Db, ids: readonly number[]): Promise<CmeTestProductRow[]> {
  const { rows } = await db.query<CmeTestProductRow>(
    `SELECT p.id AS "ID", p.name AS "NAME", p.type AS "TYPE", p.credits::float8 AS "CREDITS",
            coalesce(array_agg(pc.category_id ORDER BY pc.category_id)
                       FILTER (WHERE pc.category_id IS NOT NULL), '{}') AS "CATEGORIES"
       FROM catalog_products p
       LEFT JOIN catalog_product_categories pc ON pc.product_id = p.id
      WHERE p.id = ANY($1::int[])
      GROUP BY p.id
      ORDER BY p.id`,
    [ids],
  );
  return rows;
}
