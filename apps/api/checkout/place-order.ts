import type { Pool } from 'pg';
import { dayOf } from '#libs/application/clock.js';
import type { CartView } from '#libs/contracts/cart.js';
import type { PlaceOrder } from '#libs/domain/order/order.commands.js';
import { findCustomerById } from '#libs/read-models/customers.js';
import type { PayDto } from './checkout.dto.js';
import type { CheckoutService } from './checkout.service.js';

/**
 * The PlaceOrder command of a Pay press: the cart priced by the server (with the shipping rate of the
 * contact's country), the contact field by field (no card, no date of birth) and the customer's
 * status. `now`: the press's time on the shop's clock.
 */
export async function placeOrderCommand(
  pool: Pool,
  checkout: Pick<CheckoutService, 'priceCart'>,
  press: {
    onum: number;
    customerId: string | null;
    cart: CartView;
    roles: readonly string[];
    input: PayDto;
    now: Date;
  },
): Promise<PlaceOrder> {
  const { onum, customerId, cart, roles, input, now } = press;
  const contact = input.ATTJSON;
  const priced = await checkout.priceCart(cart, roles, contact.COUNTRY, contact.STATE, input.SHIPPING);
  const { lines, coupon, shippingRate } = priced;
  const customer = customerId ? await findCustomerById(pool, customerId) : null;
  const billing = input.BILLINGJSON;
  return {
    type: 'PlaceOrder',
    onum,
    customerId,
    cartId: cart.cartId,
    contact: {
      FIRSTNAME: contact.FIRSTNAME.trim(),
      LASTNAME: contact.LASTNAME.trim(),
      company: contact.company?.trim() || null,
      PHONE: contact.PHONE.trim(),
      EMAIL: contact.EMAIL.trim(),
      ADDRESS: contact.ADDRESS.trim(),
      ADDRESS2: contact.ADDRESS2?.trim() || null,
      CITY: contact.CITY.trim(),
      STATE: contact.STATE.trim(),
      ZIP: contact.ZIP.trim(),
      COUNTRY: contact.COUNTRY.trim().toUpperCase(),
    },
    billing: billing
      ? {
          ADDRESS: billing.ADDRESS,
          ADDRESS2: billing.ADDRESS2 ?? null,
          CITY: billing.CITY,
          STATE: billing.STATE,
          ZIP: billing.ZIP,
          COUNTRY: billing.COUNTRY,
        }
      : null,
    CATEGORY: customer?.status ?? null,
    lines,
    coupon,
    shippingRate,
    shippingOption: input.SHIPPING,
    shipState: contact.STATE,
    clientTotal: input.TOTAL,
    roles,
    today: dayOf(now),
    now: now.toISOString(),
  };
}
