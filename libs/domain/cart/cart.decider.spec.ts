import { cartDecider } from './cart.decider.js';
import {
  given,
  cartId,
  context,
  completePackage,
  cmePackage,
  eLearning,
  streamingAll,
  book,
  video,
  itemOf,
  addItem,
  itemAdded,
  added,
  itemRemoved,
  welcome10,
  couponApplied,
  comboApplied,
  couponRemoved,
  combo,
} from './cart.testing.js';

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

    it("the catalog's own combo coupon is used as the caller hands it in", () => {
      const catalogCombo = { ...combo, amountCents: 15000 };
      given(added(completePackage))
        .when(addItem(cmePackage, { comboCoupon: catalogCombo }))
        .then(added(cmePackage), couponApplied(catalogCombo, 15000));
    });

    it('the pair is the one the combo requires (catalog data), not fixed products', () => {
      const otherPair = { ...combo, requires: [eLearning.ID, cmePackage.ID] };
      given(added(eLearning))
        .when(addItem(cmePackage, { comboCoupon: otherPair }))
        .then(added(cmePackage), couponApplied(otherPair, 10000));
      given(added(completePackage))
        .when(addItem(cmePackage, { comboCoupon: otherPair }))
        .then(added(cmePackage));
    });

    it('without a combo in the catalog no coupon is applied by the shop', () => {
      const { comboCoupon: _none, ...withoutCombo } = addItem(cmePackage);
      given(added(completePackage)).when(withoutCombo).then(added(cmePackage));
    });

    it('Removing product 130 while the combo coupon is active also removes product 155 and the coupon', () => {
      given(added(completePackage), added(cmePackage), comboApplied, added(book))
        .when({ type: 'RemoveItemFromCart', cartId, ID: 130, ...context })
        .then(
          itemRemoved(completePackage),
          itemRemoved(cmePackage, 'combo_removed'),
          couponRemoved(combo, 'combo_broken'),
        );
    });

    it('removing product 155 ends the combo: the coupon is removed, 130 stays', () => {
      given(added(completePackage), added(cmePackage), comboApplied)
        .when({ type: 'RemoveItemFromCart', cartId, ID: 155, ...context })
        .then(itemRemoved(cmePackage), couponRemoved(combo, 'combo_broken'));
    });

    it("a combo applied before coupons named their REQUIRES is judged by the catalog combo's pair", () => {
      const { requires: _pair, ...legacy } = combo;
      given(added(completePackage), added(cmePackage), couponApplied(legacy, 10000))
        .when({ type: 'RemoveItemFromCart', cartId, ID: 130, ...context })
        .then(
          itemRemoved(completePackage),
          itemRemoved(cmePackage, 'combo_removed'),
          couponRemoved(legacy, 'combo_broken'),
        );
    });

    it('removing product 130 while another coupon is active leaves product 155', () => {
      given(added(completePackage), added(cmePackage), comboApplied, couponApplied(welcome10, 21500))
        .when({ type: 'RemoveItemFromCart', cartId, ID: 130, ...context })
        .then(itemRemoved(completePackage), couponApplied(welcome10, 4000));
    });
  });
});
