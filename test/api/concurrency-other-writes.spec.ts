import { randomUUID } from 'node:crypto';
import type { CartView, PayResponse, Quote } from '#libs/contracts/cart.js';
import { useTestShop } from '../support/app.js';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { fireAtOnce } from '../support/concurrency.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const AT_ONCE = 30;

type OpenApi = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

/**
 * The writes the feature concurrency specs leave out (the identity links, cart merge, renewals and
 * offers, a pay press), each sent 30 times at once by one account: every answer is a status its
 * operation documents in the OpenAPI document and never a 5xx, and the one-time things happen once.
 */
describe('the other writes, 30 at once by one account', () => {
  const shop = useTestShop({ seedDemo: true });
  let documented: OpenApi;
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const login = async (email: string): Promise<Caller> => ({ token: (await loginAs(email)).token });

  beforeAll(async () => {
    documented = (await (await fetch(`${shop.baseUrl}/api/docs-json`)).json()) as OpenApi;
  });

  /** Fires `write` 30 times at once; every status is one `path` documents for `method`, none a 5xx. */
  const fire = async (method: string, path: string, write: (n: number) => Promise<{ status: number }>) => {
    const operation = documented.paths[path]?.[method.toLowerCase()];
    expect(operation).toBeDefined();
    const fired = await fireAtOnce(AT_ONCE, write);
    const statuses = Object.keys(fired.statuses).map(Number);
    expect({ path, undocumented: statuses.filter((s) => !(String(s) in operation!.responses)) }).toEqual({
      path,
      undocumented: [],
    });
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    return fired;
  };

  /** The TOKEN and EMAIL of the newest mail to `email` linking to `path` (the outbox: no SMTP here). */
  const linkTo = async (email: string, path: string): Promise<{ TOKEN: string; EMAIL: string }> => {
    const { rows } = await shop.shop.pool.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC',
      [email],
    );
    const pattern = new RegExp(`${path}\\?tolken=([^&\\s]+)&email=([^\\s"<]+)`);
    const match = rows.map((r) => pattern.exec(r.text_body)).find((m) => m !== null);
    expect(match).toBeTruthy();
    return { TOKEN: decodeURIComponent(match![1]!), EMAIL: decodeURIComponent(match![2]!) };
  };

  // First: the next test spends this address's forgot allowance (forgot is throttled per address).
  it('POST /api/users/redeem-forgot with one link: exactly one new password wins, and it is the one that signs in', async () => {
    expect((await call({}, 'POST', '/users/forgot', { EMAIL: 'reader@demo.test' })).status).toBe(200);
    const link = await linkTo('reader@demo.test', 'user/redeem');
    const { statuses, results } = await fire('POST', '/api/users/redeem-forgot', (n) =>
      call({}, 'POST', '/users/redeem-forgot', { ...link, PASSWORD: `Racing-pass-${n}` }),
    );
    expect(statuses[200]).toBe(1);
    const winner = results.findIndex((r) => r.status === 200);
    const signIn = (password: string) =>
      call({}, 'POST', '/auth/login', { email: 'reader@demo.test', password, version: 5 });
    expect((await signIn(`Racing-pass-${winner}`)).status).toBe(200);
    expect((await signIn(`Racing-pass-${(winner + 1) % AT_ONCE}`)).status).toBe(401);
  });

  it('POST /api/users/resend and /api/users/forgot: documented answers only', async () => {
    await fire('POST', '/api/users/resend', () =>
      call({}, 'POST', '/users/resend', { EMAIL: 'unvalidated@demo.test' }),
    );
    await fire('POST', '/api/users/forgot', () => call({}, 'POST', '/users/forgot', { EMAIL: 'resident@demo.test' }));
  });

  it('POST /api/cart/merge of one visitor cart: its line lands in the customer cart once', async () => {
    const visitor = { cartId: randomUUID() };
    expect((await call(visitor, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 })).status).toBe(200);
    const customer = await login('resident@demo.test');
    await fire('POST', '/api/cart/merge', () =>
      call<CartView>(customer, 'POST', '/cart/merge', { cartId: visitor.cartId }),
    );
    const cart = (await call<CartView>(customer, 'GET', '/cart')).body;
    expect(cart.items.filter((i) => i.ID === 601)).toEqual([expect.objectContaining({ QTY: 1 })]);
    expect((await call<CartView>(visitor, 'GET', '/cart')).body.items).toEqual([]);
  });

  it('POST /api/cart/renewals: one renewal line, whatever the number of presses', async () => {
    const customer = await login('complete@demo.test');
    await call(customer, 'DELETE', '/cart');
    await fire('POST', '/api/cart/renewals', () =>
      call<CartView>(customer, 'POST', '/cart/renewals', { TYPE: 'qmpcomplete', TERM: 2 }),
    );
    const cart = (await call<CartView>(customer, 'GET', '/cart')).body;
    expect(cart.items).toEqual([expect.objectContaining({ QTY: 2 })]);
  });

  it('POST /api/offers: one offer line, whatever the number of presses', async () => {
    const customer = await login('learner@demo.test');
    await call(customer, 'DELETE', '/cart');
    await fire('POST', '/api/offers', () =>
      call(customer, 'POST', '/offers', { OFFER: 'elearning', UID: 'elearning-spring-u3szbv' }),
    );
    const cart = (await call<CartView>(customer, 'GET', '/cart')).body;
    expect(cart.items).toHaveLength(1);
  });

  it('POST /api/checkout/pay, 30 presses with 30 keys on one customer cart: one order, every answer naming it', async () => {
    const customer = await login('resident@demo.test');
    await call(customer, 'DELETE', '/cart');
    expect((await call(customer, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 })).status).toBe(200);
    const quote = await call<Quote>(customer, 'POST', '/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 });
    expect(quote.status).toBe(200);
    const { results } = await fire('POST', '/api/checkout/pay', () =>
      call<PayResponse>(
        customer,
        'POST',
        '/checkout/pay',
        { ATTJSON: checkoutContact(), BILLINGJSON: null, CARD: SANDBOX_VISA, SHIPPING: 1, TOTAL: quote.body.TOTAL },
        { 'idempotency-key': randomUUID() },
      ),
    );
    const orders = new Set(
      (results as { status: number; body: PayResponse }[]).filter((r) => r.status === 200).map((r) => r.body.ONUM),
    );
    expect(orders.size).toBe(1);
  });
});
