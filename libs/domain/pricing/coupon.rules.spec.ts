import { COUPON_MESSAGES } from '#libs/contracts/cart.js';
import { type Coupon, type CouponEvaluation, type CouponLine, couponMessage, evaluateCoupon } from './coupon.rules.js';
import { books100, combo, complete, completeWebcast, coupon, expired1, welcome10 } from './coupon.testing.js';

const line = (ID: number, TYPE: string, PRICE: number, QTY = 1): CouponLine => ({ ID, TYPE, PRICE, QTY });
const event = line(520, 'event', 149500);
const cheapEvent = line(511, 'event', 1000);
const stream = line(215, 'STREAMING', 7900);
const book = line(300, 'BOOK', 4995);
const completePackage = line(130, 'qmpcomplete', 175000);
const cmePackage = line(155, 'cme', 40000);

const today = '2026-06-15';
const subscriber = ['qmpcomplete', 'elearning', 'streaming'];
const valid = (discountCents: number): CouponEvaluation => ({ kind: 'valid', discountCents });
const invalid: CouponEvaluation = { kind: 'invalid' };
const notQualifying: CouponEvaluation = { kind: 'not_qualifying' };

describe('coupon rules (storefront sections 4, 5, 8; docs/demo-data.md, coupons)', () => {
  it.each<[string, Coupon | undefined, CouponLine[], string[], CouponEvaluation, string?]>([
    // complete: 20% off event items, order of at least 10 dollars, for complete subscribers
    ['complete: 20% off event items for a complete subscriber', complete, [event, book], subscriber, valid(29900)],
    ['complete: Not a valid code for a customer without role qmpcomplete', complete, [event], [], invalid],
    ['complete: no event item is not a valid code for these products', complete, [book], subscriber, notQualifying],
    ['complete: events of exactly $10 are not over DOLLARSOVER', complete, [cheapEvent], subscriber, notQualifying],
    ['complete: events over $10 qualify', complete, [line(511, 'event', 1001)], subscriber, valid(200)],
    // COMPLETEWEBCAST: 20% off STREAMING items over 200 dollars
    [
      'COMPLETEWEBCAST: 20% off STREAMING items over $200',
      completeWebcast,
      [line(215, 'STREAMING', 7900, 3), book],
      [],
      valid(4740),
    ],
    [
      'COMPLETEWEBCAST: STREAMING items of $200 or less: minimum not reached',
      completeWebcast,
      [line(215, 'STREAMING', 10000, 2)],
      [],
      notQualifying,
    ],
    [
      'COMPLETEWEBCAST: types compare case-insensitively',
      completeWebcast,
      [line(215, 'streaming', 25000)],
      [],
      valid(5000),
    ],
    // CMEComplete combo: qualifies when the cart holds both products of its REQUIRES (130 and 155); AMOUNT 10000
    ['CMEComplete combo: products 130 and 155 give its AMOUNT', combo, [completePackage, cmePackage], [], valid(10000)],
    ['CMEComplete combo: 130 alone does not qualify', combo, [completePackage], [], notQualifying],
    ['CMEComplete combo: 155 alone does not qualify', combo, [cmePackage, book], [], notQualifying],
    // WELCOME10: 10% off everything, no minimum
    ['WELCOME10: 10% off everything', welcome10, [event, stream, book], [], valid(16240)],
    ['WELCOME10: rounding to the cent, half up', welcome10, [line(1, 'BOOK', 4995)], [], valid(500)],
    ['WELCOME10: rounding down below the half cent', welcome10, [line(1, 'BOOK', 4994)], [], valid(499)],
    ['WELCOME10: an empty cart gets no discount', welcome10, [], [], notQualifying],
    // BOOKS100: 15% off BOOK items when they total over 100 dollars
    ['BOOKS100: 15% off BOOK items over $100', books100, [line(300, 'BOOK', 4995, 3), stream], [], valid(2248)],
    [
      'BOOKS100: BOOK items of $99.90 do not reach the minimum',
      books100,
      [line(300, 'BOOK', 4995, 2), event],
      [],
      notQualifying,
    ],
    // EXPIRED1: exists but has expired
    ['EXPIRED1: an expired code is Not a valid code', expired1, [event], [], invalid],
    ['EXPIRED1: still valid on its EXPIRES day', expired1, [line(1, 'BOOK', 1000)], [], valid(250), '2024-12-31'],
    ['an unknown code is Not a valid code', undefined, [event], subscriber, invalid],
  ])('%s', (_title, given, lines, roles, expected, day = today) => {
    expect(evaluateCoupon(given, lines, roles, day)).toEqual(expected);
  });

  it('a coupon naming products in REQUIRES qualifies only with every one of them in the cart', () => {
    const withBook = coupon({ code: 'BOOKPAIR', percent: 10, requires: [300, 215] });
    expect(evaluateCoupon(withBook, [book], [], today)).toEqual(notQualifying);
    expect(evaluateCoupon(withBook, [book, stream], [], today)).toEqual(valid(1290));
    expect(evaluateCoupon({ ...withBook, requires: [] }, [book], [], today)).toEqual(valid(500));
  });

  it('a fixed AMOUNT is capped at the qualifying total', () => {
    const tenOff = coupon({ code: 'TENOFF', amountCents: 1000, types: ['BOOK'] });
    expect(evaluateCoupon(tenOff, [line(1, 'BOOK', 600), event], [], today)).toEqual(valid(600));
  });

  it('the coupon box texts, word for word (declared in libs/contracts/cart.ts)', () => {
    expect(COUPON_MESSAGES).toEqual({
      invalid: 'Not a valid code',
      not_qualifying: 'Not a valid code for these products or minimum not reached',
      valid: 'Success, discount applied!',
    });
    expect(couponMessage(invalid)).toBe('Not a valid code');
    expect(couponMessage(valid(1))).toBe('Success, discount applied!');
  });
});
