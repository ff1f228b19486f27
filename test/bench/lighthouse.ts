import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureCatalogSchema, importCatalog } from '#libs/catalog/index.js';
import type { ProductPage } from '#libs/contracts/catalog.js';
import { startBenchShop } from './shop.js';
import { type BudgetResult, median, ms } from './report.js';

/** Runs per page; the median is reported (scores vary on a busy 2-core machine). */
const RUNS = 3;
const MIN_SCORE = 90;
type TimingAudit = 'largest-contentful-paint' | 'cumulative-layout-shift' | 'total-blocking-time';
/** The audits issue 12 found failing; the notes say whether each passes now. */
const WATCHED = ['label-content-name-mismatch', 'link-text', 'robots-txt', 'image-size-responsive'];

interface PageRun {
  performance: number;
  lcp: number;
  cls: number;
  tbt: number;
  failing: string[];
  /** Why the run has no score, when it has none (Lighthouse's runtime error or a metric's error). */
  error: string | null;
}

/**
 * One Lighthouse run with its defaults: phone emulation (Moto G Power) and simulated throttling
 * (computed from the trace, so a busy machine skews it less than devtools throttling would).
 */
async function runOnce(url: string, port: number): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const value = (id: TimingAudit) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    failing: WATCHED.filter((id) => audits[id]?.score === 0),
    error:
      result.lhr.runtimeError?.message ??
      (['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'] as const)
        .map((id) => audits[id]?.errorMessage)
        .find((message) => message !== undefined) ??
      null,
  };
}

/** The pages measured: home, the product list and the product page of the first book. */
async function pagesOf(base: string): Promise<{ name: string; url: string }[]> {
  const books = (await (await fetch(`${base}/api/products?category=14&size=24`)).json()) as ProductPage;
  const book = books.data[0];
  if (!book) throw new Error('the demo catalog has no book');
  return [
    { name: 'home', url: `${base}/` },
    { name: 'product list', url: `${base}/products/0` },
    { name: 'product page', url: `${base}/product/${book.SLUG}/${book.ID}` },
  ];
}

/**
 * Lighthouse (npm `lighthouse`, Debian's Chromium through chrome-launcher, default phone emulation) on the
 * built shop: the median of 3 runs per page of the performance score, LCP, CLS and TBT. Issue 12 asks
 * for performance at least 90 on each (LCP < 2.5 s, CLS < 0.1, TBT < 200 ms). Not one of the
 * ratio budgets of docs/performance.md, so the row has no baseline; the notes list the watched audits that fail.
 */
export async function lighthouseScores(databaseUrl: string, dataDir: string): Promise<BudgetResult> {
  if (!existsSync(join(process.cwd(), 'web/dist/index.html'))) {
    throw new Error('web/dist/index.html not found: run from the repository root after npm run build');
  }
  const shop = await startBenchShop(databaseUrl, dataDir, true);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await ensureCatalogSchema(shop.pool);
    const report = await importCatalog(shop.pool, 'libs/catalog/data');
    if (report.errors.length > 0) throw new Error('the demo catalog did not import');
    chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const summaries: string[] = [];
    const notes: string[] = [];
    let allOk = true;
    for (const page of await pagesOf(shop.url)) {
      await runOnce(page.url, chrome.port); // warm-up: server and file caches
      const runs: PageRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runOnce(page.url, chrome.port));
      const score = median(runs.map((r) => r.performance));
      const lcp = median(runs.map((r) => r.lcp));
      const cls = median(runs.map((r) => r.cls));
      const tbt = median(runs.map((r) => r.tbt));
      allOk &&= score >= MIN_SCORE && lcp < 2500 && cls < 0.1 && tbt < 200;
      summaries.push(`${page.name} ${score}`);
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      const errors = runs.flatMap((r, i) => (r.error ? [`run ${i + 1}: ${r.error}`] : []));
      notes.push(
        `lighthouse ${page.name}: performance ${runs.map((r) => r.performance).join(', ')} (median ${score}); ` +
          `LCP ${ms(lcp)}, CLS ${cls.toFixed(3)}, TBT ${ms(tbt)}; ` +
          `failing of ${WATCHED.join(', ')}: ${failing.length ? failing.join(', ') : 'none'}` +
          (errors.length ? `; without a score: ${errors.join('; ')}` : ''),
      );
    }
    return {
      crashed: false,
      notes,
      row: {
        budget: `Lighthouse performance >= ${MIN_SCORE} (phone emulation, simulated throttling, median of ${RUNS})`,
        measured: summaries.join('; '),
        baseline: '-',
        ratio: '-',
        verdict: allOk ? 'within' : 'OVER budget',
      },
    };
  } finally {
    await chrome?.kill();
    await shop.close();
  }
}
