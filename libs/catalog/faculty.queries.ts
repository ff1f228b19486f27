import type { Pool } from 'pg';
import type { Faculty, FacultySummary } from '#libs/contracts/catalog.js';
import { ELEARNING_CATEGORY_ID } from '#libs/contracts/catalog.js';

type Db = Pick<Pool, 'query'>;

/** The columns of a FacultySummary for `catalog_faculty f` (photo path: docs/catalog-import.md). */
export const FACULTY_SUMMARY_COLUMNS = `
  f.user_id AS "USERID", f.fullname AS "FULLNAME", f.bio AS "BIO", f.location AS "LOCATION",
  'assets/img/faculty/' || f.user_id || '.jpeg' AS "PHOTO",
  (SELECT count(*) FROM catalog_product_faculty pf WHERE pf.user_id = f.user_id)::int AS "PRODUCTCOUNT"`;

/** The active faculty list (signed-in "Faculty pages"), by name. */
export async function listFaculty(db: Db): Promise<FacultySummary[]> {
  const { rows } = await db.query<FacultySummary>(
    `SELECT ${FACULTY_SUMMARY_COLUMNS} FROM catalog_faculty f WHERE f.active ORDER BY f.fullname, f.user_id`,
  );
  return rows;
}

/**
 * One faculty member with PRODUCTSINFO: each product's ID, NAME and a category of it, 10 (eLearning)
 * when linked to 10 so the page can show "Learn more about eLearning".
 */
export async function findFaculty(db: Db, userId: number): Promise<Faculty | null> {
  const { rows } = await db.query<FacultySummary>(
    `SELECT ${FACULTY_SUMMARY_COLUMNS} FROM catalog_faculty f WHERE f.user_id = $1`,
    [userId],
  );
  const summary = rows[0];
  if (!summary) return null;
  const products = await db.query<{ ID: number; NAME: string; PRODCATID: number }>(
    `SELECT p.id AS "ID", p.name AS "NAME",
            coalesce((SELECT pc.category_id FROM catalog_product_categories pc WHERE pc.product_id = p.id
                       ORDER BY pc.category_id = $2 DESC, pc.category_id LIMIT 1), 0) AS "PRODCATID"
       FROM catalog_product_faculty pf JOIN catalog_products p ON p.id = pf.product_id
      WHERE pf.user_id = $1
      ORDER BY p.pubdate DESC, p.id DESC`,
    [userId, ELEARNING_CATEGORY_ID],
  );
  return { ...summary, PRODUCTSINFO: products.rows };
}
