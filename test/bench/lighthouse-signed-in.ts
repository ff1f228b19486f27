import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { StreamDetailResponse } from '#libs/contracts/streaming.js';
import { startBenchShop } from './shop.js';
import { type BudgetResult, median, ms, verdict } from './report.js';

/** Runs per page after one uncounted run; the median is reported (scores vary on a busy 2-core machine). */
const RUNS = 3;
const MIN_PERFORMANCE = 90;
const ACCESSIBILITY = 100;
/** The demo account with the Stream All Access subscription, and its password (docs/demo-data.md). */
const ACCOUNT = { email: 'streamer@demo.test', password: 'Demo-pass-2026' };
/** A video series of the demo catalog: its first video is the video page measured. */
const PRODUCT = 250;
/** The phone of issue 19's journeys: 390 x 844 CSS px at 3 device px per px; Lighthouse's mobile defaults otherwise. */
const PHONE = { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false };

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Report = LighthouseResult['lhr'];

interface Costing {
  /** `category: audit-id` */
  audit: string;
  score: number;
  detail: string;
}

interface PageRun {
  performance: number;
  accessibility: number;
  lcp: number;
  cls: number;
  tbt: number;
  /** The weighted audits that cost points, with their score and value or elements. */
  costing: Costing[];
  /** Where the time goes: the LCP element and its phases, the longest main-thread tasks. */
  diagnosis: string[];
  /** Why the run has no score, when it has none (Lighthouse's runtime error or a metric's error). */
  error: string | null;
}

/** The elements an accessibility audit names (its selectors, at most 4), or the metric's value. */
function detailOf(audit: Report['audits'][string]): string {
  const items = (audit.details as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined)?.items;
  const nodes = (items ?? []).flatMap((item) => (item.node?.selector ? [item.node.selector] : []));
  if (nodes.length > 0) {
    const shown = nodes.slice(0, 4).join(' | ');
    return `${nodes.length} element${nodes.length === 1 ? '' : 's'}: ${shown}${nodes.length > 4 ? ' | ...' : ''}`;
  }
  return audit.displayValue ?? '';
}

/** Every weighted audit of the performance and accessibility categories scored below 1. */
function costingAudits(lhr: Report): Costing[] {
  return (['performance', 'accessibility'] as const).flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .flatMap((ref) => {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) return [];
        return [{ audit: `${id}: ${ref.id}`, score: audit.score, detail: detailOf(audit) }];
      }),
  );
}

/** Table rows of an audit's details, also inside a `list` of tables (the LCP element audit's shape). */
function rowsOf(audit: Report['audits'][string] | undefined): Record<string, unknown>[][] {
  const details = audit?.details as { type?: string; items?: unknown[] } | undefined;
  if (!details?.items) return [];
  if (details.type === 'list')
    return details.items.map((table) => (table as { items?: Record<string, unknown>[] }).items ?? []);
  return [details.items as Record<string, unknown>[]];
}

/** The LCP element with its phases (TTFB, load delay, load time, render delay) and the three longest tasks. */
function diagnosisOf(lhr: Report): string[] {
  const [elements = [], phases = []] = rowsOf(lhr.audits['largest-contentful-paint-element']);
  const node = elements[0]?.node as { selector?: string; nodeLabel?: string } | undefined;
  const timing = phases.map((row) => `${String(row.phase)} ${ms(Number(row.timing))}`).join(', ');
  const tasks = (rowsOf(lhr.audits['long-tasks'])[0] ?? [])
    .slice(0, 3)
    .map((row) => `${String(row.url).replace(/^https?:\/\/[^/]+/, '')} ${ms(Number(row.duration))}`);
  return [
    `LCP element ${node?.selector ?? 'none'}${node?.nodeLabel ? ` ("${node.nodeLabel.slice(0, 50)}")` : ''}${timing ? ` (${timing})` : ''}`,
    `longest tasks: ${tasks.length ? tasks.join(', ') : 'none'}`,
  ];
}

/** `LIGHTHOUSE_REPORTS=folder`: each counted run's HTML report is kept there, to be opened in a browser. */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

/**
 * One Lighthouse run: the session stays in the profile's localStorage (Lighthouse clears only caches
 * and workers). `reportName` names the HTML report kept under LIGHTHOUSE_REPORTS.
 */
async function runOnce(url: string, port: number, reportName?: string): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'html',
    logLevel: 'error',
    formFactor: 'mobile',
    screenEmulation: PHONE,
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (REPORTS && reportName) {
    await mkdir(REPORTS, { recursive: true });
    await writeFile(join(REPORTS, `${reportName}.html`), String(result.report));
  }
  // A page that sent the visitor to /login measured the login screen, not the signed-in page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`${url} ended on ${landed}: not signed in?`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    costing: costingAudits(lhr),
    diagnosis: diagnosisOf(lhr),
    error:
      lhr.runtimeError?.message ??
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']
        .map((id) => lhr.audits[id]?.errorMessage)
        .find((message) => message !== undefined) ??
      null,
  };
}

