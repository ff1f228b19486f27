import type { ShippingRate, SubscriptionTerm } from '#libs/contracts/catalog.js';
import type { Coupon } from '../pricing/coupon.rules.js';
import type { ShippingOption } from '../pricing/shipping.rules.js';
import type { OrderAddress, OrderContact } from './order.events.js';
import type { RefundOrder } from './order.refund.js';

/** A line as the caller recomputed it from the catalog (never the client's prices). Cents. */
export interface OrderLineInput {
  PRODUCTID: number;
  PRODUCTNAME: string;
  TYPE: string;
  /** Per year for yearly types (QTY = TERM years); an offer's UNITPRICE for an offer line. */
  UNITPRICE: number;
  QTY: number;
  TERM: SubscriptionTerm['YEARS'] | null;
  OFFER: { OFFER: string; UID: string } | null;
}

/**
 * Places the order: the decider prices it (priceOrder) from the looked-up lines, coupon, shipping rate
 * and state, and refuses it when the client's total differs (docs/conventions.md, HTTP conventions).
 */
export interface PlaceOrder {
  type: 'PlaceOrder';
  onum: number;
  customerId: string | null;
  cartId: string | null;
  contact: OrderContact;
  billing: OrderAddress | null;
  CATEGORY: string | null;
  lines: OrderLineInput[];
  /** The cart's coupon as the catalog defines it now; null without one. */
  coupon: Coupon | null;
  shippingRate: ShippingRate | null;
  shippingOption: ShippingOption;
  /** The shipping state (the contact's STATE). */
  shipState: string | null;
  /** The TOTAL the client showed, in cents. */
  clientTotal: number;
  roles: readonly string[];
  /** YYYY-MM-DD, for the coupon's expiry. */
  today: string;
  now: string;
}

/** The payment gateway's answer, already obtained by the caller (no card data: the gateway had it). */
export type GatewayAnswer =
  { outcome: 'approved'; reference: string; brand: string; last4: string } | { outcome: 'declined'; errors: string[] };

export interface PayOrder {
  type: 'PayOrder';
  onum: number;
  /** A repeat with the same key returns the first result and appends nothing (docs/conventions.md, Write side). */
  idempotencyKey: string;
  gateway: GatewayAnswer;
  now: string;
}

export type OrderCommand = PlaceOrder | PayOrder | RefundOrder;
