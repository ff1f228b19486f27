/**
 * The load generator of the soak row (test/bench/soak.ts), a process of its own (forked) so neither its
 * event loop nor its memory is the shop's. It starts journeys at a fixed rate (open loop: a slow answer
 * does not slow the arrivals) for the given time, round-robin over a fixed mix, and reports what failed.
 */
import { randomUUID } from 'node:crypto';
import { guestCheckoutOn } from '../topology/load.js';

export interface SoakJob {
  base: string;
  seconds: number;
  /** Journeys started per second. */
  rate: number;
  /** Journeys still running above which a new one is not started but counted as an error (overload). */
  maxInFlight: number;
  /** A signed-in account with the Stream All Access subscription, and a CME account (demo data). */
  streamer: { email: string; password: string };
  cme: { email: string; password: string };
  /** The streamed title (product, video) whose HLS media the bench imported. */
  video: { productId: number; videoId: number };
}

export interface SoakReport {
  journeys: Record<string, { started: number; failed: number }>;
  requests: number;
  /** Up to 10 of the failures, each `journey: what`. */
  failures: string[];
  /** Journeys not started because `maxInFlight` were still running. */
  skipped: number;
}

type Journey = (context: Context) => Promise<void>;

interface Context {
  job: SoakJob;
  streamerToken: string;
  cmeToken: string;
  count(): void;
}

class Failed extends Error {}

async function get(context: Context, path: string, headers: Record<string, string> = {}): Promise<Response> {
  context.count();
  const response = await fetch(`${context.job.base}${path}`, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Failed(`GET ${path.replace(/\/api\/hls\/[^/]+/, '/api/hls/{token}')} ${response.status}`);
  return response;
}

async function post(context: Context, path: string, body: unknown, headers: Record<string, string> = {}) {
  context.count();
  const response = await fetch(`${context.job.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Failed(`POST ${path} ${response.status} ${text.slice(0, 120)}`);
  return { response, body: JSON.parse(text) as Record<string, unknown> };
}

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

const JOURNEYS: Record<string, Journey> = {
  async browse(c) {
    await get(c, '/api/products?category=0&size=48&sort=NAME_ASC');
    await get(c, '/api/products/601');
  },
  async cart(c) {
    const cart = { 'x-cart-id': randomUUID() };
    await post(c, '/api/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 }, cart);
    await get(c, '/api/cart', cart);
  },
  async checkout(c) {
    for (let n = 0; n < 3; n++) c.count(); // the cart, the quote, the pay
    const attempt = await guestCheckoutOn(c.job.base, 0).catch((error: unknown) => {
      throw new Failed(`checkout: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (!attempt.answer?.ONUM) throw new Failed(`pay: ${JSON.stringify(attempt.answer)}`);
  },
  async streaming(c) {
    const { productId, videoId } = c.job.video;
    await get(c, `/api/streaming/${productId}/videos/${videoId}`, bearer(c.streamerToken));
    const opened = await post(
      c,
      '/api/streaming/playbacks',
      { PRODUCTID: productId, VIDEOID: videoId, VIEWINGID: randomUUID() },
      bearer(c.streamerToken),
    );
    const src = String(opened.body.SRC);
    const cookie = { cookie: (opened.response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
    const prefix = src.replace(/master\.m3u8$/, '');
    await get(c, src, cookie);
    await get(c, `${prefix}360p/index.m3u8`, cookie);
    for (let n = 0; n < 3; n++) await get(c, `${prefix}360p/seg_${String(n).padStart(5, '0')}.m4s`, cookie);
  },
  async cme(c) {
    const year = new Date().getUTCFullYear();
    await get(c, `/api/cme/summary?year=${year}`, bearer(c.cmeToken));
    await get(c, '/api/cme/tests', bearer(c.cmeToken));
  },
};

/** The mix: of every 8 journeys, 3 browse, 1 cart, 1 checkout, 2 streaming, 1 CME. */
const MIX = ['browse', 'cart', 'browse', 'streaming', 'checkout', 'browse', 'streaming', 'cme'] as const;

async function login(base: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, version: 5 }),
  });
  if (!response.ok) throw new Error(`login of ${account.email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function run(job: SoakJob): Promise<SoakReport> {
  const report: SoakReport = { journeys: {}, requests: 0, failures: [], skipped: 0 };
  const context: Context = {
    job,
    streamerToken: await login(job.base, job.streamer),
    cmeToken: await login(job.base, job.cme),
    count: () => void report.requests++,
  };
  for (const name of Object.keys(JOURNEYS)) report.journeys[name] = { started: 0, failed: 0 };
  const running = new Set<Promise<void>>();
  const started = performance.now();
  const total = Math.round(job.seconds * job.rate);
  for (let n = 0; n < total; n++) {
    // Open loop: journey n starts at n / rate seconds, whatever the answers before it took.
    const due = started + (n * 1000) / job.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (running.size >= job.maxInFlight) {
      report.skipped++;
      continue;
    }
    const name = MIX[n % MIX.length]!;
    const tally = report.journeys[name]!;
    tally.started++;
    const journey = JOURNEYS[name]!(context).catch((error: unknown) => {
      tally.failed++;
      if (report.failures.length < 10) {
        report.failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    running.add(journey);
    void journey.finally(() => running.delete(journey));
  }
  await Promise.all(running);
  return report;
}

process.once('message', (job: SoakJob) => {
  run(job).then(
    (report) => process.send?.(report, () => process.exit(0)),
    (error: unknown) => {
      process.stderr.write(`soak load: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
});
