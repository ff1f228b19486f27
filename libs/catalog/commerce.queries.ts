import type { Pool } from 'pg';
import type { Product, ProductType } from '#libs/contracts/catalog.js';
import type { Coupon } from '#libs/domain/pricing/coupon.rules.js';

type Db = Pick<Pool, 'query'>;

/**
 * What the cart and checkout look up in the catalog besides products: coupons (`catalog_coupons`,
 * codes compared case-insensitively) and marketing offers (`catalog_offers`, by OFFER and UID).
 */

interface CouponRow {
  code: string;
  percent: string;
  amount: number | null;
  dollarsover: number;
  types: string[];
  expires: string | null;
  auto: boolean;
  role: string | null;
  requires: number[] | null;
}

const COUPON_COLUMNS = `code, percent, amount, dollarsover, types, to_char(expires, 'YYYY-MM-DD') AS expires, auto, role,
  requires`;

const toCoupon = (row: CouponRow): Coupon => ({
  code: row.code,
  percent: Number(row.percent),
  amountCents: row.amount,
  dollarsOverCents: row.dollarsover,
  types: row.types,
  expires: row.expires,
  auto: row.auto,
  role: row.role === '' ? null : row.role,
  requires: row.requires ?? [],
});

/** The coupon of a code as the customer typed it (case and surrounding spaces ignored), or undefined. */
export async function findCoupon(db: Db, code: string): Promise<Coupon | undefined> {
  const { rows } = await db.query<CouponRow>(`SELECT ${COUPON_COLUMNS} FROM catalog_coupons WHERE code_key = $1`, [
    code.trim().toLowerCase(),
  ]);
  return rows[0] ? toCoupon(rows[0]) : undefined;
}

/**
 * The catalog's combo ("CMEComplete combo"): the AUTO coupon, which the shop applies itself when the
 * cart holds the products of its REQUIRES; the first by code should there be several; undefined when
 * the catalog has none (the cart then applies no combo).
 */
export async function findComboCoupon(db: Db): Promise<Coupon | undefined> {
  const { rows } = await db.query<CouponRow>(
    `SELECT ${COUPON_COLUMNS} FROM catalog_coupons WHERE auto AND cardinality(requires) > 0 ORDER BY code_key LIMIT 1`,
  );
  return rows[0] ? toCoupon(rows[0]) : undefined;
}

/** A marketing offer of offers.csv (storefront section 3: market/{OFFER}/{UID}). Cents. */
export interface CatalogOffer {
  OFFER: string;
  UID: string;
  PRODUCTID: number;
  UNITPRICE: number;
  QTY: number;
  /** YYYY-MM-DD: the last day it can be redeemed; null = never expires. */
  EXPIRES: string | null;
}

/** The offer of OFFER and UID (both exact), expired or not; undefined when there is none. */
export async function findOffer(db: Db, offer: string, uid: string): Promise<CatalogOffer | undefined> {
  const { rows } = await db.query<CatalogOffer>(
    `SELECT offer AS "OFFER", uid AS "UID", product_id AS "PRODUCTID", unitprice AS "UNITPRICE", qty AS "QTY",
            to_char(expires, 'YYYY-MM-DD') AS "EXPIRES"
       FROM catalog_offers WHERE offer = $1 AND uid = $2`,
    [offer, uid],
  );
  return rows[0];
}

/** An offer can be redeemed through its EXPIRES day (`today` is YYYY-MM-DD). */
export const offerIsCurrent = (offer: Pick<CatalogOffer, 'EXPIRES'>, today: string): boolean =>
  offer.EXPIRES === null || offer.EXPIRES >= today.slice(0, 10);

/** The catalog's products of a TYPE in id order, with what tells them apart (the CME package from a module). */
export async function findProductsOfType(
  db: Db,
  type: ProductType,
): Promise<Pick<Product, 'ID' | 'TYPE' | 'CREDITS'>[]> {
  const { rows } = await db.query<Pick<Product, 'ID' | 'TYPE' | 'CREDITS'>>(
    'SELECT id AS "ID", type AS "TYPE", credits::float8 AS "CREDITS" FROM catalog_products WHERE type = $1 ORDER BY id',
    [type],
  );
  return rows;
}
