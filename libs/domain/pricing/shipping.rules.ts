import { NOT_SHIPPED_TYPES } from '#libs/contracts/cart.js';
import type { ShippingRate } from '#libs/contracts/catalog.js';
import { DomainError } from '../kernel/decider.js';

/** Signed-in section 4: "Shipping option toggles between standard (1) and expedited (2)". */
export type ShippingOption = 1 | 2;
export const STANDARD_SHIPPING: ShippingOption = 1;
export const EXPEDITED_SHIPPING: ShippingOption = 2;

export type ShippingBand = 'onetofour' | 'fivetoten' | 'eleventotwenty' | 'twentyplus';

/** What the shipping rule reads of a line. */
export interface ShippingLine {
  TYPE: string;
  QTY: number;
}

/** Item types that never ship (the list of libs/contracts/cart.ts, shared with the web app). */
const NOT_SHIPPED = new Set(NOT_SHIPPED_TYPES);
/** Book formats that count as one book each ("plus the book count"); BOTH is the book plus streaming. */
const BOOK_TYPES = new Set(['book', 'both']);

/** A line that ships: BOOK, BOTH and any other physical format (e.g. a DVD); nothing digital. */
export const isPhysical = (type: string): boolean => !NOT_SHIPPED.has(type.toLowerCase());
export const isBook = (type: string): boolean => BOOK_TYPES.has(type.toLowerCase());

/** Pounds each physical item that is not a book counts (signed-in section 9). */
export const POUNDS_PER_PHYSICAL_ITEM = 2;

/**
 * Signed-in section 9: "each physical count item is 2 pounds, plus the book count". Read as: every
 * copy of a physical item other than a book (a DVD, ...) weighs 2, every book copy (BOOK, BOTH) adds
 * 1 (docs/decisions.md, "Cart, coupons, pricing and orders").
 */
export function lineShippingWeight(line: ShippingLine): number {
  if (!isPhysical(line.TYPE)) return 0;
  return isBook(line.TYPE) ? line.QTY : POUNDS_PER_PHYSICAL_ITEM * line.QTY;
}

/** The order's shipping weight: the sum of its lines' (see lineShippingWeight). */
export function shippingWeight(lines: readonly ShippingLine[]): number {
  return lines.reduce((weight, line) => weight + lineShippingWeight(line), 0);
}

/** Signed-in section 9: "Bands are under 5, 5-10, 11-20 and over 20." */
export function shippingBand(weight: number): ShippingBand {
  if (weight < 5) return 'onetofour';
  if (weight <= 10) return 'fivetoten';
  if (weight <= 20) return 'eleventotwenty';
  return 'twentyplus';
}

/**
 * Shipping cost in cents: "The rate comes from the per-country table, and the expedited fee is added for
 * the expedited option" (signed-in section 9). Nothing physical ships for free. A physical order needs a
 * rate for its country, else it is refused ('no_shipping_rate').
 */
export function shippingCost(
  lines: readonly ShippingLine[],
  rate: ShippingRate | null,
  option: ShippingOption,
): number {
  const weight = shippingWeight(lines);
  if (weight === 0) return 0;
  if (rate === null)
    throw new DomainError('no_shipping_rate', 'We cannot ship to this country. Please choose another address.');
  return rate[shippingBand(weight)] + (option === EXPEDITED_SHIPPING ? rate.expeditedfee : 0);
}
