import { COUPON_MESSAGES } from '#libs/contracts/cart.js';
import { percentOfCents } from './money.js';

/**
 * A coupon as coupons.csv defines it (docs/catalog-import.md): CODE, PERCENT, AMOUNT, DOLLARSOVER,
 * TYPES, EXPIRES, AUTO, ROLE, REQUIRES. Money in cents.
 */
export interface Coupon {
  code: string;
  /** 0-100; used when amountCents is null. */
  percent: number;
  /** A fixed amount off the qualifying items (wins over percent when set). */
  amountCents: number | null;
  /** The qualifying items must total more than this. */
  dollarsOverCents: number;
  /** Item types it applies to, compared case-insensitively; empty = all. */
  types: readonly string[];
  /** YYYY-MM-DD: the last day the code is valid; null = never expires. */
  expires: string | null;
  /** Applied by the shop itself (the combo coupon), not typed by the customer. */
  auto: boolean;
  /** A role the customer must hold; null = anyone. */
  role: string | null;
  /**
   * Product ids the cart must all hold for the coupon to qualify (the combo's pair: the Complete
   * package first, then the CME package); empty = none. Absent from coupons applied before the
   * column existed.
   */
  requires?: readonly number[];
}

/** What a coupon reads of a cart or order line. PRICE is the unit price in cents (per year for yearly types). */
export interface CouponLine {
  ID: number;
  TYPE: string;
  PRICE: number;
  QTY: number;
}

export type CouponEvaluation =
  { kind: 'invalid' } | { kind: 'not_qualifying' } | { kind: 'valid'; discountCents: number };

/** The coupon box's texts (declared once in libs/contracts/cart.ts), by the outcome of a code. */
export const couponMessage = (evaluation: CouponEvaluation): string => COUPON_MESSAGES[evaluation.kind];

export const sameCouponCode = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The products a coupon needs (none when it names none). */
export const requiredProducts = (coupon: Pick<Coupon, 'requires'>): readonly number[] => coupon.requires ?? [];

/** True when the lines hold every product of `ids` (the combo: the pair of its REQUIRES). */
export const holdsAll = (lines: readonly Pick<CouponLine, 'ID'>[], ids: readonly number[]): boolean =>
  ids.every((id) => lines.some((l) => l.ID === id));

/** A line the coupon applies to: its TYPES (case-insensitive), or every line when TYPES is empty. */
export function couponAppliesTo(coupon: Pick<Coupon, 'types'>, type: string): boolean {
  if (coupon.types.length === 0) return true;
  const wanted = type.toLowerCase();
  return coupon.types.some((t) => t.toLowerCase() === wanted);
}

const lineAmount = (line: CouponLine): number => line.PRICE * line.QTY;

/**
 * The coupon rule (storefront sections 4, 5, 8; signed-in section 3 "Coupon: percent, dollarsover, types, code"):
 * - "Not a valid code": unknown, expired (after its EXPIRES day), or the customer lacks the coupon's ROLE;
 * - "Not a valid code for these products or minimum not reached": the discount would be 0, i.e. no
 *   qualifying items, or their total is not over DOLLARSOVER, or the cart lacks a product of its
 *   REQUIRES (the combo's pair);
 * - otherwise valid: PERCENT of the qualifying items (rounded to the cent, half up), or AMOUNT capped at
 *   their total.
 * `today` is YYYY-MM-DD (a longer ISO string is cut to its date).
 */
export function evaluateCoupon(
  coupon: Coupon | undefined,
  lines: readonly CouponLine[],
  roles: readonly string[],
  today: string,
): CouponEvaluation {
  if (!coupon) return { kind: 'invalid' };
  if (coupon.expires !== null && coupon.expires.slice(0, 10) < today.slice(0, 10)) return { kind: 'invalid' };
  if (coupon.role !== null && coupon.role !== '' && !roles.includes(coupon.role)) return { kind: 'invalid' };

  if (!holdsAll(lines, requiredProducts(coupon))) return { kind: 'not_qualifying' };
  const qualifying = lines.filter((l) => couponAppliesTo(coupon, l.TYPE));
  const total = qualifying.reduce((sum, l) => sum + lineAmount(l), 0);
  if (total <= 0 || total <= coupon.dollarsOverCents) return { kind: 'not_qualifying' };

  const discountCents =
    coupon.amountCents !== null ? Math.min(coupon.amountCents, total) : percentOfCents(total, coupon.percent);
  return discountCents > 0 ? { kind: 'valid', discountCents } : { kind: 'not_qualifying' };
}
