import { CME_PACKAGE_ID, COMPLETE_PACKAGE_ID } from '#libs/contracts/catalog.js';
import { percentOfCents } from './money.js';

/**
 * A coupon as coupons.csv defines it (docs/catalog-import.md): CODE, PERCENT, AMOUNT, DOLLARSOVER,
 * TYPES, EXPIRES, AUTO, ROLE. Money in cents.
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

/** The coupon box's texts, word for word (storefront section 8). */
export const COUPON_MESSAGES = {
  invalid: 'Not a valid code',
  not_qualifying: 'Not a valid code for these products or minimum not reached',
  valid: 'Success, discount applied!',
} as const satisfies Record<CouponEvaluation['kind'], string>;

/** Storefront section 5: Apply is disabled below 4 characters and the server is called only with 4 or more. */
export const COUPON_MIN_LENGTH = 4;

/** Storefront section 9: "The combo coupon for a complete package plus CME is named "CMEComplete combo"". */
export const CME_COMPLETE_COMBO_CODE = 'CMEComplete combo';
/** DEMO-DATA.md: the combo's discount is a documented constant: $100.00 off (docs/decisions.md). */
export const CME_COMPLETE_COMBO_DISCOUNT_CENTS = 10000;
/** The combo coupon as the demo coupons.csv defines it; the catalog's own row wins where the caller has it. */
export const CME_COMPLETE_COMBO: Coupon = {
  code: CME_COMPLETE_COMBO_CODE,
  percent: 0,
  amountCents: CME_COMPLETE_COMBO_DISCOUNT_CENTS,
  dollarsOverCents: 0,
  types: [],
  expires: null,
  auto: true,
  role: null,
};

export const sameCouponCode = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

export const isComboCoupon = (coupon: Pick<Coupon, 'code'>): boolean =>
  sameCouponCode(coupon.code, CME_COMPLETE_COMBO_CODE);

/** Storefront section 4: the combo holds when the cart has both the complete package (130) and the CME package (155). */
export const holdsComboPair = (lines: readonly Pick<CouponLine, 'ID'>[]): boolean =>
  lines.some((l) => l.ID === COMPLETE_PACKAGE_ID) && lines.some((l) => l.ID === CME_PACKAGE_ID);

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
 *   qualifying items, or their total is not over DOLLARSOVER (the combo also needs products 130 and 155);
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

  if (isComboCoupon(coupon) && !holdsComboPair(lines)) return { kind: 'not_qualifying' };
  const qualifying = lines.filter((l) => couponAppliesTo(coupon, l.TYPE));
  const total = qualifying.reduce((sum, l) => sum + lineAmount(l), 0);
  if (total <= 0 || total <= coupon.dollarsOverCents) return { kind: 'not_qualifying' };

  const discountCents =
    coupon.amountCents !== null ? Math.min(coupon.amountCents, total) : percentOfCents(total, coupon.percent);
  return discountCents > 0 ? { kind: 'valid', discountCents } : { kind: 'not_qualifying' };
}

/** The text the coupon box shows for an evaluation (storefront section 8). */
export const couponMessage = (evaluation: CouponEvaluation): string => COUPON_MESSAGES[evaluation.kind];
