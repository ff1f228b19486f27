import { randomUUID } from 'node:crypto';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';

/** A payment the shop acknowledged with 200: it must survive any crash that follows. */
export interface AcknowledgedOrder {
  ONUM: string;
  RECEIPTTOKEN: string;
  TOTAL: number;
}

const CONTACT = checkoutContact();
const CARD = SANDBOX_VISA;

async function post(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * One guest checkout as the web app makes it: a book into a new cart, a quote, then one pay with a
 * fresh Idempotency-Key. Answers the order when the pay was acknowledged with 200.
 */
export async function guestCheckout(base: string): Promise<AcknowledgedOrder | null> {
  const cart = { 'x-cart-id': randomUUID() };
  const added = await post(base, '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 }, cart);
  if (added.status !== 200) throw new Error(`adding to the cart answered ${added.status}`);
  const quote = await post(base, '/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 }, cart);
  if (quote.status !== 200) throw new Error(`the quote answered ${quote.status}`);
  const TOTAL = quote.body.TOTAL as number;
  const paid = await post(
    base,
    '/checkout/pay',
    { SHIPPING: 1, TOTAL, ATTJSON: CONTACT, BILLINGJSON: null, CARD },
    { ...cart, 'idempotency-key': randomUUID() },
  );
  if (paid.status !== 200) return null;
  return { ONUM: String(paid.body.ONUM), RECEIPTTOKEN: String(paid.body.RECEIPTTOKEN), TOTAL };
}

export interface LoadRun {
  /** Every order acknowledged with 200, in the order the answers arrived. */
  acknowledged: AcknowledgedOrder[];
  /** Resolves when every loop has ended (they end on the first failed call, e.g. after a kill). */
  finished: Promise<void>;
  /** Makes the loops stop after their current checkout. */
  stop(): void;
}

/**
 * `loops` concurrent guest checkout loops against the shop at `base`, bounded by `maxOrders`
 * acknowledged orders in total. `onAcknowledged` sees the running count after each 200 (the test kills
 * the shop from there). A loop ends on its first failure: a crashed shop refuses connections.
 */
export function checkoutLoad(
  base: string,
  loops: number,
  maxOrders: number,
  onAcknowledged: (count: number) => void,
): LoadRun {
  const acknowledged: AcknowledgedOrder[] = [];
  let stopped = false;
  const loop = async (): Promise<void> => {
    while (!stopped && acknowledged.length < maxOrders) {
      let order: AcknowledgedOrder | null;
      try {
        order = await guestCheckout(base);
      } catch {
        return;
      }
      if (order) {
        acknowledged.push(order);
        onAcknowledged(acknowledged.length);
      }
    }
  };
  const finished = Promise.all(Array.from({ length: loops }, loop)).then(() => undefined);
  return { acknowledged, finished, stop: () => (stopped = true) };
}
