import type { ShippingRate } from '#libs/contracts/catalog.js';
import { welcome10 } from '../pricing/coupon.testing.js';
import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import type { OrderLineInput, PayOrder, PlaceOrder } from './order.commands.js';
import { orderDecider } from './order.decider.js';
import type { OrderContact, OrderEvent, OrderLine } from './order.events.js';
import { TEST_CONTACT } from './order.testing.js';

const given = givenWhenThen(orderDecider);
const onum = 100234;
const now = '2026-06-15T10:00:00.000Z';
const usa: ShippingRate = {
  COUNTRY: 'USA',
  zone: 1,
  onetofour: 1000,
  fivetoten: 1200,
  eleventotwenty: 1200,
  twentyplus: 2000,
  expeditedfee: 2500,
};
const contact: OrderContact = TEST_CONTACT;
const book: OrderLineInput = {
  PRODUCTID: 301,
  PRODUCTNAME: 'Rhinoplasty Atlas',
  TYPE: 'BOOK',
  UNITPRICE: 6000,
  QTY: 2,
  TERM: null,
  OFFER: null,
};
const complete: OrderLineInput = {
  PRODUCTID: 130,
  PRODUCTNAME: 'Complete',
  TYPE: 'qmpcomplete',
  UNITPRICE: 160000,
  QTY: 2,
  TERM: 2,
  OFFER: null,
};
const cme: OrderLineInput = {
  PRODUCTID: 155,
  PRODUCTNAME: 'CME',
  TYPE: 'cme',
  UNITPRICE: 40000,
  QTY: 1,
  TERM: null,
  OFFER: null,
};

const place = (over: Partial<PlaceOrder> = {}): PlaceOrder => ({
  type: 'PlaceOrder',
  onum,
  customerId: 'c1',
  cartId: 'cart-a',
  contact,
  billing: null,
  CATEGORY: 'Practicing Physician',
  lines: [book, complete],
  coupon: welcome10,
  shippingRate: usa,
  shippingOption: 1,
  shipState: 'MO',
  clientTotal: 324415,
  roles: [],
  today: '2026-06-15',
  now,
  ...over,
});

// SUBTOTAL 12000 + 320000 = 332000; WELCOME10 33200 (1200 + 32000); tax 8.238% of 298800 = 24615.144 -> 24615;
// shipping 2 books standard 1000. TOTAL 332000 - 33200 + 24615 + 1000 = 324415.
const lines: OrderLine[] = [
  { ...book, AMOUNT: 12000, DISCOUNT: 1200, TAX: 890, SHIPPING: 1000, TOTAL: 12690 },
  { ...complete, AMOUNT: 320000, DISCOUNT: 32000, TAX: 23725, SHIPPING: 0, TOTAL: 311725 },
];
const money = { SUBTOTAL: 332000, DISCOUNT: 33200, TAX: 24615, SHIPCOST: 1000, TOTAL: 324415, COUPON: 'WELCOME10' };
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    onum,
    customerId: 'c1',
    cartId: 'cart-a',
    contact,
    billing: null,
    CATEGORY: 'Practicing Physician',
    shippingOption: 1,
    lines,
    ...money,
    placedAt: now,
  },
};
const gateway = { reference: 'sbx_ch_1', brand: 'Visa', last4: '4242' };
const pay = (idempotencyKey: string, answer: PayOrder['gateway'] = { outcome: 'approved', ...gateway }): PayOrder => ({
  type: 'PayOrder',
  onum,
  idempotencyKey,
  gateway: answer,
  now,
});
const paid = (idempotencyKey: string): OrderEvent => ({
  type: 'OrderPaid',
  data: { onum, customerId: 'c1', lines, ...money, gateway, idempotencyKey, paidAt: now },
});
const declined = (idempotencyKey: string, errors = ['Your card was declined.']): OrderEvent => ({
  type: 'PaymentDeclined',
  data: { onum, errors, idempotencyKey, declinedAt: now },
});

