import type { ShippingRate } from '#libs/contracts/catalog.js';
import { DomainError } from '../kernel/decider.js';
import { type OrderTotals, type PriceOrderInput, assertClientTotal, priceOrder } from './order-totals.js';

const usa: ShippingRate = {
  COUNTRY: 'USA',
  zone: 1,
  onetofour: 1000,
  fivetoten: 1200,
  eleventotwenty: 1200,
  twentyplus: 2000,
  expeditedfee: 2500,
};
const book = { TYPE: 'BOOK', UNITPRICE: 4995, QTY: 2 };
const stream = { TYPE: 'STREAMING', UNITPRICE: 7900, QTY: 1 };
const complete2y = { TYPE: 'qmpcomplete', UNITPRICE: 160000, QTY: 2 };
const input = (over: Partial<PriceOrderInput>): PriceOrderInput => ({
  lines: [],
  coupon: null,
  shippingRate: usa,
  shippingOption: 1,
  shipState: 'KS',
  ...over,
});
const totalsOf = ({ SUBTOTAL, DISCOUNT, TAX, SHIPCOST, TOTAL }: OrderTotals): OrderTotals => ({
  SUBTOTAL,
  DISCOUNT,
  TAX,
  SHIPCOST,
  TOTAL,
});

describe('order totals: ORDER {SUBTOTAL, DISCOUNT, TAX, SHIPCOST} (signed-in section 3)', () => {
  it.each<[string, PriceOrderInput, OrderTotals]>([
    [
      'books shipped standard to Kansas: no tax',
      input({ lines: [book] }),
      { SUBTOTAL: 9990, DISCOUNT: 0, TAX: 0, SHIPCOST: 1000, TOTAL: 10990 },
    ],
    [
      'books shipped expedited (2) to Missouri: tax on the items, not on shipping',
      input({ lines: [book], shippingOption: 2, shipState: 'MO' }),
      { SUBTOTAL: 9990, DISCOUNT: 0, TAX: 823, SHIPCOST: 3500, TOTAL: 14313 },
    ],
    [
      'a discount comes off before the tax',
      input({ lines: [book, stream], coupon: { kind: 'valid', discountCents: 1789 }, shipState: 'MO' }),
      { SUBTOTAL: 17890, DISCOUNT: 1789, TAX: 1326, SHIPCOST: 1000, TOTAL: 18427 },
    ],
    [
      'a subscription: price per year times years, nothing shipped',
      input({ lines: [complete2y], shippingRate: null }),
      { SUBTOTAL: 320000, DISCOUNT: 0, TAX: 0, SHIPCOST: 0, TOTAL: 320000 },
    ],
    [
      'a coupon that does not qualify gives no discount',
      input({ lines: [stream], coupon: { kind: 'not_qualifying' } }),
      { SUBTOTAL: 7900, DISCOUNT: 0, TAX: 0, SHIPCOST: 0, TOTAL: 7900 },
    ],
    [
      'a discount never exceeds the subtotal',
      input({ lines: [stream], coupon: { kind: 'valid', discountCents: 10000 } }),
      { SUBTOTAL: 7900, DISCOUNT: 7900, TAX: 0, SHIPCOST: 0, TOTAL: 0 },
    ],
  ])('%s', (_title, given, expected) => {
    expect(totalsOf(priceOrder(given))).toEqual(expected);
  });

  it('each line carries its discount share, tax share and shipping; the shares add up to the order', () => {
    const priced = priceOrder(
      input({
        lines: [book, stream, { TYPE: 'event', UNITPRICE: 149500, QTY: 1 }],
        coupon: { kind: 'valid', discountCents: 1580 },
        couponTypes: ['STREAMING'],
        shipState: 'MO',
      }),
    );
    expect(priced.lines).toEqual([
      { AMOUNT: 9990, DISCOUNT: 0, TAX: 823, SHIPPING: 1000, TOTAL: 11813 },
      { AMOUNT: 7900, DISCOUNT: 1580, TAX: 521, SHIPPING: 0, TOTAL: 6841 },
      { AMOUNT: 149500, DISCOUNT: 0, TAX: 12315, SHIPPING: 0, TOTAL: 161815 },
    ]);
    const sum = (key: 'DISCOUNT' | 'TAX' | 'SHIPPING' | 'TOTAL') => priced.lines.reduce((s, l) => s + l[key], 0);
    expect([sum('DISCOUNT'), sum('TAX'), sum('SHIPPING'), sum('TOTAL')]).toEqual([
      priced.DISCOUNT,
      priced.TAX,
      priced.SHIPCOST,
      priced.TOTAL,
    ]);
  });

  it('Quantity 1 to 999', () => {
    expect(() => priceOrder(input({ lines: [{ ...stream, QTY: 0 }] }))).toThrow(DomainError);
    expect(() => priceOrder(input({ lines: [{ ...stream, QTY: 1000 }] }))).toThrow(DomainError);
    expect(() => priceOrder(input({ lines: [{ ...stream, QTY: 999 }] }))).not.toThrow();
  });

  it('the server never trusts client totals: a different total is refused with total_mismatch', () => {
    const priced = priceOrder(input({ lines: [book] }));
    expect(() => assertClientTotal(10990, priced)).not.toThrow();
    let caught: unknown;
    try {
      assertClientTotal(9990, priced);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).code).toBe('total_mismatch');
  });
});
