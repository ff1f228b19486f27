import { randomUUID } from 'node:crypto';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import { DATABASE_UNREACHABLE } from '#libs/contracts/errors.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '#libs/payments/payment-gateway.js';
import { type HeldClaim, PaymentClaims } from '../../apps/api/checkout/payment-claims.js';
import { useTestShop } from '../support/app.js';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { eventually } from '../support/eventually.js';
import { clientKey } from '#libs/application/stored-answers.js';

/**
 * A payment's advisory lock lives on a connection of its own: when the database drops that connection
 * (a restart, a failover) the lock goes with it, and another process may settle the payment as after
 * a crash. The connection's loss must not end the process, the request stops at its next step with
 * 503, and the sweep that runs after a database fault ends the charged press as its order
 * (docs/operations.md, Database outages).
 */
describe('a payment whose lock connection is lost', () => {
  const shop = useTestShop({ seedDemo: true });

  it('answers 503 after the charge, and the sweep after the fault ends the charged press as its order', async () => {
    const claims = shop.app.get(PaymentClaims);
    const gateway = shop.app.get<PaymentGateway>(PAYMENT_GATEWAY);
    const pool = shop.shop.pool;
    const key = randomUUID();
    let held: HeldClaim | null = null;
    const hold = claims.hold.bind(claims);
    jest.spyOn(claims, 'hold').mockImplementationOnce(async (idempotencyKey) => (held = await hold(idempotencyKey)));
    const charge = gateway.charge.bind(gateway);
    jest.spyOn(gateway, 'charge').mockImplementationOnce(async (request) => {
      const charged = await charge(request);
      // The database drops the connection that holds this key's lock, as a restart drops them all.
      await pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
          WHERE locktype = 'advisory' AND objsubid = 1
            AND ((classid::bigint << 32) | objid::bigint) = hashtextextended('checkout-payment:' || $1, 0)`,
        [request.idempotencyKey],
      );
      await eventually(async () => {
        try {
          held!.assertHeld();
          return false;
        } catch {
          return true;
        }
      });
      return charged;
    });

    const cart = { 'x-cart-id': randomUUID(), 'content-type': 'application/json' };
    // The key as the shop keeps it: in the guest cart's namespace.
    const kept = clientKey({ cartId: cart['x-cart-id'] }, key);
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${shop.baseUrl}/api${path}`, {
        method: 'POST',
        headers: { ...cart, ...headers },
        body: JSON.stringify(body),
      });
    expect((await post('/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 })).status).toBe(200);
    const quote = (await (await post('/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 })).json()) as Quote;
    const press = {
      SHIPPING: 1,
      TOTAL: quote.TOTAL,
      ATTJSON: checkoutContact(),
      BILLINGJSON: null,
      CARD: SANDBOX_VISA,
    };

    const interrupted = await post('/checkout/pay', press, { 'idempotency-key': key });
    expect(interrupted.status).toBe(503);
    expect(interrupted.headers.get('retry-after')).toBe('5');
    expect(((await interrupted.json()) as { error: string }).error).toBe(DATABASE_UNREACHABLE);
    expect((await fetch(`${shop.baseUrl}/api/health`)).status).toBe(200);

    // Charged, unanswered, and nobody holds it: the sweep that follows the fault settles it as paid.
    const onum = (await claims.find(kept))?.onum;
    expect(onum).toEqual(expect.any(Number));
    await eventually(async () => (await claims.find(kept))?.response !== null);
    const { rows } = await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM es_events WHERE type = 'OrderPaid' AND stream_id = $1 AND data->>'idempotencyKey' = $2`,
      [`order-${onum}`, kept],
    );
    expect(Number(rows[0]?.n)).toBe(1);

    // The buyer's second press of the same key answers the order; one charge in all.
    const again = await post('/checkout/pay', press, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(((await again.json()) as PayResponse).ONUM).toBe(String(onum));
    const charges = await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM sandbox_gateway_charges WHERE idempotency_key = $1 AND result->>'approved' = 'true'`,
      [kept],
    );
    expect(Number(charges.rows[0]?.n)).toBe(1);
  });
});
