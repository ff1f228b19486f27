import type { Product } from '#libs/contracts/catalog.js';
import { CME_COMPLETE_COMBO, type Coupon } from '../pricing/coupon.rules.js';
import { fold } from '../shared/decider.js';
import { givenWhenThen } from '../shared/given-when-then.testing.js';
import type { AddItemToCart, CartContext, RedeemOffer } from './cart.commands.js';
import { type Cart, cartDecider, cartSummary } from './cart.decider.js';
import type { CartEvent, CartItem, CouponRemovalReason, ItemRemovalReason } from './cart.events.js';

const given = givenWhenThen(cartDecider);
const cartId = 'cart-a';
const context: CartContext = { roles: [], today: '2026-06-15' };

const product = (over: Partial<Product> & Pick<Product, 'ID' | 'NAME' | 'TYPE' | 'PRICE'>): Product => ({
  SLUG: over.NAME.toLowerCase().replace(/ /g, '-'),
  DESCR: `<p>${over.NAME}</p>`,
  SHORT_DESCR: over.NAME,
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
});

const completePackage = product({
  ID: 130,
  NAME: 'Complete',
  TYPE: 'qmpcomplete',
  PRICE: 175000,
  TERMS: [
    { YEARS: 1, PRICE: 175000 },
    { YEARS: 2, PRICE: 160000 },
    { YEARS: 3, PRICE: 140000 },
  ],
});
const cmePackage = product({ ID: 155, NAME: 'CME', TYPE: 'cme', PRICE: 40000, CREDITS: 20, CME_RESTRICTED: true });
const eLearning = product({
  ID: 140,
  NAME: 'eLearning',
  TYPE: 'elearning',
  PRICE: 69500,
  TERMS: [
    { YEARS: 1, PRICE: 69500 },
    { YEARS: 2, PRICE: 64500 },
    { YEARS: 3, PRICE: 59500 },
  ],
});
const streamingAll = product({ ID: 145, NAME: 'Stream All', TYPE: 'STREAMING_ALL', PRICE: 89500 });
const book = product({
  ID: 301,
  NAME: 'Rhinoplasty Atlas',
  TYPE: 'BOOK',
  PRICE: 6000,
  STREAMING: 0,
  SHIP_WEIGHT: 3,
  productprices: [
    { TYPE: 'BOOK', PRICE: 6000, SALE_PRICE: null },
    { TYPE: 'STREAMING', PRICE: 4000, SALE_PRICE: null },
    { TYPE: 'BOTH', PRICE: 8000, SALE_PRICE: 7500 },
  ],
  PRICING: { TYPE: 'BOOK', PRICE: 6000, SALE_PRICE: null },
});
const video = product({ ID: 215, NAME: 'Eyelid Series', TYPE: 'STREAMING', PRICE: 7900, SALE_PRICE: 5900 });

/** The cart item of storefront section 3 for a product. */
const itemOf = (p: Product, over: Partial<CartItem> = {}): CartItem => {
  const { DESCR, productprices: _prices, ...copy } = p;
  return {
    ID: p.ID,
    NAME: p.NAME,
    DESCR,
    TYPE: p.PRICING.TYPE,
    PRICE: p.PRICING.SALE_PRICE ?? p.PRICING.PRICE,
    QTY: 1,
    TERM: ['qmpcomplete', 'elearning', 'STREAMING_ALL', 'pulse'].includes(p.TYPE) ? 1 : null,
    product: copy,
    SHIP_WEIGHT: p.SHIP_WEIGHT,
    OFFER: null,
    ...over,
  };
};

const addItem = (p: Product, over: Partial<AddItemToCart> = {}): AddItemToCart => ({
  type: 'AddItemToCart',
  cartId,
  product: p,
  QTY: 1,
  ...context,
  ...over,
});
const itemAdded = (item: CartItem, added = item.QTY, mergedFrom: string | null = null): CartEvent => ({
  type: 'ItemAddedToCart',
  data: { cartId, item, added, mergedFrom },
});
const added = (p: Product, over: Partial<CartItem> = {}): CartEvent => itemAdded(itemOf(p, over));
const itemRemoved = (p: Product, reason: ItemRemovalReason = 'removed', TYPE = p.PRICING.TYPE): CartEvent => ({
  type: 'ItemRemovedFromCart',
  data: { cartId, ID: p.ID, TYPE, UID: null, reason },
});

