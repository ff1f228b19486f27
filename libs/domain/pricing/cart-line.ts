import type { Product } from '#libs/contracts/catalog.js';
import { effectivePrice } from './product-pricing.js';

/**
 * What one unit of a cart line costs, from the catalog product as it is now. The cart decider asks
 * when a line is added and checkout asks again when the order is paid, so the line shown is the line
 * charged. A line's unit price is one of:
 * - a catalog line: the product's PRICING, or the productprices entry of a book format, or for a
 *   yearly type the per-year price of its TERM (`catalogUnitPrice`);
 * - an offer line: the offer's UNITPRICE (`offerUnitPrice`);
 * - a renewal line: 10% off the term's per-year price (`renewalUnitPrice` in renewal.ts).
 */

const sameType = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The priced productprices entry of a book format (BOOK, STREAMING, BOTH, ...), compared case-insensitively. */
export function formatEntry(product: Product, format: string): { TYPE: string; PRICE: number } | null {
  const entry = product.productprices.find((p) => sameType(p.TYPE, format) && p.PRICE !== null);
  return entry && entry.PRICE !== null ? { TYPE: entry.TYPE, PRICE: entry.SALE_PRICE ?? entry.PRICE } : null;
}

/**
 * The unit price of a line of TYPE without a term: the catalog's PRICING (at its sale price when
 * there is one) for the product's PRICING TYPE, else the entry of that book format; null when the
 * product sells no such format.
 */
export function typePrice(product: Product, TYPE: string): number | null {
  if (sameType(product.PRICING.TYPE, TYPE)) return effectivePrice(product.PRICING);
  return formatEntry(product, TYPE)?.PRICE ?? null;
}

/**
 * The per-year price of a term of `years`: the product's TERMS, or `oneYear` for a 1-year term of a
 * product without TERMS; null when the product does not offer that term.
 */
export function termPrice(product: Product, years: number, oneYear: number): number | null {
  if (product.TERMS.length === 0) return years === 1 ? oneYear : null;
  return product.TERMS.find((t) => t.YEARS === years)?.PRICE ?? null;
}

/** The catalog's per-year price of each term the product offers: its TERMS, or 1 year at its price. */
export function termPrices(product: Product): { TERM: 1 | 2 | 3; PRICE: number }[] {
  if (product.TERMS.length > 0) return product.TERMS.map((t) => ({ TERM: t.YEARS, PRICE: t.PRICE }));
  return [{ TERM: 1, PRICE: effectivePrice(product.PRICING) }];
}

/**
 * The unit price of a catalog line (one without an offer): per year for a line with a TERM, else per
 * item of its TYPE. Null when the catalog no longer sells that format or term.
 */
export function catalogUnitPrice(product: Product, line: { TYPE: string; TERM: number | null }): number | null {
  const price = typePrice(product, line.TYPE);
  if (price === null || line.TERM === null) return price;
  return termPrice(product, line.TERM, price);
}

/** The unit price of an offer line: the offer's UNITPRICE, when it is a whole number of cents. */
export function offerUnitPrice(offer: { UNITPRICE: number }): number | null {
  return Number.isInteger(offer.UNITPRICE) && offer.UNITPRICE >= 0 ? offer.UNITPRICE : null;
}
