import type { ProductPrice } from '#libs/contracts/catalog.js';
import { effectivePrice, productPricing } from './product-pricing.js';

const entry = (TYPE: string, PRICE: number | null, SALE_PRICE: number | null = null): ProductPrice => ({
  TYPE,
  PRICE,
  SALE_PRICE,
});
const product = (
  productprices: ProductPrice[],
  PRICE = 9900,
  SALE_PRICE: number | null = null,
  TYPE = 'STREAMING',
) => ({
  TYPE,
  PRICE,
  SALE_PRICE,
  productprices,
});

describe('PRICING (storefront section 3)', () => {
  it.each([
    [
      'If the first price entry has TYPE BOOK, the product is a book with that price',
      product([entry('BOOK', 12900, 9900), entry('STREAMING', 7900), entry('BOTH', 17900)]),
      { TYPE: 'BOOK', PRICE: 12900, SALE_PRICE: 9900 },
    ],
    [
      'a BOOK first entry without a price falls back to the product price',
      product([entry('BOOK', null)], 5000, 4000),
      { TYPE: 'BOOK', PRICE: 5000, SALE_PRICE: 4000 },
    ],
    [
      'Otherwise it is STREAMING, priced from the second entry',
      product([entry('BOTH', 17900), entry('STREAMING', 7900, 5900), entry('DVD', 3000)]),
      { TYPE: 'STREAMING', PRICE: 7900, SALE_PRICE: 5900 },
    ],
    [
      'or the third if the second has none',
      product([entry('BOTH', 17900), entry('STREAMING', null), entry('DVD', 3000, 2500)]),
      { TYPE: 'STREAMING', PRICE: 3000, SALE_PRICE: 2500 },
    ],
    [
      'the third when there is no second entry at all',
      product([entry('BOTH', 17900)], 4500),
      { TYPE: 'STREAMING', PRICE: 4500, SALE_PRICE: null },
    ],
    [
      'STREAMING with neither second nor third price: the product price',
      product([entry('STREAMING', 100), entry('STREAMING', null), entry('BOTH', null)], 6000, 5500),
      { TYPE: 'STREAMING', PRICE: 6000, SALE_PRICE: 5500 },
    ],
    [
      'without price entries: the product own PRICE, SALE_PRICE and TYPE',
      product([], 175000, null, 'qmpcomplete'),
      { TYPE: 'qmpcomplete', PRICE: 175000, SALE_PRICE: null },
    ],
    [
      'without price entries, with a sale price',
      product([], 40000, 35000, 'cme'),
      { TYPE: 'cme', PRICE: 40000, SALE_PRICE: 35000 },
    ],
  ])('%s', (_title, input, expected) => {
    expect(productPricing(input)).toEqual(expected);
  });

  it.each([
    [{ TYPE: 'BOOK', PRICE: 12900, SALE_PRICE: 9900 }, 9900],
    [{ TYPE: 'BOOK', PRICE: 12900, SALE_PRICE: null }, 12900],
    [{ TYPE: 'STREAMING', PRICE: 0, SALE_PRICE: null }, 0],
  ])('the effective price of %j is %d (SALE_PRICE ?? PRICE)', (pricing, expected) => {
    expect(effectivePrice(pricing)).toBe(expected);
  });
});
