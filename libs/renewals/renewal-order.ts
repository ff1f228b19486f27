import type { Product } from '#libs/contracts/catalog.js';
import { isYearly } from '#libs/domain/cart/cart.decider.js';
import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';
import type { OrderLineInput, PlaceOrder } from '#libs/domain/order/order.commands.js';
import { priceOrder } from '#libs/domain/pricing/order-totals.js';
import { RENEWAL_OFFER, renewalUid, renewalUnitPrice } from '#libs/domain/pricing/renewal.js';
import type { CustomerRow } from '#libs/read-models/customers.js';

/**
 * The PlaceOrder of an automatic renewal: one year of the renewing product at the renewal price (the
 * toast's offer, 10% off, libs/domain/pricing/renewal.ts), for the customer, with their registered
 * address as the contact; no cart, no coupon, nothing shipped. The total is priced by the same rule
 * the decider checks it with. Null when the catalog no longer offers a one-year term.
 */
export function renewalOrder(input: {
  onum: number;
  customer: CustomerRow;
  subscriptionType: SubscriptionType;
  product: Product;
  roles: readonly string[];
  now: Date;
}): PlaceOrder | null {
  const { onum, customer, subscriptionType, product, roles, now } = input;
  const UNITPRICE = renewalUnitPrice(product, 1);
  if (UNITPRICE === null) return null;
  const line: OrderLineInput = {
    PRODUCTID: product.ID,
    PRODUCTNAME: product.NAME,
    TYPE: product.TYPE,
    UNITPRICE,
    QTY: 1,
    TERM: isYearly(product.TYPE) ? 1 : null,
    OFFER: { OFFER: RENEWAL_OFFER, UID: renewalUid(subscriptionType, 1) },
  };
  const shipState = customer.state ?? '';
  const priced = priceOrder({ lines: [line], coupon: null, shippingRate: null, shippingOption: 1, shipState });
  return {
    type: 'PlaceOrder',
    onum,
    customerId: customer.customerId,
    cartId: null,
    contact: {
      FIRSTNAME: customer.firstname,
      LASTNAME: customer.lastname,
      company: null,
      PHONE: customer.phone ?? '',
      EMAIL: customer.email,
      ADDRESS: customer.address ?? '',
      ADDRESS2: customer.address2,
      CITY: customer.city ?? '',
      STATE: shipState,
      ZIP: customer.zip ?? '',
      COUNTRY: customer.country ?? '',
    },
    billing: null,
    CATEGORY: customer.status,
    lines: [line],
    coupon: null,
    shippingRate: null,
    shippingOption: 1,
    shipState,
    clientTotal: priced.TOTAL,
    roles,
    today: now.toISOString().slice(0, 10),
    now: now.toISOString(),
  };
}
