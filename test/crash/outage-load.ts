import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { SERVER_FAULT } from '../../libs/contracts/errors.js';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import type { AcknowledgedOrder } from './checkout-load.js';
import type { ShopProcess } from './shop-process.js';

/** One answer the load got: its step, status (0: no answer at all) and error text. */
export interface Answer {
  step: 'add' | 'quote' | 'pay';
  status: number;
  error: string | null;
  /** Date.now() when it came. */
  at: number;
}

export interface OutageLoad {
  answers: Answer[];
  /** Every order the shop acknowledged with 200. */
  acknowledged: AcknowledgedOrder[];
  /** Ends the loops after their current call; resolves once they ended. */
  stop(): Promise<void>;
}

const CONTACT = checkoutContact();
/** A loop's pause after an answer other than 200, as a buyer's second try. */
const PAUSE_AFTER_REFUSAL_MS = 100;

async function call(
  base: string,
  step: Answer['step'],
  path: string,
  body: unknown,
  headers: Record<string, string>,
  answers: Answer[],
): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const response = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const parsed = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const error = typeof parsed.error === 'string' ? parsed.error : null;
    answers.push({ step, status: response.status, error, at: Date.now() });
    return { status: response.status, body: parsed };
  } catch (failure) {
    answers.push({ step, status: 0, error: String(failure), at: Date.now() });
    return { status: 0, body: {} };
  }
}

/**
 * `carts` guest checkout loops (a book into a new cart, a quote, one Pay with a fresh Idempotency-Key,
 * the sandbox's approved card) that go on through any answer, as buyers who try again: every answer
 * is recorded, every 200 Pay is an acknowledged order.
 */
export function outageLoad(base: string, carts: number): OutageLoad {
  const answers: Answer[] = [];
  const acknowledged: AcknowledgedOrder[] = [];
  let stopped = false;
  const checkout = async (): Promise<boolean> => {
    const cart = { 'x-cart-id': randomUUID() };
    const added = await call(base, 'add', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 }, cart, answers);
    if (added.status !== 200) return false;
    const quote = await call(
      base,
      'quote',
      '/checkout/quote',
      { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 },
      cart,
      answers,
    );
    if (quote.status !== 200) return false;
    const TOTAL = quote.body.TOTAL as number;
    const pay = { SHIPPING: 1, TOTAL, ATTJSON: CONTACT, BILLINGJSON: null, CARD: SANDBOX_VISA };
    const paid = await call(base, 'pay', '/checkout/pay', pay, { ...cart, 'idempotency-key': randomUUID() }, answers);
    if (paid.status !== 200) return false;
    acknowledged.push({ ONUM: String(paid.body.ONUM), RECEIPTTOKEN: String(paid.body.RECEIPTTOKEN), TOTAL });
    return true;
  };
  const loop = async (): Promise<void> => {
    while (!stopped) {
      if (!(await checkout())) await sleep(PAUSE_AFTER_REFUSAL_MS);
    }
  };
  const loops = Promise.all(Array.from({ length: carts }, loop));
  return {
    answers,
    acknowledged,
    stop: async () => {
      stopped = true;
      await loops;
    },
  };
}

/** One answer of GET /api/ready. */
export interface ReadySample {
  at: number;
  status: number;
  reasons: string[];
}

/** Takes a sample every 100 ms (after the one before answered) until stopped. */
function sampleEvery<T>(take: () => Promise<T>): { samples: T[]; stop(): Promise<void> } {
  const samples: T[] = [];
  let stopped = false;
  const watching = (async () => {
    while (!stopped) {
      samples.push(await take());
      await sleep(100);
    }
  })();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await watching;
    },
  };
}

/** Asks GET /api/ready every 100 ms until stopped, recording each answer (status 0: none). */
export function watchReadiness(base: string): { samples: ReadySample[]; stop(): Promise<void> } {
  return sampleEvery(async () => {
    try {
      const response = await fetch(`${base}/api/ready`);
      const body = (await response.json()) as { reasons?: string[] };
      return { at: Date.now(), status: response.status, reasons: body.reasons ?? [] };
    } catch {
      return { at: Date.now(), status: 0, reasons: [] };
    }
  });
}

/**
 * A signed-in customer's page reading its orders every 100 ms during the outage: the statuses it was
 * answered, with their times (0 when no answer came).
 */
export function watchSignedIn(
  base: string,
  token: string,
): { samples: { at: number; status: number }[]; stop(): Promise<void> } {
  return sampleEvery(async () => {
    const status = await fetch(`${base}/api/orders?limit=1`, { headers: { authorization: `Bearer ${token}` } })
      .then((response) => response.status)
      .catch(() => 0);
    return { at: Date.now(), status };
  });
}

/** Waits until `check` answers true, polling every 200 ms; throws naming `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(200);
  }
}

/**
 * What a payment must never end as, read from the shop's database once every payment is settled:
 * an acknowledged order without OrderPaid in the log, or an approved charge of the sandbox gateway
 * whose Idempotency-Key no OrderPaid carries (a buyer charged without an order).
 */
export async function lostPayments(
  db: Pick<pg.Pool, 'query'>,
  acknowledged: readonly AcknowledgedOrder[],
): Promise<{ acknowledgedUnpaid: string[]; chargedWithoutOrder: string[] }> {
  const { rows: paid } = await db.query<{ onum: string; key: string }>(
    `SELECT data->>'onum' AS onum, data->>'idempotencyKey' AS key FROM es_events WHERE type = 'OrderPaid'`,
  );
  const paidOrders = new Set(paid.map((r) => r.onum));
  const paidKeys = new Set(paid.map((r) => r.key));
  const { rows: charges } = await db.query<{ key: string }>(
    `SELECT idempotency_key AS key FROM sandbox_gateway_charges WHERE result->>'approved' = 'true'`,
  );
  return {
    acknowledgedUnpaid: acknowledged.map((o) => o.ONUM).filter((onum) => !paidOrders.has(onum)),
    chargedWithoutOrder: charges.map((c) => c.key).filter((key) => !paidKeys.has(key)),
  };
}

/** Payments claimed and not yet answered (running, or waiting for the sweep that settles them). */
export async function unsettledPayments(db: Pick<pg.Pool, 'query'>): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM checkout_payments WHERE response IS NULL');
  return Number(rows[0]?.n);
}

/**
 * The shop lived through the outage: its process still runs, it wrote no uncaught error, its HTTP server
 * never went away and no answer of the load was a fault of ours (no 5xx but 503).
 */
export function expectStillServing(shop: ShopProcess, answers: readonly Answer[]): void {
  expect(shop.child.exitCode).toBeNull();
  expect(shop.child.signalCode).toBeNull();
  expect(shop.output()).not.toMatch(/Uncaught exception|Unhandled rejection/);
  expect(answers.filter((a) => a.status === 0 || a.error === SERVER_FAULT)).toEqual([]);
  expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
}
