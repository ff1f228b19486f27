import { testProduct } from './product.testing.js';
import { catalogUnitPrice, formatEntry, offerUnitPrice, termPrice, termPrices, typePrice } from './cart-line.js';

const product = testProduct;

const completePackage = product({
  ID: 130,
  TYPE: 'qmpcomplete',
  PRICE: 175000,
  TERMS: [
    { YEARS: 1, PRICE: 175000 },
    { YEARS: 2, PRICE: 160000 },
    { YEARS: 3, PRICE: 140000 },
  ],
});
const streamingAll = product({ ID: 145, TYPE: 'STREAMING_ALL', PRICE: 89500, SALE_PRICE: 79500 });
const book = product({
  ID: 301,
  TYPE: 'BOOK',
  PRICE: 6000,
  productprices: [
    { TYPE: 'BOOK', PRICE: 6000, SALE_PRICE: null },
    { TYPE: 'STREAMING', PRICE: 4000, SALE_PRICE: null },
    { TYPE: 'BOTH', PRICE: 8000, SALE_PRICE: 7500 },
    { TYPE: 'DVD', PRICE: null, SALE_PRICE: null },
  ],
  PRICING: { TYPE: 'BOOK', PRICE: 6000, SALE_PRICE: null },
});
const video = product({ ID: 215, TYPE: 'STREAMING', PRICE: 7900, SALE_PRICE: 5900 });

describe('the unit price of a cart line (libs/domain/pricing/cart-line.ts)', () => {
  describe('given a catalog line without a term', () => {
    it.each([
      ['a video at its PRICING, at the sale price when there is one', video, 'STREAMING', 5900],
      ['a book of its PRICING TYPE at its PRICING', book, 'BOOK', 6000],
      ['a book format at its productprices entry', book, 'STREAMING', 4000],
      ['a book format at the entry sale price', book, 'BOTH', 7500],
      ['a format compared case-insensitively', book, 'both', 7500],
    ])('when it is %s, then it costs the catalog price', (_title, p, TYPE, expected) => {
      expect(catalogUnitPrice(p, { TYPE, TERM: null })).toBe(expected);
    });

    it('when the format has no priced entry, then there is no price', () => {
      expect(catalogUnitPrice(book, { TYPE: 'DVD', TERM: null })).toBeNull();
      expect(catalogUnitPrice(book, { TYPE: 'PDF', TERM: null })).toBeNull();
    });
  });

  describe('given a yearly line with a term', () => {
    it.each([
      [1, 175000],
      [2, 160000],
      [3, 140000],
    ])('when the term is %d years, then the per-year price is the TERMS entry (%d)', (TERM, expected) => {
      expect(catalogUnitPrice(completePackage, { TYPE: 'qmpcomplete', TERM })).toBe(expected);
    });

    it('when the product has no TERMS, then 1 year costs its price and longer terms are not offered', () => {
      expect(catalogUnitPrice(streamingAll, { TYPE: 'STREAMING_ALL', TERM: 1 })).toBe(79500);
      expect(catalogUnitPrice(streamingAll, { TYPE: 'STREAMING_ALL', TERM: 2 })).toBeNull();
    });

    it('when the product has TERMS without that term, then it is not offered', () => {
      const twoYearsOnly = { ...completePackage, TERMS: [{ YEARS: 2 as const, PRICE: 160000 }] };
      expect(termPrice(twoYearsOnly, 1, 175000)).toBeNull();
      expect(termPrice(twoYearsOnly, 2, 175000)).toBe(160000);
    });

    it('then the terms offered are its TERMS, or 1 year at its (sale) price', () => {
      expect(termPrices(completePackage).map((t) => t.TERM)).toEqual([1, 2, 3]);
      expect(termPrices(streamingAll)).toEqual([{ TERM: 1, PRICE: 79500 }]);
    });
  });

  describe('given a book format', () => {
    it('when it names a priced entry, then the entry keeps its own TYPE spelling', () => {
      expect(formatEntry(book, 'both')).toEqual({ TYPE: 'BOTH', PRICE: 7500 });
      expect(formatEntry(book, 'DVD')).toBeNull();
    });

    it('when it is the PRICING TYPE, then the line costs what the product page shows', () => {
      expect(typePrice(book, 'book')).toBe(6000);
      expect(typePrice(video, 'STREAMING')).toBe(5900);
    });
  });

  describe('given an offer line', () => {
    it.each([
      [{ UNITPRICE: 14900 }, 14900],
      [{ UNITPRICE: 0 }, 0],
      [{ UNITPRICE: -1 }, null],
      [{ UNITPRICE: 99.5 }, null],
    ])('when the offer is %j, then the unit price is %p', (offer, expected) => {
      expect(offerUnitPrice(offer)).toBe(expected);
    });
  });
});
