/**
 * The year bench's requests to a started shop (year.ts): sign-in, a signed-in checkout paid with the
 * sandbox card, the order list, and the pages that must not grow with the log (catalog, streaming list,
 * CME center, a heartbeat). Each answer is checked for its status; times are of the one request.
 */
import { randomUUID } from 'node:crypto';
import { checkoutContact, SANDBOX_VISA } from '../../support/checkout-fixtures.js';
import { median } from '../report.js';

export interface Timed {
  ms: number;
  bytes: number;
  status: number;
}

async function timed(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Timed & { json: () => unknown }> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return { ms, bytes: Buffer.byteLength(text), status: response.status, json: () => JSON.parse(text) as unknown };
}

export async function login(base: string, email: string): Promise<string> {
  const answer = await timed(base, 'POST', '/api/auth/login', null, { email, password: 'Demo-pass-2026', version: 5 });
  return (answer.json() as { token: string }).token;
}

/** A book put in the account's cart, quoted, and paid (the pay timed): answers the pay's milliseconds. */
export async function signedInCheckout(base: string, token: string): Promise<number> {
  await timed(base, 'POST', '/api/cart/items', token, { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 });
  const quote = await timed(base, 'POST', '/api/checkout/quote', token, { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 });
  const { TOTAL } = quote.json() as { TOTAL: number };
  const body = { SHIPPING: 1, TOTAL, ATTJSON: checkoutContact(), BILLINGJSON: null, CARD: SANDBOX_VISA };
  const paid = await timed(base, 'POST', '/api/checkout/pay', token, body, { 'idempotency-key': randomUUID() });
  if (!(paid.json() as { ONUM?: unknown }).ONUM) throw new Error('the year bench checkout was not paid');
  return paid.ms;
}

/** The median of `rounds` GETs of `path` (after one not counted), with the bytes of the last. */
export async function medianGet(base: string, path: string, token: string | null, rounds = 7): Promise<Timed> {
  await timed(base, 'GET', path, token);
  const samples: Timed[] = [];
  for (let i = 0; i < rounds; i++) samples.push(await timed(base, 'GET', path, token));
  return { ms: median(samples.map((s) => s.ms)), bytes: samples.at(-1)!.bytes, status: samples.at(-1)!.status };
}

/** A viewing started, then `rounds` heartbeats of a minute each: the median heartbeat. */
export async function heartbeats(
  base: string,
  token: string,
  productId: number,
  videoId: number,
  rounds = 5,
): Promise<number> {
  const viewingId = randomUUID();
  await timed(base, 'POST', '/api/streaming/viewings', token, {
    PRODUCTID: productId,
    VIDEOID: videoId,
    VIEWINGID: viewingId,
  });
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const beat = await timed(base, 'POST', `/api/streaming/viewings/${viewingId}/progress`, token, {
      INTERVALS: [[i * 60, i * 60 + 60]],
      POSITION: i * 60 + 60,
    });
    samples.push(beat.ms);
  }
  return median(samples);
}
