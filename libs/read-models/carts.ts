import type { Pool, PoolClient } from 'pg';
import type { CartLine, CartView } from '#libs/contracts/cart.js';
import { type Cart, cartSummary, evolve, initialCart, lineKey } from '#libs/domain/cart/cart.decider.js';
import { isClosed } from '#libs/domain/cart/cart-checkout.js';
import { type CartGeneration, generationOfCartId } from '#libs/domain/cart/cart-generations.js';
import { CART_CHECKOUT_EVENT_TYPES, CART_EVENT_TYPES, type CartEvent } from '#libs/domain/cart/cart.events.js';
import { cmePurchaseAllowed } from '#libs/domain/cart/cme.rules.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * Carts (stream `cart-{cartId}`): per cart the state the cart decider folds from its events (lines,
 * the coupon, redeemed offers, merged carts) as JSONB, with its money and item count as columns
 * (SUBTOTAL, DISCOUNT, TOTAL and the badge's quantity). The cart API answers its CartView from here;
 * checkout prices the cart from here too. Each row also says whose cart it is (`base_id`: the customer's
 * or visitor's cart id), which of their carts (`generation`) and whether its checkout ended it
 * (`closed`): the cart service starts from the newest (cart-generations.ts).
 */
export const cartsReadModel: ReadModel = {
  name: 'carts',
  version: 3,
  tables: ['carts'],
  schema: `
    CREATE TABLE carts (
      cart_id text PRIMARY KEY,
      base_id text NOT NULL,
      generation integer NOT NULL,
      closed boolean NOT NULL,
      state jsonb NOT NULL,
      subtotal integer NOT NULL,
      discount integer NOT NULL,
      total integer NOT NULL,
      total_qty integer NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX carts_newest ON carts (base_id, generation DESC)`,
  // The payment events too: the folded state says whether the cart is being paid (and by which order).
  handles: [...CART_EVENT_TYPES, ...CART_CHECKOUT_EVENT_TYPES],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as CartEvent;
    const { cartId } = event.data;
    const { rows } = await db.query<{ state: Cart }>('SELECT state FROM carts WHERE cart_id = $1 FOR UPDATE', [cartId]);
    const state = evolve(rows[0]?.state ?? initialCart, event);
    const { SUBTOTAL, DISCOUNT, TOTAL } = cartSummary(state);
    const { base, generation } = generationOfCartId(cartId);
    const closed = isClosed({ checkout: state.checkout ?? null, paidBy: state.paidBy ?? null });
    const at = recorded.metadata.occurredAt;
    await db.query(
      `INSERT INTO carts (cart_id, base_id, generation, closed, state, subtotal, discount, total, total_qty, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (cart_id) DO UPDATE SET closed = $4, state = $5, subtotal = $6, discount = $7, total = $8,
         total_qty = $9, updated_at = $10`,
      [cartId, base, generation, closed, JSON.stringify(state), SUBTOTAL, DISCOUNT, TOTAL, totalQty(state), at],
    );
  },
};

const totalQty = (cart: Pick<Cart, 'items'>): number => cart.items.reduce((sum, item) => sum + item.QTY, 0);

/**
 * The newest cart of a customer or visitor the read model knows (none: their first is still to come).
 * It may lag the log by the projection's moment: the cart service moves on past a closed cart itself.
 */
export async function newestCartOf(db: Db, base: string): Promise<(CartGeneration & { closed: boolean }) | null> {
  const { rows } = await db.query<{ generation: number; closed: boolean }>(
    'SELECT generation, closed FROM carts WHERE base_id = $1 ORDER BY generation DESC LIMIT 1',
    [base],
  );
  const row = rows[0];
  return row ? { base, generation: row.generation, closed: row.closed } : null;
}

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
