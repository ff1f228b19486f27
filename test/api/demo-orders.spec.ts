import type { OrderHistoryEntry, OrderHistoryPage, Receipt, Subscriptions } from '#libs/contracts/cart.js';
import { ORDER_AFTER_MESSAGE, ORDER_LIMIT_MESSAGE } from '../../apps/api/checkout/checkout-errors.js';
import type { Role } from '#libs/contracts/identity.js';
import { seedDemoAccounts } from '#apps/api/seed/demo-accounts.js';
import { DEMO_ORDERS, seedDemoOrders } from '#apps/api/seed/demo-orders.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { shopClient } from '../support/shop-client.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** complete@demo.test's order history (docs/demo-data.md), paid through the checkout at seeding, over real HTTP. */
describe('demo orders of complete@demo.test', () => {
  let shop: TestApp;
  let token: string;
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
    token = (await loginAs(DEMO_ORDERS.email)).token;
  });
  afterAll(async () => {
    await shop?.close();
  });

  const orders = async () => (await call<{ data: OrderHistoryEntry[] }>({ token }, 'GET', '/orders')).body.data;
  const paymentCount = async () =>
    (await shop.shop.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox_gateway_charges')).rows[0]?.n;

  it('GET /orders lists its three paid orders with their products, each with a receipt paid by the card on file', async () => {
    const history = await orders();
    expect(history).toHaveLength(3);
    const products = history.flatMap((o) => o.PRODUCTS.map((p) => [p.PRODUCTID, p.TYPE]));
    expect(products).toEqual(
      expect.arrayContaining([
        [602, 'BOOK'],
        [606, 'BOTH'],
        [511, 'event'],
      ]),
    );
    expect(products).toHaveLength(3);
    for (const order of history) {
      expect(order.PRODUCTS[0]?.PRODUCTNAME).toEqual(expect.any(String));
      const receipt = await call<{ data: Receipt }>({ token }, 'GET', `/orders/${order.ONUM}`);
      expect(receipt.status).toBe(200);
      expect(receipt.body.data).toMatchObject({ ONUM: order.ONUM, CARD: { LAST4: '4242' } });
      expect(receipt.body.data.TOTAL).toBeGreaterThan(0);
    }
    // The cart each order went through is empty again.
    expect((await call<{ items: unknown[] }>({ token }, 'GET', '/cart')).body.items).toEqual([]);
  });

  it('leaves its roles and its Complete expiring in 20 days as they were', async () => {
    const me = await call<{ roles: Role[] }>({ token }, 'GET', '/auth/me');
    expect([...me.body.roles].sort()).toEqual(['elearning', 'qmpcomplete', 'streaming']);
    const subscriptions = (await call<Subscriptions>({ token }, 'GET', '/subscriptions')).body;
    const in20Days = (offset: number) => new Date(Date.now() + (20 + offset) * DAY_MS).toISOString().slice(0, 10);
    expect([in20Days(0), in20Days(-1)]).toContain(subscriptions.complete_expire);
    expect(subscriptions).toMatchObject({
      cme_expire: '0000-00-00',
      streaming_all_expire: '0000-00-00',
      elearning_expire: '0000-00-00',
    });
    const expiring = await call<{ data: { TYPE: string }[] }>({ token }, 'GET', '/subscriptions/expiring');
    expect(expiring.body.data).toEqual([expect.objectContaining({ TYPE: 'qmpcomplete' })]);
  });

  it('seeding again places no order and charges nothing', async () => {
    const before = { orders: await orders(), charges: await paymentCount() };
    expect(before.charges).toBeGreaterThanOrEqual(3);
    await seedDemoAccounts(shop.app);
    expect(await seedDemoOrders(shop.app)).toEqual([]);
    expect(await orders()).toEqual(before.orders);
    expect(await paymentCount()).toBe(before.charges);
  });

  it('GET /orders answers pages: newest first, `limit` at a time, NEXT to the page after; bad pages are 400 with the message', async () => {
    const page = (query: string) => call<OrderHistoryPage>({ token }, 'GET', `/orders${query}`);
    const all = await page('');
    expect(all.body.NEXT).toBeNull();
    const first = await page('?limit=2');
    expect(first.body.data).toEqual(all.body.data.slice(0, 2));
    expect(first.body.NEXT).toEqual(expect.any(String));
    const second = await page(`?limit=2&after=${encodeURIComponent(first.body.NEXT!)}`);
    expect(second.body).toEqual({ data: all.body.data.slice(2), NEXT: null });

    for (const [query, message] of [
      ['?limit=0', ORDER_LIMIT_MESSAGE],
      ['?limit=51', ORDER_LIMIT_MESSAGE],
      ['?limit=two', ORDER_LIMIT_MESSAGE],
      ['?after=yesterday', ORDER_AFTER_MESSAGE],
      [`?after=${encodeURIComponent("2026-02-30T10:00:00.000000Z_1' OR 1=1")}`, ORDER_AFTER_MESSAGE],
      ['?after=2026-02-30T10:00:00.000000Z_100001', ORDER_AFTER_MESSAGE],
    ] as const) {
      const refused = await page(query);
      expect([query, refused.status]).toEqual([query, 400]);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect((await page('?sort=price')).status).toBe(400);
    expect((await call<OrderHistoryPage>({}, 'GET', '/orders?limit=2')).status).toBe(401);
  });
});
