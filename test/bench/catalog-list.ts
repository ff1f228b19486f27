import { createServer } from 'node:http';
import { Worker } from 'node:worker_threads';
import { ensureCatalogSchema, importCatalog } from '#libs/catalog/index.js';
import type { LoadJob, LoadResult } from './http-load.worker.js';
import { freePort } from './postgres.js';
import { startBenchShop } from './shop.js';
import { type BudgetResult, ms, percentile, verdict } from './report.js';

const LIST_PATH = '/api/products?category=0&size=48&sort=NAME_ASC';
const CONCURRENCY = 8;
const WARM_UP_MS = 1000;
const DURATION_MS = 5000;
const RATIO_BUDGET = 0.5;
const P99_BUDGET_MS = 10;

function load(url: string): Promise<LoadResult> {
  const job: LoadJob = { url, concurrency: CONCURRENCY, warmUpMs: WARM_UP_MS, durationMs: DURATION_MS };
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./http-load.worker.js', import.meta.url), { workerData: job });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
  });
}

/**
 * Budget: the catalog list (48 products of category 0, sorted by name) served by the whole shop, at
 * least half the throughput of a bare node:http route returning the same bytes from memory, with a
 * p99 under 10 ms at that load. Both are loaded alike: 8 keep-alive connections from a worker thread,
 * 1 s warm-up, 5 s measured. The shop runs on the bench database with the demo catalog imported.
 */
export async function catalogList(databaseUrl: string, dataDir: string): Promise<BudgetResult> {
  const shop = await startBenchShop(databaseUrl, dataDir, false);

  const barePort = await freePort();
  let bare: ReturnType<typeof createServer> | undefined;
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

    const baseline = await load(`http://127.0.0.1:${barePort}${LIST_PATH}`);
    const measured = await load(`${shop.url}${LIST_PATH}`);
    const rps = (r: LoadResult): number => r.requests / r.seconds;
    const ratio = rps(measured) / rps(baseline);
    const p99 = percentile(measured.latenciesMs, 99);
    return {
      crashed: false,
      row: {
        budget: `Catalog list (48 products, sorted) >= ${RATIO_BUDGET} x bare route throughput; p99 < ${P99_BUDGET_MS} ms`,
        measured: `${rps(measured).toFixed(0)} req/s, p99 ${ms(p99)} (p50 ${ms(percentile(measured.latenciesMs, 50))}; ${body.length} bytes, ${measured.errors} errors)`,
        baseline: `bare route ${rps(baseline).toFixed(0)} req/s, p99 ${ms(percentile(baseline.latenciesMs, 99))}`,
        ratio: ratio.toFixed(2),
        verdict: verdict(ratio >= RATIO_BUDGET && p99 < P99_BUDGET_MS && measured.errors === 0),
      },
    };
  } finally {
    if (bare) await new Promise<void>((resolve) => bare!.close(() => resolve()));
    await shop.close();
  }
}
