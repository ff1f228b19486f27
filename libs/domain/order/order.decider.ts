import { cmePurchaseAllowed } from '../cart/cme.rules.js';
import { evaluateCoupon } from '../pricing/coupon.rules.js';
import { assertClientTotal, priceOrder } from '../pricing/order-totals.js';
import { type Decider, DomainError } from '../kernel/decider.js';
import type { GatewayAnswer, OrderCommand, PayOrder, PlaceOrder } from './order.commands.js';
import { type OrderErrorCode, OrderErrors } from './order.errors.js';
import type { OrderAddress, OrderContact, OrderEvent, OrderLine, OrderMoney } from './order.events.js';
import { type OrderPayment, refundOrder } from './order.refund.js';

export interface Order {
  status: 'none' | 'placed' | 'paid';
  onum: number | null;
  customerId: string | null;
  lines: OrderLine[];
  money: OrderMoney | null;
  /** Every idempotency key a payment was tried with: a repeat appends nothing. */
  paymentKeys: string[];
  /** The charge and what was refunded of it (order.refund.ts). */
  payment: OrderPayment;
}

export const initialOrder: Order = {
  status: 'none',
  onum: null,
  customerId: null,
  lines: [],
  money: null,
  paymentKeys: [],
  payment: { chargeReference: null, paidCents: 0, refundedCents: 0, refundKeys: [] },
};

const fail = (code: OrderErrorCode): never => {
  throw new DomainError(code, OrderErrors[code]);
};

/** A run of 12-19 digits (spaces or dashes between them allowed) looks like a card number. */
const CARD_NUMBER = /\d(?:[ -]?\d){11,18}/g;
export const DECLINED_WITHOUT_TEXT = 'The card was declined.';

/** Only the named fields enter the event, whatever else the caller's object carries (a card, a DOB). */
const pickContact = (c: OrderContact): OrderContact => ({
  FIRSTNAME: c.FIRSTNAME,
  LASTNAME: c.LASTNAME,
  company: c.company,
  PHONE: c.PHONE,
  EMAIL: c.EMAIL,
  ADDRESS: c.ADDRESS,
  ADDRESS2: c.ADDRESS2,
  CITY: c.CITY,
  STATE: c.STATE,
  ZIP: c.ZIP,
  COUNTRY: c.COUNTRY,
});
const pickAddress = (a: OrderAddress): OrderAddress => ({
  ADDRESS: a.ADDRESS,
  ADDRESS2: a.ADDRESS2,
  CITY: a.CITY,
  STATE: a.STATE,
  ZIP: a.ZIP,
  COUNTRY: a.COUNTRY,
});

function placeOrder(command: PlaceOrder, order: Order): OrderEvent[] {
  if (order.status !== 'none') return fail('order_exists');
  if (command.lines.length === 0) return fail('empty_order');
  // Storefront section 5: CME needs a new or current Complete, Stream or eLearning subscription.
  if (!cmePurchaseAllowed(command.lines, command.roles)) return fail('cme_needs_subscription');

  const couponLines = command.lines.map((l) => ({ ID: l.PRODUCTID, TYPE: l.TYPE, PRICE: l.UNITPRICE, QTY: l.QTY }));
  const evaluation = command.coupon ? evaluateCoupon(command.coupon, couponLines, command.roles, command.today) : null;
  if (evaluation?.kind === 'invalid') return fail('coupon_invalid');
  if (evaluation?.kind === 'not_qualifying') return fail('coupon_not_qualifying');

  const priced = priceOrder({
    lines: command.lines,
    coupon: evaluation,
    couponTypes: command.coupon?.types ?? [],
    shippingRate: command.shippingRate,
    shippingOption: command.shippingOption,
    shipState: command.shipState,
  });
  // docs/conventions.md, HTTP conventions: "The server never trusts client totals".
  assertClientTotal(command.clientTotal, priced);

  const lines: OrderLine[] = command.lines.map((l, i) => {
    const share = priced.lines[i] ?? { AMOUNT: 0, DISCOUNT: 0, TAX: 0, SHIPPING: 0, TOTAL: 0 };
    return {
      PRODUCTID: l.PRODUCTID,
      PRODUCTNAME: l.PRODUCTNAME,
      TYPE: l.TYPE,
      UNITPRICE: l.UNITPRICE,
      QTY: l.QTY,
      TERM: l.TERM,
      OFFER: l.OFFER ? { OFFER: l.OFFER.OFFER, UID: l.OFFER.UID } : null,
      ...share,
    };
  });
  const { SUBTOTAL, DISCOUNT, TAX, SHIPCOST, TOTAL } = priced;
  return [
    {
      type: 'OrderPlaced',
      data: {
        onum: command.onum,
        customerId: command.customerId,
        cartId: command.cartId,
        contact: pickContact(command.contact),
        billing: command.billing ? pickAddress(command.billing) : null,
        CATEGORY: command.CATEGORY,
        shippingOption: command.shippingOption,
        lines,
        SUBTOTAL,
        DISCOUNT,
        TAX,
        SHIPCOST,
        TOTAL,
        COUPON: DISCOUNT > 0 && command.coupon ? command.coupon.code : null,
        placedAt: command.now,
      },
    },
  ];
}

