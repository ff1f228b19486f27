import type { Product } from '#libs/contracts/catalog.js';

/** A catalog product for the domain's specs: only what a spec names, the rest plain (no sale, no terms). */
export const testProduct = (over: Partial<Product> & Pick<Product, 'ID' | 'TYPE' | 'PRICE'>): Product => {
  const NAME = over.NAME ?? `Product ${over.ID}`;
  return {
    NAME,
    SLUG: NAME.toLowerCase().replace(/ /g, '-'),
    DESCR: `<p>${NAME}</p>`,
    SHORT_DESCR: NAME,
    SALE_PRICE: null,
    PUBDATE: '2025-01-01',
    STREAMING: 1,
    SHIP_WEIGHT: 0,
    DEMOURL: null,
    CATEGORIES: [0],
    productfaculty: [],
    productprices: [],
    PRICING: { TYPE: over.TYPE, PRICE: over.PRICE, SALE_PRICE: over.SALE_PRICE ?? null },
    TERMS: [],
    CREDITS: 0,
    CME_RESTRICTED: false,
    ...over,
  };
};
