import type { CartEvent } from './cart.events.js';
import { fold } from '../kernel/decider.js';
import type { Coupon } from '../pricing/coupon.rules.js';
import type { CartCommand, RedeemOffer } from './cart.commands.js';
import { type Cart, cartDecider, cartSummary } from './cart.decider.js';
import {
  given,
  cartId,
  context,
  completePackage,
  cmePackage,
  eLearning,
  book,
  video,
  itemOf,
  addItem,
  itemAdded,
  added,
  itemRemoved,
  welcome10,
  books100,
  expired1,
  couponApplied,
  comboApplied,
  couponRemoved,
  couponRefused,
  combo,
  complete,
} from './cart.testing.js';

describe('cart decider: coupons, offers, clearing and merging (storefront sections 3, 4, 5)', () => {
  describe('coupons', () => {
    it('Success, discount applied!: a valid code is applied with its discount', () => {
      given(added(book, { QTY: 2 }))
        .when({ type: 'ApplyCoupon', cartId, code: 'welcome10', coupon: welcome10, ...context })
        .then(couponApplied(welcome10, 1200));
    });

    const apply = (code: string, c: Coupon | undefined): CartCommand => ({
      type: 'ApplyCoupon',
      cartId,
      code,
      coupon: c,
      ...context,
    });

    it.each<[string, string, Coupon | undefined]>([
      ['unknown', 'NOPE', undefined],
      ['expired', 'EXPIRED1', expired1],
      ['shorter than 4 characters', 'WEL', welcome10],
      ['a role the customer lacks', 'complete', complete],
      ["the shop's own AUTO combo typed in", 'CMEComplete combo', combo],
    ])('Not a valid code (%s): refused by an event, nothing held changes', (_case, code, c) => {
      given(added(book)).when(apply(code, c)).then(couponRefused(code, 'invalid'));
      given(added(book), couponApplied(welcome10, 600)).when(apply(code, c)).then(couponRefused(code, 'invalid'));
    });

    it('Not a valid code for these products or minimum not reached, nothing held: the refusal alone', () => {
      given(added(book)).when(apply('BOOKS100', books100)).then(couponRefused('BOOKS100', 'not_qualifying'));
    });

    it('Not a valid code for these products or minimum not reached, a coupon held: it is removed from the cart, in the same decision', () => {
      given(added(book), couponApplied(welcome10, 600))
        .when(apply('BOOKS100', books100))
        .then(couponRemoved(welcome10, 'not_qualifying'), couponRefused('BOOKS100', 'not_qualifying'));
    });

    it("Not a valid code for these products ...: the shop's own combo stays while the cart holds its pair", () => {
      given(added(completePackage), added(cmePackage), comboApplied)
        .when(apply('BOOKS100', books100))
        .then(couponRefused('BOOKS100', 'not_qualifying'));
    });

    it('a refusal leaves the cart as it was (CouponRefused folds to the same state)', () => {
      const before = fold(cartDecider, [added(book), couponApplied(welcome10, 600)]);
      expect(cartDecider.evolve(before, couponRefused('NOPE', 'invalid'))).toEqual(before);
    });

    it('the code is recorded as typed, trimmed', () => {
      given(added(book)).when(apply('  NOPE  ', undefined)).then(couponRefused('NOPE', 'invalid'));
    });

    it('the cart has one coupon: a new valid code replaces the one applied; the same code again changes nothing', () => {
      given(added(book, { QTY: 2 }), couponApplied(welcome10, 1200))
        .when({ type: 'ApplyCoupon', cartId, code: 'BOOKS100', coupon: books100, ...context })
        .then(couponApplied(books100, 1800));
      given(added(book, { QTY: 2 }), couponApplied(welcome10, 1200))
        .when({ type: 'ApplyCoupon', cartId, code: 'WELCOME10', coupon: welcome10, ...context })
        .then();
    });

    it('a coupon that stops qualifying after a change is removed (CouponRemoved with a reason)', () => {
      given(added(book, { QTY: 2 }), couponApplied(books100, 1800))
        .when({ type: 'RemoveItemFromCart', cartId, ID: book.ID, ...context })
        .then(itemRemoved(book), couponRemoved(books100, 'not_qualifying'));
    });

    it('a coupon that expired since it was applied is removed on the next change', () => {
      given(added(book), couponApplied(expired1, 1500))
        .when(addItem(video))
        .then(added(video, { PRICE: 5900 }), couponRemoved(expired1, 'invalid'));
    });

    it('a coupon that still qualifies after a change is applied again with the new discount', () => {
      given(added(book), couponApplied(welcome10, 600))
        .when(addItem(video))
        .then(added(video, { PRICE: 5900 }), couponApplied(welcome10, 1190));
    });

    it('RemoveCoupon removes the coupon; without a coupon it changes nothing', () => {
      given(added(book), couponApplied(welcome10, 600))
        .when({ type: 'RemoveCoupon', cartId })
        .then(couponRemoved(welcome10, 'removed'));
      given(added(book)).when({ type: 'RemoveCoupon', cartId }).then();
    });
  });

  describe('marketing offers', () => {
    const offer = (over: Partial<RedeemOffer['offer']> = {}): RedeemOffer => ({
      type: 'RedeemOffer',
      cartId,
      offer: { OFFER: 'qmpcomplete', UID: 'complete-2yr', TYPE: 'qmpcomplete', UNITPRICE: 150000, QTY: 2, ...over },
      product: completePackage,
      ...context,
    });
    const redeemed: CartEvent = {
      type: 'OfferRedeemed',
      data: {
        cartId,
        OFFER: 'qmpcomplete',
        UID: 'complete-2yr',
        PRODUCTID: 130,
        TYPE: 'qmpcomplete',
        UNITPRICE: 150000,
        QTY: 2,
      },
    };
    const offerItem = itemOf(completePackage, {
      PRICE: 150000,
      QTY: 2,
      TERM: 2,
      OFFER: { OFFER: 'qmpcomplete', UID: 'complete-2yr' },
    });

    it("RedeemOffer adds the offer's item at the offer price (TYPE, UNITPRICE, QTY)", () => {
      given().when(offer()).then(redeemed, itemAdded(offerItem));
    });

    it('the offer replaces the same subscription at the catalog price, and removes eLearning like any Complete', () => {
      given(added(eLearning), added(completePackage))
        .when(offer())
        .then(redeemed, itemRemoved(eLearning, 'included_in_complete'), itemAdded(offerItem));
    });

    it('redeeming the same offer again changes nothing', () => {
      given(redeemed, itemAdded(offerItem)).when(offer()).then();
    });

    it('an offer whose TYPE is not its product type is refused', () => {
      given()
        .when(offer({ TYPE: 'event' }))
        .thenFails('offer_invalid');
    });
  });

  describe('clearing and merging', () => {
    it('ClearCart empties the cart and its coupon; an empty cart changes nothing', () => {
      given(added(book), couponApplied(welcome10, 600))
        .when({ type: 'ClearCart', cartId, reason: 'order_paid' })
        .then({ type: 'CartCleared', data: { cartId, reason: 'order_paid', mergedInto: null } });
      given().when({ type: 'ClearCart', cartId, reason: 'cleared' }).then();
    });

    const anonymous = (...events: CartEvent[]): Cart =>
      fold(
        cartDecider,
        events.map((e) => ({ ...e, data: { ...e.data, cartId: 'anon-1' } }) as CartEvent),
      );

    it('on login the anonymous cart joins the customer cart under the adding rules, its coupon included', () => {
      const from = anonymous(
        added(book, { QTY: 2 }),
        added(eLearning, { TERM: 2, QTY: 2, PRICE: 64500 }),
        couponApplied(welcome10, 14100),
      );
      given(added(book), added(eLearning))
        .when({ type: 'MergeCart', cartId, from, ...context })
        .then(
          itemAdded(itemOf(book, { QTY: 3 }), 2, 'anon-1'),
          itemAdded(itemOf(eLearning, { TERM: 2, QTY: 2, PRICE: 64500 }), 2, 'anon-1'),
          couponApplied(welcome10, 14700),
        );
    });

    it('a merge that completes the pair applies the combo coupon; merging the same cart again adds nothing', () => {
      const from = anonymous(added(cmePackage));
      given(added(completePackage))
        .when({ type: 'MergeCart', cartId, from, ...context })
        .then(itemAdded(itemOf(cmePackage), 1, 'anon-1'), comboApplied);
      given(added(completePackage), itemAdded(itemOf(cmePackage), 1, 'anon-1'), comboApplied)
        .when({ type: 'MergeCart', cartId, from, ...context })
        .then();
    });

    it('the anonymous cart is then cleared as merged', () => {
      given({ ...added(book), data: { ...(added(book).data as object), cartId: 'anon-1' } } as CartEvent)
        .when({ type: 'ClearCart', cartId: 'anon-1', reason: 'merged', mergedInto: cartId })
        .then({ type: 'CartCleared', data: { cartId: 'anon-1', reason: 'merged', mergedInto: cartId } });
    });
  });

  it('subtotal, discount and total of the cart screen', () => {
    const cart = fold(cartDecider, [added(book, { QTY: 2 }), added(completePackage), couponApplied(welcome10, 18700)]);
    expect(cartSummary(cart)).toEqual({ SUBTOTAL: 187000, DISCOUNT: 18700, TOTAL: 168300 });
  });
});
