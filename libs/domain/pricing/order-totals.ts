import type { ShippingRate } from '#libs/contracts/catalog.js';
import { DomainError } from '../kernel/decider.js';
import { type CouponEvaluation, couponAppliesTo } from './coupon.rules.js';
import { allocateCents } from './money.js';
import { type ShippingOption, lineShippingWeight, shippingCost } from './shipping.rules.js';
import { salesTax } from './tax.rules.js';

/** A line as the server priced it from the catalog (signed-in section 3, checkout cart item). Cents. */
export interface PricingLine {
  TYPE: string;
  /** Per year for yearly types, whose QTY is the number of years. */
  UNITPRICE: number;
  QTY: number;
}

/** The ORDER fields of signed-in section 3, in cents. TOTAL = SUBTOTAL - DISCOUNT + TAX + SHIPCOST. */
export interface OrderTotals {
  SUBTOTAL: number;
  DISCOUNT: number;
  TAX: number;
  SHIPCOST: number;
  TOTAL: number;
}

/** One line's part of the totals: its AMOUNT (UNITPRICE x QTY) and its shares; the shares add up to the order's. */
export interface LineAmounts {
  AMOUNT: number;
  DISCOUNT: number;
  TAX: number;
  SHIPPING: number;
  TOTAL: number;
}

export interface OrderPricing extends OrderTotals {
  /** In the order of the input lines. */
  lines: LineAmounts[];
}

export interface PriceOrderInput {
  lines: readonly PricingLine[];
  /** The coupon evaluated on these lines (evaluateCoupon); null without a coupon. */
  coupon: CouponEvaluation | null;
  /** The coupon's TYPES, to share its discount over the lines it applies to; empty or absent = all lines. */
  couponTypes?: readonly string[];
  shippingRate: ShippingRate | null;
  shippingOption: ShippingOption;
  /** The shipping state (the contact's state for an order that does not ship). */
  shipState: string | null;
}

export const MAX_QTY = 999;

/**
 * Prices an order from lines the server looked up itself: the server never trusts client totals
 * (docs/conventions.md); prices, discounts, tax and shipping come from the catalog, the coupon rules,
 * the tax rule and the shipping table.
 * Tax is on the items after the discount, not on shipping; each amount is rounded once on the order and
 * then shared over the lines (largest remainder) so that the line shares add up exactly.
 */
export function priceOrder(input: PriceOrderInput): OrderPricing {
  for (const line of input.lines) {
    if (!Number.isInteger(line.UNITPRICE) || line.UNITPRICE < 0) {
      throw new DomainError('invalid_line', 'A price must be a whole number of cents.');
    }
    if (!Number.isInteger(line.QTY) || line.QTY < 1 || line.QTY > MAX_QTY) {
      throw new DomainError('invalid_quantity', 'Quantity must be a number from 1 to 999.');
    }
  }
  const amounts = input.lines.map((l) => l.UNITPRICE * l.QTY);
  const SUBTOTAL = amounts.reduce((sum, a) => sum + a, 0);

  const DISCOUNT = input.coupon?.kind === 'valid' ? Math.min(input.coupon.discountCents, SUBTOTAL) : 0;
  const types = input.couponTypes ?? [];
  const discountWeights = amounts.map((a, i) => (couponAppliesTo({ types }, input.lines[i]?.TYPE ?? '') ? a : 0));
  const discounts = allocateCents(DISCOUNT, discountWeights.some((w) => w > 0) ? discountWeights : amounts);

  const net = amounts.map((a, i) => a - (discounts[i] ?? 0));
  const TAX = salesTax(SUBTOTAL - DISCOUNT, input.shipState);
  const taxes = allocateCents(TAX, net);

  const SHIPCOST = shippingCost(input.lines, input.shippingRate, input.shippingOption);
  const shipping = allocateCents(SHIPCOST, input.lines.map(lineShippingWeight));

  const lines = amounts.map((AMOUNT, i) => {
    const DISCOUNT = discounts[i] ?? 0;
    const TAX = taxes[i] ?? 0;
    const SHIPPING = shipping[i] ?? 0;
    return { AMOUNT, DISCOUNT, TAX, SHIPPING, TOTAL: AMOUNT - DISCOUNT + TAX + SHIPPING };
  });
  return { SUBTOTAL, DISCOUNT, TAX, SHIPCOST, TOTAL: SUBTOTAL - DISCOUNT + TAX + SHIPCOST, lines };
}

export const TOTAL_MISMATCH_MESSAGE = 'The order total has changed. Please review your cart and try again.';

/** The server never trusts client totals (docs/conventions.md): a total that differs is refused. */
export function assertClientTotal(clientTotal: number, computed: Pick<OrderTotals, 'TOTAL'> | number): void {
  const total = typeof computed === 'number' ? computed : computed.TOTAL;
  if (clientTotal !== total) throw new DomainError('total_mismatch', TOTAL_MISMATCH_MESSAGE);
}
