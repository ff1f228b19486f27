import { randomUUID } from 'node:crypto';
import type { CartView, PayResponse, Quote } from '#libs/contracts/cart.js';
import type { LoginResponse, Me } from '#libs/contracts/identity.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { EVENT_STORE } from '../../apps/api/infrastructure/tokens.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { checkoutContact, SANDBOX_VISA, SENT_KEY } from '../support/checkout-fixtures.js';
import { type Caller, shopClient } from '../support/shop-client.js';
import { eventually } from '../support/eventually.js';

/**
 * A cart's stream ends with its checkout (issue 32): the next cart of the same customer or visitor is a
 * stream of its own (`cart-{base}.{n}`), so a cart command reads only the current cart, however many
 * orders the account paid; a late press still answers the order paid; nothing added while a cart is
 * paid is lost; a stream recorded before streams ended stays the cart it was.
 */
describe('a checkout ends its cart', () => {
  let shop: TestApp;
  let store: EventStore;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
    store = shop.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const BOOK = { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 };
  const add = (who: Caller) => call<CartView>(who, 'POST', '/cart/items', BOOK);
  const total = async (who: Caller): Promise<number> =>
    (await call<Quote>(who, 'POST', '/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 })).body.TOTAL;
  const pay = async (who: Caller, key: string = randomUUID(), TOTAL?: number) =>
    call<PayResponse>(
      who,
      'POST',
      '/checkout/pay',
      {
        ATTJSON: checkoutContact(),
        BILLINGJSON: null,
        CARD: SANDBOX_VISA,
        SHIPPING: 1,
        TOTAL: TOTAL ?? (await total(who)),
      },
      { 'idempotency-key': key },
    );
  /** The cart streams of a base, oldest first, each with its events' types. */
  const streamsOf = async (base: string): Promise<{ stream: string; types: string[] }[]> => {
    const { rows } = await shop.shop.pool.query<{ stream_id: string; types: string[] }>(
      `SELECT stream_id, array_agg(type ORDER BY revision) AS types FROM es_events
       WHERE stream_id = $1 OR stream_id LIKE $1 || '.%' GROUP BY stream_id`,
      [`cart-${base}`],
    );
    const generation = (stream: string): number => Number(/\.(\d+)$/.exec(stream)?.[1] ?? 0);
    return rows
      .map((row) => ({ stream: row.stream_id, types: row.types }))
      .sort((a, b) => generation(a.stream) - generation(b.stream));
  };
  const bookQty = (items: { ID: number; QTY: number }[]): number =>
    items.filter((i) => i.ID === 601).reduce((sum, i) => sum + i.QTY, 0);

  it("each checkout ends the customer's cart: the next cart is a stream of its own, read alone", async () => {
    const { token } = await loginAs<LoginResponse>('resident@demo.test');
    const who = { token };
    const base = `customer-${(await call<Me>(who, 'GET', '/auth/me')).body.customerId}`;
    const before = (await streamsOf(base)).length;
    const onums: string[] = [];
    for (let order = 0; order < 3; order++) {
      expect((await add(who)).status).toBe(200);
      const paid = await pay(who);
      expect(paid.body.ERRORS).toEqual([]);
      onums.push(String(paid.body.ONUM));
      const after = await call<CartView>(who, 'GET', '/cart');
      // The API names the customer's cart as it always did; it is empty after the payment.
      expect(after.body).toMatchObject({ cartId: base, items: [], cartTotalQty: 0 });
    }
    expect(new Set(onums).size).toBe(3);
    expect((await add(who)).body.cartTotalQty).toBe(1);

    const streams = await streamsOf(base);
    expect(streams).toHaveLength(before + 3 + (before === 0 ? 1 : 0));
    const paidCarts = streams.filter((s) => s.types.includes('CheckoutCompleted'));
    expect(paidCarts.length).toBeGreaterThanOrEqual(3);
    // A paid cart's stream ends with its checkout: nothing was ever appended after it.
    for (const { types } of paidCarts) expect(types.slice(-2)).toEqual(['CheckoutCompleted', 'CartCleared']);
    // The current cart, the stream the next command reads, holds only what was added since.
    expect(streams.at(-1)?.types).toEqual(['ItemAddedToCart']);
    // Each order names the cart it paid, one stream per order.
    const { rows } = await shop.shop.pool.query<{ cart: string }>(
      `SELECT data->>'cartId' AS cart FROM es_events WHERE type = 'OrderPlaced' AND stream_id = ANY($1)`,
      [onums.map((onum) => `order-${onum}`)],
    );
    expect(new Set(rows.map((row) => `cart-${row.cart}`)).size).toBe(3);
    for (const row of rows) expect(paidCarts.map((s) => s.stream)).toContain(`cart-${row.cart}`);
    await call(who, 'DELETE', '/cart');
  });

  it('a late press with another key, after the payment, answers the order paid and charges nothing', async () => {
    const who = { cartId: randomUUID() };
    await add(who);
    const first = await pay(who);
    expect(first.body.ONUM).toMatch(/^\d+$/);
    expect(await orderBookQty(first)).toBe(1);
    const lateKey = randomUUID();
    const late = await pay(who, lateKey);
    expect(late.status).toBe(200);
    expect(late.body.ONUM).toBe(first.body.ONUM);
    const { rows } = await shop.shop.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM sandbox_gateway_charges WHERE ${SENT_KEY} = $1`,
      [lateKey],
    );
    expect(Number(rows[0]?.n)).toBe(0);
    // What the visitor adds next is a new cart, which the next press pays.
    expect((await add(who)).body).toMatchObject({ cartId: who.cartId, cartTotalQty: 1 });
    const next = await pay(who);
    expect(next.body.ONUM).toMatch(/^\d+$/);
    expect(next.body.ONUM).not.toBe(first.body.ONUM);
    expect((await streamsOf(who.cartId)).map((s) => s.stream)).toEqual([`cart-${who.cartId}`, `cart-${who.cartId}.1`]);
  });

  it('books added while the cart is paid answer 200 or 409, and each one answered 200 is in the order or the next cart', async () => {
    const who = { cartId: randomUUID() };
    await add(who);
    const TOTAL = await total(who);
    const [paid, ...adds] = await Promise.all([
      pay(who, randomUUID(), TOTAL),
      ...Array.from({ length: 8 }, () => add(who)),
    ]);
    expect(adds.map((a) => a.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);
    const accepted = adds.filter((a) => a.status === 200).length;
    const cart = await call<CartView>(who, 'GET', '/cart');
    if (paid?.status === 200) {
      // Paid: the cart as taken is the order; every book answered 200 after that is in the next cart.
      expect(paid.body.ONUM).toMatch(/^\d+$/);
      expect((await orderBookQty(paid)) + bookQty(cart.body.items)).toBe(1 + accepted);
    } else {
      // A book landed before the cart was taken: the press is refused (another total), nothing is lost.
      expect(paid?.body.message).toContain('The order total has changed. Please review your cart and try again.');
      expect(bookQty(cart.body.items)).toBe(1 + accepted);
    }
    for (const { types } of (await streamsOf(who.cartId)).filter((s) => s.types.includes('CheckoutCompleted'))) {
      expect(types.slice(-2)).toEqual(['CheckoutCompleted', 'CartCleared']);
    }
  });

  it('a book added on a read model that has not yet seen the checkout goes to the next cart', async () => {
    const who = { cartId: randomUUID() };
    await add(who);
    expect((await pay(who)).body.ONUM).toMatch(/^\d+$/);
    // A read model a moment behind the log (another node's projector): it still shows the paid cart open.
    await shop.shop.pool.query('UPDATE carts SET closed = false WHERE cart_id = $1', [who.cartId]);
    const added = await add(who);
    expect(added.status).toBe(200);
    expect((await streamsOf(who.cartId)).map((s) => s.types.at(-1))).toEqual(['CartCleared', 'ItemAddedToCart']);
    expect(added.body).toMatchObject({ cartId: who.cartId, cartTotalQty: 1 });
  });

  /** The books of an order as its OrderPlaced recorded them. */
  /** The book's quantity in the order paid, from its OrderPlaced event (its lines name PRODUCTID). */
  async function orderBookQty(paid: { body: PayResponse } | undefined): Promise<number> {
    const { rows } = await shop.shop.pool.query<{ lines: { PRODUCTID: number; QTY: number }[] | null }>(
      `SELECT data->'lines' AS lines FROM es_events WHERE type = 'OrderPlaced' AND stream_id = $1`,
      [`order-${String(paid?.body.ONUM)}`],
    );
    expect(rows).toHaveLength(1);
    return bookQty((rows[0]?.lines ?? []).map((line) => ({ ID: line.PRODUCTID, QTY: line.QTY })));
  }

  it('a stream recorded before carts ended, with a book added after its payment, is still the open cart', async () => {
    const who = { cartId: randomUUID() };
    await add(who);
    expect((await pay(who)).body.ONUM).toMatch(/^\d+$/);
    // What the shop wrote before a checkout ended a cart: the next book went on into the same stream.
    const stream = `cart-${who.cartId}`;
    const recorded = await store.readStream(stream);
    const firstAdd = recorded.find((e) => e.type === 'ItemAddedToCart') as RecordedEvent;
    const metadata = { ...firstAdd.metadata, occurredAt: new Date().toISOString() };
    await store.append(stream, [{ type: firstAdd.type, data: firstAdd.data, metadata }], recorded.length - 1);
    await eventually(async () => (await call<CartView>(who, 'GET', '/cart')).body.cartTotalQty === 1);

    const paid = await pay(who);
    expect(paid.body.ERRORS).toEqual([]);
    expect((await streamsOf(who.cartId)).map((s) => s.stream)).toEqual([stream]);
    expect((await add(who)).body.cartTotalQty).toBe(1);
    expect((await streamsOf(who.cartId)).map((s) => s.stream)).toEqual([stream, `${stream}.1`]);
  });

  it("a visitor's cart begun after a payment moves into the customer's cart at login", async () => {
    const visitor = { cartId: randomUUID() };
    await add(visitor);
    expect((await pay(visitor)).body.ONUM).toMatch(/^\d+$/);
    await add(visitor);
    const { token } = await loginAs<LoginResponse>('reader@demo.test');
    await call({ token }, 'DELETE', '/cart');
    const merged = await call<CartView>({ token }, 'POST', '/cart/merge', { cartId: visitor.cartId });
    expect(merged.status).toBe(200);
    expect(bookQty(merged.body.items)).toBe(1);
    expect((await call<CartView>(visitor, 'GET', '/cart')).body.items).toEqual([]);
    await call({ token }, 'DELETE', '/cart');
  });
});
