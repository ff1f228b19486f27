import type { ShippingRate } from '#libs/contracts/catalog.js';
import { DomainError } from '../kernel/decider.js';
import { type ShippingLine, isPhysical, shippingBand, shippingCost, shippingWeight } from './shipping.rules.js';

/** Storefront section 9 shipping table, in cents: 1-4, 5-10, 11-20, 20+, expedited fee. */
const zones: [ShippingRate['zone'], string, number, number, number, number, number][] = [
  [1, 'USA', 1000, 1200, 1200, 2000, 2500],
  [2, 'CAN', 4000, 5000, 6000, 8000, 1500],
  [3, 'MEX', 4000, 5000, 5500, 6500, 1500],
  [4, 'DEU', 6000, 7500, 9000, 13500, 2000],
  [5, 'ZAF', 8000, 12500, 15000, 19500, 2000],
];
const rateOf = ([
  zone,
  COUNTRY,
  onetofour,
  fivetoten,
  eleventotwenty,
  twentyplus,
  expeditedfee,
]: (typeof zones)[number]): ShippingRate => ({
  COUNTRY,
  zone,
  onetofour,
  fivetoten,
  eleventotwenty,
  twentyplus,
  expeditedfee,
});
const books = (QTY: number): ShippingLine[] => [{ TYPE: 'BOOK', QTY }];

describe('shipping (signed-in section 9)', () => {
  describe.each(zones)('zone %i (%s)', (...row) => {
    const rate = rateOf(row);
    const [, , onetofour, fivetoten, eleventotwenty, twentyplus, expeditedfee] = row;
    it.each([
      ['1 book: under 5', 1, onetofour],
      ['4 books: under 5', 4, onetofour],
      ['5 books: 5-10', 5, fivetoten],
      ['10 books: 5-10', 10, fivetoten],
      ['11 books: 11-20', 11, eleventotwenty],
      ['20 books: 11-20', 20, eleventotwenty],
      ['21 books: over 20', 21, twentyplus],
    ])('%s, standard (1)', (_title, qty, cents) => {
      expect(shippingCost(books(qty), rate, 1)).toBe(cents);
    });
    it('the expedited fee is added for the expedited option (2)', () => {
      expect(shippingCost(books(1), rate, 2)).toBe(onetofour + expeditedfee);
      expect(shippingCost(books(21), rate, 2)).toBe(twentyplus + expeditedfee);
    });
  });

  it.each([
    [4, 'onetofour'],
    [5, 'fivetoten'],
    [10, 'fivetoten'],
    [11, 'eleventotwenty'],
    [20, 'eleventotwenty'],
    [21, 'twentyplus'],
  ])('Bands are under 5, 5-10, 11-20 and over 20: weight %i is %s', (weight, band) => {
    expect(shippingBand(weight)).toBe(band);
  });

  it.each<[string, ShippingLine[], number]>([
    ['each physical count item is 2 pounds (a DVD)', [{ TYPE: 'DVD', QTY: 3 }], 6],
    [
      'plus the book count (BOOK and BOTH count one each)',
      [
        { TYPE: 'BOOK', QTY: 2 },
        { TYPE: 'both', QTY: 1 },
      ],
      3,
    ],
    [
      'a DVD and two books',
      [
        { TYPE: 'DVD', QTY: 1 },
        { TYPE: 'BOOK', QTY: 2 },
      ],
      4,
    ],
    [
      'streaming, subscriptions, cme, iflap and events do not ship',
      ['STREAMING', 'STREAMING_ALL', 'qmpcomplete', 'elearning', 'pulse', 'cme', 'iflap', 'event'].map((TYPE) => ({
        TYPE,
        QTY: 5,
      })),
      0,
    ],
  ])('shipping weight: %s', (_title, lines, weight) => {
    expect(shippingWeight(lines)).toBe(weight);
  });

  it('no physical items -> 0, even without a rate for the country', () => {
    expect(shippingCost([{ TYPE: 'STREAMING', QTY: 2 }], null, 2)).toBe(0);
    expect(isPhysical('STREAMING')).toBe(false);
    expect(isPhysical('BOTH')).toBe(true);
  });

  it('physical items without a rate for the country are refused', () => {
    expect(() => shippingCost(books(1), null, 1)).toThrow(DomainError);
  });
});
