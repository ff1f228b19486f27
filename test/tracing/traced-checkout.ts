import { randomBytes, randomUUID } from 'node:crypto';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';

export interface TracedCheckout {
  /** The trace every request of the checkout was sent in. */
  traceId: string;
  /** The order the pay acknowledged. */
  onum: string;
}

/**
 * One guest checkout (a book into a new cart, a quote, a pay) sent as the web app would send it inside
 * one trace of its own: every request carries a W3C `traceparent` with the same trace id, so the whole
 * checkout is one trace the shop continues (docs/operations.md, Traces).
 */
export async function tracedGuestCheckout(base: string): Promise<TracedCheckout> {
  const traceId = randomBytes(16).toString('hex');
  const cart = { 'x-cart-id': randomUUID() };
  const send = async <T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
        ...cart,
        ...headers,
      },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  await send('/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 });
  const quote = await send<{ TOTAL: number }>('/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 });
  const paid = await send<{ ONUM: string | null; ERRORS: string[] }>(
    '/checkout/pay',
    { SHIPPING: 1, TOTAL: quote.TOTAL, ATTJSON: checkoutContact(), BILLINGJSON: null, CARD: SANDBOX_VISA },
    { 'idempotency-key': randomUUID() },
  );
  if (!paid.ONUM) throw new Error(`the pay was refused: ${paid.ERRORS.join('; ')}`);
  return { traceId, onum: paid.ONUM };
}