function approved(gateway: Extract<GatewayAnswer, { outcome: 'approved' }>) {
  const { reference, brand, last4 } = gateway;
  // Only the gateway's reference, brand and last four: anything that looks like a card number is refused.
  if (!/^\d{4}$/.test(last4) || [reference, brand].some((text) => text.match(CARD_NUMBER))) {
    return fail('card_data_refused');
  }
  return { reference, brand, last4 };
}

function payOrder(command: PayOrder, order: Order): OrderEvent[] {
  if (order.status === 'none' || order.onum === null || order.money === null) return fail('order_not_found');
  if (order.paymentKeys.includes(command.idempotencyKey)) return []; // the first result stands
  if (order.status === 'paid') return fail('order_already_paid');
  const { onum } = order;
  const { gateway, idempotencyKey, now } = command;
  if (gateway.outcome === 'declined') {
    const errors = gateway.errors
      .map((text) => text.replace(CARD_NUMBER, '[card number removed]'))
      .filter((text) => text.trim() !== '');
    return [
      {
        type: 'PaymentDeclined',
        data: { onum, errors: errors.length > 0 ? errors : [DECLINED_WITHOUT_TEXT], idempotencyKey, declinedAt: now },
      },
    ];
  }
  return [
    {
      type: 'OrderPaid',
      data: {
        onum,
        customerId: order.customerId,
        lines: order.lines,
        ...order.money,
        gateway: approved(gateway),
        idempotencyKey,
        paidAt: now,
      },
    },
  ];
}

export function decide(command: OrderCommand, order: Order): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(command, order);
    case 'PayOrder':
      return payOrder(command, order);
    case 'RefundOrder':
      return refundOrder(command, order);
  }
}

export function evolve(order: Order, event: OrderEvent): Order {
  switch (event.type) {
    case 'OrderPlaced': {
      const { onum, customerId, lines, SUBTOTAL, DISCOUNT, TAX, SHIPCOST, TOTAL, COUPON } = event.data;
      return {
        ...order,
        status: 'placed',
        onum,
        customerId,
        lines,
        money: { SUBTOTAL, DISCOUNT, TAX, SHIPCOST, TOTAL, COUPON },
      };
    }
    case 'OrderPaid':
      return {
        ...order,
        status: 'paid',
        paymentKeys: [...order.paymentKeys, event.data.idempotencyKey],
        payment: { ...order.payment, chargeReference: event.data.gateway.reference, paidCents: event.data.TOTAL },
      };
    case 'OrderRefunded':
      return {
        ...order,
        payment: {
          ...order.payment,
          refundedCents: event.data.refundedCents,
          refundKeys: [...order.payment.refundKeys, event.data.idempotencyKey],
        },
      };
    case 'PaymentDeclined':
      return { ...order, paymentKeys: [...order.paymentKeys, event.data.idempotencyKey] };
    default:
      return order;
  }
}

export const orderDecider: Decider<OrderCommand, Order, OrderEvent> = {
  initialState: initialOrder,
  decide,
  evolve,
};
