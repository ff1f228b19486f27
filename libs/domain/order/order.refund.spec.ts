import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { orderDecider } from './order.decider.js';
import type { OrderEvent } from './order.events.js';
import type { RefundOrder } from './order.refund.js';
import { TEST_CONTACT } from './order.testing.js';

const given = givenWhenThen(orderDecider);
const onum = 100300;
const now = '2026-06-20T09:00:00.000Z';
const line = {
  PRODUCTID: 215,
  PRODUCTNAME: 'Rhinoplasty Stream',
  TYPE: 'STREAMING',
  UNITPRICE: 10000,
  QTY: 1,
  TERM: null,
  OFFER: null,
  AMOUNT: 10000,
  DISCOUNT: 0,
  TAX: 824,
  SHIPPING: 0,
  TOTAL: 10824,
};
const money = { SUBTOTAL: 10000, DISCOUNT: 0, TAX: 824, SHIPCOST: 0, TOTAL: 10824, COUPON: null };
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    onum,
    customerId: 'c1',
    cartId: 'cart-a',
    contact: TEST_CONTACT,
    billing: null,
    CATEGORY: null,
    shippingOption: 1,
    lines: [line],
    ...money,
    placedAt: now,
  },
};
const paid: OrderEvent = {
  type: 'OrderPaid',
  data: {
    onum,
    customerId: 'c1',
    lines: [line],
    ...money,
    gateway: { reference: 'sbx_ch_paid', brand: 'Visa', last4: '4242' },
    idempotencyKey: 'pay-1',
    paidAt: now,
  },
};
const refund = (amountCents: number, idempotencyKey: string, over: Partial<RefundOrder> = {}): RefundOrder => ({
  type: 'RefundOrder',
  onum,
  amountCents,
  idempotencyKey,
  reason: 'Bought twice by mistake',
  by: 'finance',
  refundReference: `sbx_re_${idempotencyKey}`,
  now,
  ...over,
});
const refunded = (amountCents: number, refundedCents: number, idempotencyKey: string): OrderEvent => ({
  type: 'OrderRefunded',
  data: {
    onum,
    customerId: 'c1',
    amountCents,
    refundedCents,
    full: refundedCents === money.TOTAL,
    reason: 'Bought twice by mistake',
    by: 'finance',
    chargeReference: 'sbx_ch_paid',
    refundReference: `sbx_re_${idempotencyKey}`,
    idempotencyKey,
    refundedAt: now,
  },
});

describe('order decider: RefundOrder', () => {
  it('a full refund records who, why, how much, the charge and the refund reference, and says it is full', () => {
    given(placed, paid)
      .when(refund(10824, 'r1'))
      .then(refunded(10824, 10824, 'r1'));
  });

  it('a partial refund keeps the running total in cents; the rest may be refunded later, and is then full', () => {
    given(placed, paid)
      .when(refund(824, 'r1'))
      .then(refunded(824, 824, 'r1'));
    given(placed, paid, refunded(824, 824, 'r1'))
      .when(refund(10000, 'r2'))
      .then(refunded(10000, 10824, 'r2'));
  });

  it('refuses a refund beyond what is left', () => {
    given(placed, paid).when(refund(10825, 'r1')).thenFails('refund_too_much');
    given(placed, paid, refunded(824, 824, 'r1'))
      .when(refund(10001, 'r2'))
      .thenFails('refund_too_much');
    given(placed, paid, refunded(10824, 10824, 'r1'))
      .when(refund(1, 'r2'))
      .thenFails('refund_too_much');
  });

  it('the same key twice appends nothing (the first refund stands)', () => {
    given(placed, paid, refunded(824, 824, 'r1'))
      .when(refund(824, 'r1'))
      .then();
  });

  it('refuses a refund of an unpaid order, and of an order that does not exist', () => {
    given(placed).when(refund(100, 'r1')).thenFails('refund_not_paid');
    given().when(refund(100, 'r1')).thenFails('refund_order_not_found');
  });

  it('refuses an amount that is not whole cents above zero, and a refund without a reason or an operator', () => {
    given(placed, paid).when(refund(0, 'r1')).thenFails('refund_amount_invalid');
    given(placed, paid).when(refund(12.5, 'r1')).thenFails('refund_amount_invalid');
    given(placed, paid)
      .when(refund(100, 'r1', { reason: '  ' }))
      .thenFails('refund_reason_required');
    given(placed, paid)
      .when(refund(100, 'r1', { by: '' }))
      .thenFails('refund_by_required');
  });

  it('a refunded order is still paid: it cannot be paid again', () => {
    given(placed, paid, refunded(10824, 10824, 'r1'))
      .when({
        type: 'PayOrder',
        onum,
        idempotencyKey: 'pay-2',
        gateway: { outcome: 'approved', reference: 'x', brand: 'Visa', last4: '4242' },
        now,
      })
      .thenFails('order_already_paid');
  });
});
