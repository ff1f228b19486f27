import { randomUUID } from 'node:crypto';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';

/** A JSON call over real HTTP; `headers` carry the cart id, a token, an Idempotency-Key. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T & { error?: string; message?: string[] } }> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string } };
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** One pay request as the web app sends it: its cart, its key and its body, kept so it can be sent again. */
export interface PayAttempt {
  cartId: string;
  key: string;
  body: Record<string, unknown>;
  /** The node that took it. */
  node: number;
  /** The answer when one came (200 with an ONUM: acknowledged); null when the request failed (node killed). */
  answer: { ONUM: string | null; ERRORS: string[]; RECEIPTTOKEN: string | null } | null;
}

/**
 * One guest checkout on one node, as in test/crash/checkout-load.ts: a book into a new cart, a quote,
 * then one pay with a fresh Idempotency-Key. Answers the attempt (with `answer` null when the pay got
 * no answer); throws when an earlier step fails (the node is gone).
 */
export async function guestCheckoutOn(base: string, node: number): Promise<PayAttempt> {
  const cartId = randomUUID();
  const cart = { 'x-cart-id': cartId };
  const added = await call(base, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 }, cart);
  if (added.status !== 200) throw new Error(`adding to the cart answered ${added.status}`);
  const quote = await call<{ TOTAL: number }>(
    base,
    'POST',
    '/checkout/quote',
    { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 },
    cart,
  );
  if (quote.status !== 200) throw new Error(`the quote answered ${quote.status}`);
  const attempt: PayAttempt = {
    cartId,
    key: randomUUID(),
    node,
    answer: null,
    body: { SHIPPING: 1, TOTAL: quote.body.TOTAL, ATTJSON: checkoutContact(), BILLINGJSON: null, CARD: SANDBOX_VISA },
  };
  try {
    const paid = await call<NonNullable<PayAttempt['answer']>>(base, 'POST', '/checkout/pay', attempt.body, {
      ...cart,
      'idempotency-key': attempt.key,
    });
    if (paid.status === 200) attempt.answer = paid.body;
  } catch {
    // no answer: the node died while paying
  }
  return attempt;
}

/** Sends a pay attempt again, to any node, with its cart, key and body. */
export function payAgain(base: string, attempt: PayAttempt) {
  return call<NonNullable<PayAttempt['answer']>>(base, 'POST', '/checkout/pay', attempt.body, {
    'x-cart-id': attempt.cartId,
    'idempotency-key': attempt.key,
  });
}

export interface SpreadLoad {
  attempts: PayAttempt[];
  finished: Promise<void>;
}

/**
 * `loopsPerNode` checkout loops on each node, until `total` orders were acknowledged over all nodes. A
 * loop ends on its node's first failed call (a killed node refuses connections). `afterEach` sees every
 * attempt (the test kills a node from there).
 */
export function spreadCheckoutLoad(
  bases: readonly string[],
  loopsPerNode: number,
  total: number,
  afterEach: (attempt: PayAttempt, attempts: readonly PayAttempt[]) => void = () => undefined,
): SpreadLoad {
  const attempts: PayAttempt[] = [];
  const acknowledged = (): number => attempts.filter((a) => a.answer?.ONUM).length;
  const loop = async (node: number): Promise<void> => {
    while (acknowledged() < total) {
      let attempt: PayAttempt;
      try {
        attempt = await guestCheckoutOn(bases[node]!, node);
      } catch {
        return;
      }
      attempts.push(attempt);
      afterEach(attempt, attempts);
      if (attempt.answer === null) return;
    }
  };
  const loops = bases.flatMap((_, node) => Array.from({ length: loopsPerNode }, () => loop(node)));
  return { attempts, finished: Promise.all(loops).then(() => undefined) };
}
