import { testProduct } from './product.testing.js';
import {
  isSubscriptionType,
  RENEWED_BY,
  renewalLinks,
  renewalUid,
  renewalUnitPrice,
  renewingProduct,
} from './renewal.js';

const product = testProduct;

const eLearning = product({
  ID: 140,
  TYPE: 'elearning',
  PRICE: 69500,
  TERMS: [
    { YEARS: 1, PRICE: 69500 },
    { YEARS: 2, PRICE: 64500 },
    { YEARS: 3, PRICE: 59500 },
  ],
});
const cmePackage = product({ ID: 155, TYPE: 'cme', PRICE: 40000, SALE_PRICE: 35005, CREDITS: 20 });

describe('renewal pricing (storefront section 9: 10% off the per-year price of the term)', () => {
  describe('given a subscription product with TERMS', () => {
    it.each([
      [1, 62550],
      [2, 58050],
      [3, 53550],
    ])('when renewing for %d years, then a year costs %d cents', (term, expected) => {
      expect(renewalUnitPrice(eLearning, term)).toBe(expected);
    });

    it('when renewing for a term it does not offer, then there is no price', () => {
      expect(renewalUnitPrice(eLearning, 4)).toBeNull();
    });
  });

  describe('given a product without TERMS', () => {
    it('when renewing for 1 year, then 10% comes off its sale price, rounded half up', () => {
      // 10% of 35005 is 3500.5, rounded half up to 3501.
      expect(renewalUnitPrice(cmePackage, 1)).toBe(31504);
      expect(renewalUnitPrice(cmePackage, 2)).toBeNull();
    });
  });

  describe('the expiring-subscription toast', () => {
    it('offers COST for 1 year and a renew link per term', () => {
      expect(renewalLinks('elearning', eLearning)).toEqual({
        COST: 62550,
        URLS: [
          { TERM: 1, URL: '/cart?renew=elearning&term=1', COST: 62550 },
          { TERM: 2, URL: '/cart?renew=elearning&term=2', COST: 58050 },
          { TERM: 3, URL: '/cart?renew=elearning&term=3', COST: 53550 },
        ],
      });
    });

    it('names the renewal line by type and term, and knows which product renews each type', () => {
      expect(renewalUid('cme', 1)).toBe('renewal-cme-1');
      expect(RENEWED_BY).toEqual({
        qmpcomplete: 'qmpcomplete',
        elearning: 'elearning',
        streaming_all: 'STREAMING_ALL',
        cme: 'cme',
      });
      expect(isSubscriptionType('streaming_all')).toBe(true);
      expect(isSubscriptionType('BOOK')).toBe(false);
    });

    it('the CME subscription is renewed by the CME package (the yearly credits), not by a CME module', () => {
      const module = product({ ID: 150, TYPE: 'cme', PRICE: 7500, CREDITS: 4 });
      expect(renewingProduct('cme', [module, cmePackage])).toBe(cmePackage);
      expect(renewingProduct('cme', [module])).toBeUndefined();
      expect(renewingProduct('elearning', [eLearning])).toBe(eLearning);
      expect(renewingProduct('elearning', [])).toBeUndefined();
    });
  });
});
