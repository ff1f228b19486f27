import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { ensureCatalogSchema, importCatalog } from '#libs/catalog/index.js';
import type { LoadJob, LoadResult } from './http-load.worker.js';
import { freePort } from './postgres.js';
import { benchLogFile, startBenchShop } from './shop.js';
import { type BudgetResult, median, ms, percentile, verdict } from './report.js';
import { forkLoad } from './fork-load.js';

const LIST_PATH = '/api/products?category=0&size=48&sort=NAME_ASC';
const CONCURRENCY = 20;
const WARM_UP_MS = 1000;
const DURATION_MS = 4000;
/** Rounds of one bare and one shop run each, alternating which goes first (the machine's load drifts). */
const ROUNDS = 3;
const RATIO_BUDGET = 0.7;
const P99_BUDGET_MS = 10;

interface Run extends LoadResult {
  /** This process's CPU time (user + system) per answer, microseconds: the server's, the load being another process. */
  cpuMicros: number;
}

/** The load, from a process of its own, and what the server here spent on it. */
async function load(url: string): Promise<Run> {
  const job: LoadJob = { url, concurrency: CONCURRENCY, warmUpMs: WARM_UP_MS, durationMs: DURATION_MS };
  let cpu = process.cpuUsage();
  // The CPU of the warm-up is not counted: the worker sends nothing before, so restart the count then.
  const warmedUp = setTimeout(() => (cpu = process.cpuUsage()), WARM_UP_MS);
  try {
    const result = await forkLoad<LoadJob, LoadResult>(new URL('./http-load.worker.js', import.meta.url), job);
    const used = process.cpuUsage(cpu);
    return { ...result, cpuMicros: (used.user + used.system) / Math.max(1, result.requests) };
  } finally {
    clearTimeout(warmedUp);
  }
}

/**
 * Budget: the catalog list (48 products of category 0, sorted by name) served by the whole shop with its
 * default logging (a line per request, to a file), at least 0.7 of the throughput of a bare node:http
 * route returning the same bytes from memory, with a p99 under 10 ms at that load. Both are loaded
 * alike: 20 keep-alive connections from a process of its own, 1 s warm-up, 4 s measured, in 3 rounds (after
 * one unmeasured run of the shop) that alternate which of the two goes first; the ratio is the median
 * of the rounds' ratios. The shop runs on the bench database with the demo catalog imported.
 */
export async function catalogList(databaseUrl: string, dataDir: string): Promise<BudgetResult> {
  const shop = await startBenchShop(databaseUrl, dataDir, false);
  const barePort = await freePort();
  let bare: ReturnType<typeof createServer> | undefined;
  let closed = false;
  try {
    await ensureCatalogSchema(shop.pool);
    const report = await importCatalog(shop.pool, 'libs/catalog/data');
    if (report.errors.length > 0) throw new Error('the demo catalog did not import');
    const response = await fetch(`${shop.url}${LIST_PATH}`);
    const body = Buffer.from(await response.arrayBuffer());
    const listed = (JSON.parse(body.toString()) as { data: unknown[] }).data.length;
    if (listed !== 48) throw new Error(`expected 48 products, got ${listed}`);
    bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    await new Promise<void>((resolve) => bare!.listen(barePort, '127.0.0.1', resolve));

    await load(`${shop.url}${LIST_PATH}`); // the shop's code paths optimised before anything counts
    const bareRuns: Run[] = [];
    const shopRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const runBare = async (): Promise<void> =>
        void bareRuns.push(await load(`http://127.0.0.1:${barePort}${LIST_PATH}`));
      const runShop = async (): Promise<void> => void shopRuns.push(await load(`${shop.url}${LIST_PATH}`));
      if (round % 2 === 0) {
        await runBare();
        await runShop();
      } else {
        await runShop();
        await runBare();
      }
    }
    await shop.close(); // flushes the log, so its lines can be counted
    closed = true;
    const logged = (await readFile(benchLogFile(dataDir), 'utf8')).split('\n').filter((l) => l.includes(LIST_PATH));
    const rps = (r: LoadResult): number => r.requests / r.seconds;
    const ratios = shopRuns.map((r, i) => rps(r) / rps(bareRuns[i]!));
    const ratio = median(ratios);
    const p99s = shopRuns.map((r) => percentile(r.latenciesMs, 99));
    const cpuRatio = median(bareRuns.map((r) => r.cpuMicros)) / median(shopRuns.map((r) => r.cpuMicros));
    const p99 = median(p99s);
    const errors = shopRuns.reduce((sum, r) => sum + r.errors, 0);
    const served = shopRuns.reduce((sum, r) => sum + r.requests, 0);
    const all = (values: number[], format: (v: number) => string): string => values.map(format).join(', ');
    return {
      crashed: false,
      row: {
        budget: `Catalog list (48 products, sorted), logging on, ${CONCURRENCY} connections >= ${RATIO_BUDGET} x bare route throughput; p99 < ${P99_BUDGET_MS} ms`,
        measured: `median ${median(shopRuns.map(rps)).toFixed(0)} req/s, p99 ${ms(p99)}, CPU ${median(shopRuns.map((r) => r.cpuMicros)).toFixed(0)} µs/request (${body.length} bytes, ${errors} errors)`,
        baseline: `bare route median ${median(bareRuns.map(rps)).toFixed(0)} req/s, p99 ${ms(median(bareRuns.map((r) => percentile(r.latenciesMs, 99))))}, CPU ${median(bareRuns.map((r) => r.cpuMicros)).toFixed(0)} µs/request`,
        ratio: `${ratio.toFixed(2)} (CPU ${cpuRatio.toFixed(2)})`,
        verdict: verdict(ratio >= RATIO_BUDGET && p99 < P99_BUDGET_MS && errors === 0),
      },
      notes: [
        `catalog list, ${ROUNDS} rounds: ratios ${all(ratios, (r) => r.toFixed(2))}; shop p99 ${all(p99s, ms)}; ` +
          `${logged.length} request lines logged for ${served} measured requests (warm-ups included in the lines)`,
      ],
    };
  } finally {
    if (bare) await new Promise<void>((resolve) => bare!.close(() => resolve()));
    if (!closed) await shop.close();
  }
}
