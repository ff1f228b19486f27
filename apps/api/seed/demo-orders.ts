import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AddCartItemCommand, CartService, customerCartId } from '../cart/index.js';
import { CheckoutService, PayCommand, type PayDto, PaymentClaims } from '../checkout/index.js';
import { EmailReservations, RolesService } from '../identity/index.js';
import { clientKey } from '#libs/application/stored-answers.js';

/**
 * The order history of complete@demo.test (docs/demo-data.md: "several orders in history"), placed and
 * paid like a Pay press with the card on file (demo-account-page.ts gives it one). None of them grants
 * a subscription (libs/domain/entitlements/grants-for-order.ts): a book, a book with its streaming
 * (BOTH: access to that product only) and a meeting registration, so its roles and its Complete
 * expiring in 20 days stay as they are.
 */
export const DEMO_ORDERS = {
  email: 'complete@demo.test',
  orders: [
    { key: 'demo-order-complete-1', PRODUCTID: 602, FORMAT: 'BOOK' },
    { key: 'demo-order-complete-2', PRODUCTID: 606, FORMAT: 'BOTH' },
    { key: 'demo-order-complete-3', PRODUCTID: 511 },
  ],
} as const;

const CONTACT = {
  FIRSTNAME: 'Casey',
  LASTNAME: 'Complete',
  ADDRESS: '200 Market Street',
  CITY: 'Springfield',
  STATE: 'MO',
  ZIP: '65801',
  COUNTRY: 'USA',
  PHONE: '555-0130',
  EMAIL: DEMO_ORDERS.email,
};

/**
 * Places the orders not placed yet: the customer's cart gets the item (AddCartItemCommand), the total
 * is the quote's (CheckoutService.priceCart), and the PayCommand pays it with the card on file under
 * the order's own Idempotency-Key. Idempotent: an order whose key was used is not placed again (a key
 * left unanswered by a stopped run is settled by the PayCommand itself). Answers the orders placed.
 */
export async function seedDemoOrders(app: INestApplicationContext): Promise<string[]> {
  const commands = app.get(CommandBus, { strict: false });
  const customerId = await app.get(EmailReservations, { strict: false }).customerIdOf(DEMO_ORDERS.email);
  if (!customerId) return [];
  const claims = app.get(PaymentClaims, { strict: false });
  const carts = app.get(CartService, { strict: false });
  const checkout = app.get(CheckoutService, { strict: false });
  const roles = await app.get(RolesService, { strict: false }).rolesOf(customerId);
  const caller = { cartId: customerCartId(customerId), customerId };
  const placed: string[] = [];

  for (const order of DEMO_ORDERS.orders) {
    // The key as Pay keeps it: in the customer's own namespace.
    const earlier = await claims.find(clientKey({ customerId }, order.key));
    if (earlier?.response) continue;
    if (!earlier) {
      // Only this order's item is paid: whatever the cart held before goes first.
      if ((await carts.view(caller.cartId, roles)).items.length > 0) await carts.clear(caller.cartId, 'cleared');
      const { key: _key, ...item } = order;
      await commands.execute(new AddCartItemCommand({ cartId: caller.cartId, roles }, { ...item, QTY: 1 }));
    }
    const cart = await carts.view(caller.cartId, roles);
    const { pricing } = await checkout.priceCart(cart, roles, CONTACT.COUNTRY, CONTACT.STATE, 1);
    const input: PayDto = { ATTJSON: CONTACT, BILLINGJSON: null, SHIPPING: 1, CARD: null, TOTAL: pricing.TOTAL };
    const paid = await commands.execute(new PayCommand(caller, input, order.key));
    if (paid.ONUM === null) throw new Error(`the demo order ${order.key} was declined: ${paid.ERRORS.join(' ')}`);
    placed.push(paid.ONUM);
  }
  return placed;
}