const coupon = (over: Partial<Coupon> & Pick<Coupon, 'code'>): Coupon => ({
  percent: 0,
  amountCents: null,
  dollarsOverCents: 0,
  types: [],
  expires: null,
  auto: false,
  role: null,
  ...over,
});
const welcome10 = coupon({ code: 'WELCOME10', percent: 10 });
const books100 = coupon({ code: 'BOOKS100', percent: 15, dollarsOverCents: 10000, types: ['BOOK'] });
const expired1 = coupon({ code: 'EXPIRED1', percent: 25, expires: '2024-12-31' });
const couponApplied = (c: Coupon, discountCents: number): CartEvent => ({
  type: 'CouponApplied',
  data: { cartId, code: c.code, coupon: c, discountCents, auto: c.auto },
});
const comboApplied = couponApplied(CME_COMPLETE_COMBO, 10000);
const couponRemoved = (c: Coupon, reason: CouponRemovalReason): CartEvent => ({
  type: 'CouponRemoved',
  data: { cartId, code: c.code, reason },
});

describe('cart decider (storefront sections 3, 4, 5)', () => {
  describe('adding items', () => {
    it('adds the cart item: ID, NAME, DESCR, TYPE, PRICE, QTY, a copy of the product without DESCR and productprices, and shipping weight', () => {
      given()
        .when(addItem(book, { QTY: 2 }))
        .then(added(book, { QTY: 2 }));
      const [event] = cartDecider.decide(addItem(book), cartDecider.initialState);
      expect(event?.type === 'ItemAddedToCart' && Object.keys(event.data.item.product)).not.toContain('productprices');
    });

    it('the sale price is charged', () => {
      given()
        .when(addItem(video))
        .then(added(video, { PRICE: 5900 }));
    });

    it('Adding qmpcomplete to the cart removes any eLearning and STREAMING_ALL items', () => {
      given(added(eLearning), added(streamingAll), added(book))
        .when(addItem(completePackage))
        .then(
          itemRemoved(eLearning, 'included_in_complete'),
          itemRemoved(streamingAll, 'included_in_complete'),
          added(completePackage),
        );
    });

    it('adding an existing product increases QTY', () => {
      given(added(book, { QTY: 2 }))
        .when(addItem(book, { QTY: 3 }))
        .then(itemAdded(itemOf(book, { QTY: 5 }), 3));
    });

    it.each([0, 1000, 2.5, -1])('Quantity 1 to 999: %d is refused', (QTY) => {
      given().when(addItem(book, { QTY })).thenFails('invalid_quantity');
    });

    it('Quantity 1 to 999: an add that would pass 999 is refused; 999 is fine', () => {
      given(added(book, { QTY: 998 }))
        .when(addItem(book, { QTY: 2 }))
        .thenFails('invalid_quantity');
      given(added(book, { QTY: 998 }))
        .when(addItem(book, { QTY: 1 }))
        .then(itemAdded(itemOf(book, { QTY: 999 }), 1));
    });

    it.each([
      [1, 175000],
      [2, 160000],
      [3, 140000],
    ] as const)(
      'Subscription types are priced per year: Complete for %i years at %i cents a year, QTY = TERM',
      (TERM, PRICE) => {
        given()
          .when(addItem(completePackage, { TERM }))
          .then(added(completePackage, { TERM, QTY: TERM, PRICE }));
      },
    );

    it('adding a subscription already in the cart replaces its TERM', () => {
      given(added(eLearning))
        .when(addItem(eLearning, { TERM: 3 }))
        .then(itemAdded(itemOf(eLearning, { TERM: 3, QTY: 3, PRICE: 59500 })));
    });

    it('adding the same subscription term again changes nothing', () => {
      given(added(eLearning))
        .when(addItem(eLearning, { QTY: 5 }))
        .then();
    });

    it('a term the product does not offer is refused', () => {
      given()
        .when(addItem(streamingAll, { TERM: 2 }))
        .thenFails('invalid_term');
    });

    it('the CME package is held once, QTY 1', () => {
      given()
        .when(addItem(cmePackage, { QTY: 4 }))
        .then(added(cmePackage));
      given(added(cmePackage)).when(addItem(cmePackage)).then();
    });

    it('a book format is priced from its productprices entry (BOTH at its sale price)', () => {
      given()
        .when(addItem(book, { format: 'BOTH' }))
        .then(added(book, { TYPE: 'BOTH', PRICE: 7500 }));
      given()
        .when(addItem(book, { format: 'DVD' }))
        .thenFails('unknown_format');
    });

    it('two formats of one book are two lines', () => {
      given(added(book))
        .when(addItem(book, { format: 'STREAMING' }))
        .then(added(book, { TYPE: 'STREAMING', PRICE: 4000 }));
    });
  });

  describe('the combo coupon', () => {
    it('When the cart holds both a complete package and a CME item, the combo coupon is applied automatically', () => {
      given(added(completePackage)).when(addItem(cmePackage)).then(added(cmePackage), comboApplied);
      given(added(cmePackage)).when(addItem(completePackage)).then(added(completePackage), comboApplied);
    });

    it('the combo coupon replaces a coupon the customer applied when the pair becomes complete', () => {
      given(added(completePackage), couponApplied(welcome10, 17500))
        .when(addItem(cmePackage))
        .then(added(cmePackage), comboApplied);
    });

    it("the catalog's own combo coupon is used when the caller hands it in", () => {
      const catalogCombo = { ...CME_COMPLETE_COMBO, amountCents: 15000 };
      given(added(completePackage))
        .when(addItem(cmePackage, { comboCoupon: catalogCombo }))
        .then(added(cmePackage), couponApplied(catalogCombo, 15000));
    });

    it('Removing product 130 while the combo coupon is active also removes product 155 and the coupon', () => {
      given(added(completePackage), added(cmePackage), comboApplied, added(book))
        .when({ type: 'RemoveItemFromCart', cartId, ID: 130, ...context })
        .then(
          itemRemoved(completePackage),
          itemRemoved(cmePackage, 'combo_removed'),
          couponRemoved(CME_COMPLETE_COMBO, 'combo_broken'),
        );
    });

    it('removing product 155 ends the combo: the coupon is removed, 130 stays', () => {
      given(added(completePackage), added(cmePackage), comboApplied)
        .when({ type: 'RemoveItemFromCart', cartId, ID: 155, ...context })
        .then(itemRemoved(cmePackage), couponRemoved(CME_COMPLETE_COMBO, 'combo_broken'));
    });

    it('removing product 130 while another coupon is active leaves product 155', () => {
      given(added(completePackage), added(cmePackage), comboApplied, couponApplied(welcome10, 21500))
        .when({ type: 'RemoveItemFromCart', cartId, ID: 130, ...context })
        .then(itemRemoved(completePackage), couponApplied(welcome10, 4000));
    });
  });

  describe('coupons', () => {
    it('Success, discount applied!: a valid code is applied with its discount', () => {
      given(added(book, { QTY: 2 }))
        .when({ type: 'ApplyCoupon', cartId, code: 'welcome10', coupon: welcome10, ...context })
        .then(couponApplied(welcome10, 1200));
    });

    it('Not a valid code: unknown, expired, shorter than 4 characters, or a role the customer lacks', () => {
      given(added(book))
        .when({ type: 'ApplyCoupon', cartId, code: 'NOPE', coupon: undefined, ...context })
        .thenFails('coupon_invalid');
      given(added(book))
        .when({ type: 'ApplyCoupon', cartId, code: 'EXPIRED1', coupon: expired1, ...context })
        .thenFails('coupon_invalid');
      given(added(book))
        .when({ type: 'ApplyCoupon', cartId, code: 'WEL', coupon: welcome10, ...context })
        .thenFails('coupon_invalid');
      const complete = coupon({
        code: 'complete',
        percent: 20,
        dollarsOverCents: 1000,
        types: ['event'],
        role: 'qmpcomplete',
      });
      given(added(book))
        .when({ type: 'ApplyCoupon', cartId, code: 'complete', coupon: complete, ...context })
        .thenFails('coupon_invalid');
    });

    it('Not a valid code for these products or minimum not reached: the code is not kept, a coupon already applied stays', () => {
      given(added(book))
        .when({ type: 'ApplyCoupon', cartId, code: 'BOOKS100', coupon: books100, ...context })
        .thenFails('coupon_not_qualifying');
      const state = fold(cartDecider, [added(book), couponApplied(welcome10, 600)]);
      expect(() =>
        cartDecider.decide({ type: 'ApplyCoupon', cartId, code: 'BOOKS100', coupon: books100, ...context }, state),
      ).toThrow('Not a valid code for these products or minimum not reached');
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
