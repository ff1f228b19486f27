import type { SubscriptionTerm } from '#libs/contracts/catalog.js';
import type { DomainEvent } from '../kernel/decider.js';

/**
 * Events of the order stream `order-{ONUM}` (docs/conventions.md, Write side). Money in cents. No card number or
 * security code ever enters an event: a payment keeps only the gateway's reference, brand and last four.
 */

/** Checkout contact (signed-in section 3) without the card record, the date of birth and ADDRESS3. */
export interface OrderContact {
  FIRSTNAME: string;
  LASTNAME: string;
  company: string | null;
  PHONE: string;
  EMAIL: string;
  ADDRESS: string;
  ADDRESS2: string | null;
  CITY: string;
  STATE: string;
  ZIP: string;
  COUNTRY: string;
}

/** A billing address (BILLINGJSON), when it differs from the contact's. */
export interface OrderAddress {
  ADDRESS: string;
  ADDRESS2: string | null;
  CITY: string;
  STATE: string;
  ZIP: string;
  COUNTRY: string;
}

/**
 * An order line: the checkout cart item (PRODUCTID, PRODUCTNAME, TYPE, UNITPRICE, QTY), its TERM and offer,
 * and its part of the order's money: AMOUNT (UNITPRICE x QTY), DISCOUNT, TAX and SHIPPING shares, TOTAL.
 */
export interface OrderLine {
  PRODUCTID: number;
  PRODUCTNAME: string;
  TYPE: string;
  UNITPRICE: number;
  QTY: number;
  TERM: SubscriptionTerm['YEARS'] | null;
  OFFER: { OFFER: string; UID: string } | null;
  AMOUNT: number;
  DISCOUNT: number;
  TAX: number;
  SHIPPING: number;
  TOTAL: number;
}

/** The ORDER fields of signed-in section 3, plus the TOTAL. */
export interface OrderMoney {
  SUBTOTAL: number;
  DISCOUNT: number;
  TAX: number;
  SHIPCOST: number;
  TOTAL: number;
  /** The coupon code, or null. */
  COUPON: string | null;
}

export type OrderPlaced = DomainEvent<
  'OrderPlaced',
  OrderMoney & {
    onum: number;
    /** null for a guest checkout. */
    customerId: string | null;
    cartId: string | null;
    contact: OrderContact;
    billing: OrderAddress | null;
    /** The customer's status (CATEGORY, e.g. Resident: the receipt shows a notice). */
    CATEGORY: string | null;
    /** 1 standard, 2 expedited. */
    shippingOption: 1 | 2;
    lines: OrderLine[];
    placedAt: string;
  }
>;

export interface GatewayReference {
  reference: string;
  brand: string;
  last4: string;
}

export type OrderPaid = DomainEvent<
  'OrderPaid',
  OrderMoney & {
    onum: number;
    customerId: string | null;
    lines: OrderLine[];
    gateway: GatewayReference;
    idempotencyKey: string;
    paidAt: string;
  }
>;

export type PaymentDeclined = DomainEvent<
  'PaymentDeclined',
  {
    onum: number;
    /** The gateway's error texts (signed-in section 8: ERRORS). */ errors: string[];
    idempotencyKey: string;
    declinedAt: string;
  }
>;

/** Money given back of a paid order, through the gateway (`npm run order:refund`). Cents. */
export type OrderRefunded = DomainEvent<
  'OrderRefunded',
  {
    onum: number;
    customerId: string | null;
    /** Given back by this refund. */
    amountCents: number;
    /** Given back of the order so far, this refund included. */
    refundedCents: number;
    /** Everything paid is given back: the access the order granted is taken back. */
    full: boolean;
    reason: string;
    /** The operator who refunded (also the event's actor, `operator:{by}`). */
    by: string;
    /** The charge refunded (OrderPaid's gateway reference). */
    chargeReference: string;
    /** The gateway's reference of the refund. */
    refundReference: string;
    idempotencyKey: string;
    refundedAt: string;
  }
>;

export type OrderEvent = OrderPlaced | OrderPaid | PaymentDeclined | OrderRefunded;

export const ORDER_EVENT_TYPES = [
  'OrderPlaced',
  'OrderPaid',
  'PaymentDeclined',
  'OrderRefunded',
] as const satisfies readonly OrderEvent['type'][];

export const orderStreamId = (onum: number): string => `order-${onum}`;