describe('order decider', () => {
  describe('PlaceOrder', () => {
    it('places the order priced by the server: lines with unit price, qty, discount share, tax share, shipping, total', () => {
      given().when(place()).then(placed);
    });

    it('the server never trusts client totals: a client total that differs is refused (total_mismatch)', () => {
      given()
        .when(place({ clientTotal: 324414 }))
        .thenFails('total_mismatch');
    });

    it('a guest checkout places an order without a customer', () => {
      const events = orderDecider.decide(
        place({ customerId: null, lines: [book], coupon: null, clientTotal: 13989 }),
        orderDecider.initialState,
      );
      expect(events[0]?.type === 'OrderPlaced' && events[0].data.customerId).toBeNull();
    });

    it('You have 0 items in your cart: an empty order is refused', () => {
      given()
        .when(place({ lines: [] }))
        .thenFails('empty_order');
    });

    it('an order number is placed once', () => {
      given(placed).when(place()).thenFails('order_exists');
    });

    it('CME can only be purchased with a new or current subscription to Complete, Stream, or eLearning', () => {
      given()
        .when(place({ lines: [cme], coupon: null, clientTotal: 43295 }))
        .thenFails('cme_needs_subscription');
      given()
        .when(place({ lines: [cme], coupon: null, clientTotal: 43295, roles: ['elearning'] }))
        .then({
          type: 'OrderPlaced',
          data: {
            ...(placed.data as Extract<OrderEvent, { type: 'OrderPlaced' }>['data']),
            lines: [{ ...cme, AMOUNT: 40000, DISCOUNT: 0, TAX: 3295, SHIPPING: 0, TOTAL: 43295 }],
            SUBTOTAL: 40000,
            DISCOUNT: 0,
            TAX: 3295,
            SHIPCOST: 0,
            TOTAL: 43295,
            COUPON: null,
          },
        });
    });

    it('a coupon that no longer applies is refused with its message', () => {
      given()
        .when(place({ coupon: { ...welcome10, expires: '2026-01-31' } }))
        .thenFails('coupon_invalid');
      given()
        .when(place({ coupon: { ...welcome10, types: ['event'] } }))
        .thenFails('coupon_not_qualifying');
    });

    it('never puts a card number or security code in an event', () => {
      const withCard = { ...contact, CC: '4242424242424242', SC: '123', DOB: '01/02/1970' } as OrderContact;
      const events = orderDecider.decide(place({ contact: withCard }), orderDecider.initialState);
      expect(events).toEqual([placed]);
      expect(JSON.stringify(events)).not.toMatch(/4242424242424242|"SC"|"CC"|DOB/);
    });
  });

  describe('PayOrder', () => {
    it('an approved payment records every line with price, discount, tax, shipping, total and the gateway reference', () => {
      given(placed).when(pay('k1')).then(paid('k1'));
    });

    it('a repeated PayOrder with the same idempotency key returns no new events (the first result stands)', () => {
      given(placed, paid('k1')).when(pay('k1')).then();
      given(placed, declined('k1')).when(pay('k1')).then();
    });

    it('paying a paid order is refused', () => {
      given(placed, paid('k1')).when(pay('k2')).thenFails('order_already_paid');
    });

    it('a declined payment records the gateway error texts; the order can be paid again with a new key', () => {
      given(placed)
        .when(pay('k1', { outcome: 'declined', errors: ['Your card was declined.'] }))
        .then(declined('k1'));
      given(placed, declined('k1')).when(pay('k2')).then(paid('k2'));
    });

    it('a card number in a gateway error text is removed; an empty answer gets a text', () => {
      given(placed)
        .when(pay('k1', { outcome: 'declined', errors: ['Card 4000 0000 0000 0002 declined'] }))
        .then(declined('k1', ['Card [card number removed] declined']));
      given(placed)
        .when(pay('k1', { outcome: 'declined', errors: [] }))
        .then(declined('k1', ['The card was declined.']));
    });

    it('an approval that carries more than the last four digits is refused', () => {
      given(placed)
        .when(pay('k1', { outcome: 'approved', ...gateway, last4: '4242424242424242' }))
        .thenFails('card_data_refused');
    });

    it('paying an order that was never placed is refused', () => {
      given().when(pay('k1')).thenFails('order_not_found');
    });
  });
});
