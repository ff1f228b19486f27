import type { Pool, PoolClient } from 'pg';
import type { CartLine, CartView } from '#libs/contracts/cart.js';
import { type Cart, cartSummary, evolve, initialCart, lineKey } from '#libs/domain/cart/cart.decider.js';
import { CART_CHECKOUT_EVENT_TYPES, CART_EVENT_TYPES, type CartEvent } from '#libs/domain/cart/cart.events.js';
import { cmePurchaseAllowed } from '#libs/domain/cart/cme.rules.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * Carts (stream `cart-{cartId}`): per cart the state the cart decider folds from its events (lines,
 * the coupon, redeemed offers, merged carts) as JSONB, with its money and item count as columns
 * (SUBTOTAL, DISCOUNT, TOTAL and the badge's quantity). The cart API answers its CartView from here;
 * checkout prices the cart from here too.
 */
export const cartsReadModel: ReadModel = {
  name: 'carts',
  version: 2,
  tables: ['carts'],
  schema: `
    CREATE TABLE carts (
      cart_id text PRIMARY KEY,
      state jsonb NOT NULL,
      subtotal integer NOT NULL,
      discount integer NOT NULL,
      total integer NOT NULL,
      total_qty integer NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
  // The payment events too: the folded state says whether the cart is being paid (and by which order).
  handles: [...CART_EVENT_TYPES, ...CART_CHECKOUT_EVENT_TYPES],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as CartEvent;
    const { cartId } = event.data;
    const { rows } = await db.query<{ state: Cart }>('SELECT state FROM carts WHERE cart_id = $1 FOR UPDATE', [cartId]);
    const state = evolve(rows[0]?.state ?? initialCart, event);
    const { SUBTOTAL, DISCOUNT, TOTAL } = cartSummary(state);
    await db.query(
      `INSERT INTO carts (cart_id, state, subtotal, discount, total, total_qty, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (cart_id) DO UPDATE SET state = $2, subtotal = $3, discount = $4, total = $5, total_qty = $6,
         updated_at = $7`,
      [cartId, JSON.stringify(state), SUBTOTAL, DISCOUNT, TOTAL, totalQty(state), recorded.metadata.occurredAt],
    );
  },
};

const totalQty = (cart: Pick<Cart, 'items'>): number => cart.items.reduce((sum, item) => sum + item.QTY, 0);

/** The cart as the decider folded it (an empty cart when it never had an event). */
export async function findCart(db: Db, cartId: string): Promise<Cart> {
  const { rows } = await db.query<{ state: Cart }>('SELECT state FROM carts WHERE cart_id = $1', [cartId]);
  return rows[0]?.state ?? { ...initialCart, cartId };
}

/** The wire view of a folded cart; `roles` are the customer's (none for a visitor) for the CME purchase rule. */
export function toCartView(cartId: string, cart: Cart, roles: readonly string[]): CartView {
  const items: CartLine[] = cart.items.map((item) => ({
    KEY: lineKey(item),
    ID: item.ID,
    NAME: item.NAME,
    DESCR: item.DESCR,
    TYPE: item.TYPE,
    PRICE: item.PRICE,
    QTY: item.QTY,
    TERM: item.TERM,
    LINE_TOTAL: item.PRICE * item.QTY,
    SHIP_WEIGHT: item.SHIP_WEIGHT,
    product: item.product,
    OFFER: item.OFFER,
  }));
  const coupon = cart.coupon
    ? { code: cart.coupon.code, discount: cart.coupon.discountCents, auto: cart.coupon.auto }
    : null;
  return {
    cartId,
    items,
    coupon,
    ...cartSummary(cart),
    cartTotalQty: totalQty(cart),
    cmeWarning: !cmePurchaseAllowed(cart.items, roles),
  };
}

/** GET /api/cart: the cart's view for this customer (or visitor: no roles). */
export async function cartViewOf(db: Db, cartId: string, roles: readonly string[]): Promise<CartView> {
  return toCartView(cartId, await findCart(db, cartId), roles);
}
