import type { ProductPrice } from '#libs/contracts/catalog.js';

/** What the PRICING rule reads of a product. */
export interface PricedProduct {
  TYPE: string;
  PRICE: number;
  SALE_PRICE: number | null;
  /** The price entries in POSITION order: index 0 is the spec's "first entry". */
  productprices: readonly ProductPrice[];
}

export interface Pricing {
  TYPE: string;
  PRICE: number;
  SALE_PRICE: number | null;
}

/**
 * The price the shop shows and charges (storefront section 3):
 * - "If the first price entry has TYPE BOOK, the product is a book with that price."
 * - "Otherwise it is STREAMING, priced from the second entry, or the third if the second has none."
 * - Without price entries (or when no entry carries a price): the product's own PRICE and SALE_PRICE.
 */
export function productPricing(product: PricedProduct): Pricing {
  const own = { PRICE: product.PRICE, SALE_PRICE: product.SALE_PRICE };
  const [first, second, third] = product.productprices;
  if (!first) return { TYPE: product.TYPE, ...own };
  if (first.TYPE === 'BOOK') {
    return first.PRICE === null
      ? { TYPE: 'BOOK', ...own }
      : { TYPE: 'BOOK', PRICE: first.PRICE, SALE_PRICE: first.SALE_PRICE };
  }
  const entry = second && second.PRICE !== null ? second : third && third.PRICE !== null ? third : null;
  return entry && entry.PRICE !== null
    ? { TYPE: 'STREAMING', PRICE: entry.PRICE, SALE_PRICE: entry.SALE_PRICE }
    : { TYPE: 'STREAMING', ...own };
}

/** The amount charged: the sale price when there is one (what SALE_PRICE sorts by). */
export function effectivePrice(pricing: Pricing): number {
  return pricing.SALE_PRICE ?? pricing.PRICE;
}