/** Logs in through the API; answers the token and the session as the web app keeps it (web/src/lib/session.ts). */
async function storedSession(base: string): Promise<{ token: string; stored: string }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ACCOUNT, version: 5 }),
  });
  if (!login.ok) throw new Error(`the login of ${ACCOUNT.email} answered ${login.status}`);
  const answer = (await login.json()) as {
    token: string;
    QMPMarketingPixel: string | null;
    QMPMarketingTarget: string | null;
    OPEN: number[];
    EXPIRATIONS: unknown[];
  };
  const marketing = { pixel: answer.QMPMarketingPixel, target: answer.QMPMarketingTarget };
  const stored = { token: answer.token, version: 5, marketing, OPEN: answer.OPEN, EXPIRATIONS: answer.EXPIRATIONS };
  return { token: answer.token, stored: JSON.stringify(stored) };
}

/**
 * Signs the browser's default profile in: Playwright attaches over the DevTools port, stores the session
 * in the shop's localStorage and detaches, so Lighthouse's own tab starts signed in.
 */
async function signIn(base: string, port: number): Promise<string> {
  const session = await storedSession(base);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${base}/robots.txt`);
    // A string: the bench is compiled without DOM types.
    await page.evaluate(`localStorage.setItem('session', ${JSON.stringify(session.stored)})`);
    await page.close();
  } finally {
    await browser.close();
  }
  return session.token;
}

/** The streaming list and the first video of product 250, as the customer's streaming detail lists it. */
async function pagesOf(base: string, token: string): Promise<{ name: string; url: string }[]> {
  const answer = await fetch(`${base}/api/streaming/${PRODUCT}`, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`the streaming detail of ${PRODUCT} answered ${answer.status}`);
  const detail = (await answer.json()) as StreamDetailResponse;
  const videoId = detail.data.DATA.flatMap((entry) => entry.TITLES)[0]?.ID;
  if (videoId === undefined) throw new Error(`product ${PRODUCT} has no video`);
  return [
    { name: 'streaming list', url: `${base}/streaming` },
    { name: 'video page', url: `${base}/streams/details/${PRODUCT}/${videoId}` },
  ];
}

/** Each audit that cost points in any run, once, with its score and value or elements run by run. */
function costingLines(runs: readonly PageRun[]): string[] {
  const byAudit = new Map<string, string[]>();
  runs.forEach((run, i) => {
    for (const cost of run.costing) {
      const seen = byAudit.get(cost.audit) ?? [];
      byAudit.set(cost.audit, [...seen, `run ${i + 1} ${cost.score.toFixed(2)} ${cost.detail}`]);
    }
  });
  return [...byAudit].map(([audit, lines]) => `${audit}: ${lines.join('; ')}`);
}

/**
 * Lighthouse on the signed-in streaming list and a video page at the issue's phone size (390 x 844),
 * signed in as streamer@demo.test on the demo-seeded shop: performance at least 90 and accessibility
 * 100, the medians of 3 runs. The notes list the audits that cost points, with their elements.
 */
export async function lighthouseSignedIn(databaseUrl: string, dataDir: string): Promise<BudgetResult> {
  if (!existsSync(join(process.cwd(), 'web/dist/index.html'))) {
    throw new Error('web/dist/index.html not found: run from the repository root after npm run build');
  }
  const shop = await startBenchShop(databaseUrl, dataDir, true, true);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const token = await signIn(shop.url, chrome.port);
    const summaries: string[] = [];
    const notes: string[] = [];
    let allOk = true;
    for (const page of await pagesOf(shop.url, token)) {
      await runOnce(page.url, chrome.port); // warm-up: server and file caches
      const runs: PageRun[] = [];
      const slug = page.name.replaceAll(' ', '-');
      const failed: string[] = [];
      // A run without a score (a trace Lighthouse could not read) is run again, up to RUNS more times.
      for (let i = 0; runs.length < RUNS && i < 2 * RUNS; i++) {
        const run = await runOnce(page.url, chrome.port, `signed-in-${slug}-${i + 1}`);
        if (run.error) failed.push(`run ${i + 1}: ${run.error}`);
        else runs.push(run);
      }
      if (runs.length === 0) throw new Error(`no run of the ${page.name} had a score: ${failed.join('; ')}`);
      const performance = median(runs.map((r) => r.performance));
      const accessibility = median(runs.map((r) => r.accessibility));
      allOk &&= performance >= MIN_PERFORMANCE && accessibility >= ACCESSIBILITY;
      summaries.push(`${page.name} ${performance} / ${accessibility}`);
      const middle = runs.find((r) => r.performance === performance) ?? runs[0]!;
      notes.push(
        `lighthouse signed in, ${page.name}: performance ${runs.map((r) => r.performance).join(', ')} (median ` +
          `${performance}), accessibility ${runs.map((r) => r.accessibility).join(', ')}; LCP ${ms(median(runs.map((r) => r.lcp)))}, ` +
          `CLS ${median(runs.map((r) => r.cls)).toFixed(3)}, TBT ${ms(median(runs.map((r) => r.tbt)))}` +
          (failed.length ? `; run again, without a score: ${failed.join('; ')}` : ''),
        ...costingLines(runs).map((line) => `  costs points: ${line}`),
        ...middle.diagnosis.map((line) => `  median run: ${line}`),
      );
    }
    return {
      crashed: false,
      notes,
      row: {
        budget:
          `Lighthouse signed in (streamer@), phone 390x844: performance >= ${MIN_PERFORMANCE} / ` +
          `accessibility = ${ACCESSIBILITY} (simulated throttling, median of ${RUNS})`,
        measured: summaries.join('; '),
        baseline: '-',
        ratio: '-',
        verdict: verdict(allOk),
      },
    };
  } finally {
    await chrome?.kill();
    await shop.close();
  }
}
