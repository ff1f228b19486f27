import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { freePort } from './postgres.js';
import { startBenchShop } from './shop.js';
import { type BudgetResult, median, ms, verdict } from './report.js';

const LOADS = 5;
const BUDGET_MS = 1000;
const TIMEOUT_MS = 15_000;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Runs in the page before its own scripts: records `performance.now()` (milliseconds since navigation
 * start) the first time the main navigation's "Home" link is laid out with a size and not hidden.
 */
const RECORD_HOME_VISIBLE = `(() => {
  const check = () => {
    if (window.__homeVisibleAt !== undefined) return;
    const nav = document.querySelector('nav[aria-label="Main"]');
    if (!nav) return;
    for (const link of nav.querySelectorAll('a')) {
      if ((link.textContent || '').trim() !== 'Home') continue;
      const box = link.getBoundingClientRect();
      const style = getComputedStyle(link);
      if (box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0) {
        window.__homeVisibleAt = performance.now();
        observer.disconnect();
        return;
      }
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener('DOMContentLoaded', check);
})();`;

/** Median over fresh browser contexts (no cache, no storage) of navigation start -> "Home" visible. */
async function timeHomeVisible(browser: Browser, url: string): Promise<{ median: number; loads: number[] }> {
  const loadOnce = async (): Promise<number> => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript({ content: RECORD_HOME_VISIBLE });
      await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
      // Functions, not strings: the shop's Content-Security-Policy forbids evaluating strings.
      // (Each function runs in the page, by its source alone.)
      await page.waitForFunction(
        () => (globalThis as { __homeVisibleAt?: number }).__homeVisibleAt !== undefined,
        undefined,
        { timeout: TIMEOUT_MS },
      );
      // Cross-check with the browser's own view of the same link.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Home' })
        .waitFor({ state: 'visible', timeout: TIMEOUT_MS });
      return Number(await page.evaluate(() => (globalThis as { __homeVisibleAt?: number }).__homeVisibleAt));
    } finally {
      await context.close();
    }
  };
  await loadOnce(); // warm-up, not counted: the first load also pays for server and OS file caches
  const loads: number[] = [];
  for (let i = 0; i < LOADS; i++) loads.push(await loadOnce());
  return { median: median(loads), loads };
}

const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>bare</title></head>' +
  '<body><nav aria-label="Main"><a href="/">Home</a></nav></body></html>';

async function startBarePage(): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(BARE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, server };
}

/**
 * Budget: home page usable in under 1 s in headless Chromium on localhost. Starts the whole shop with
 * `startShop` (web app served from web/dist under the working directory), loads `/` in a fresh context
 * 5 times (after one uncounted warm-up load) and takes the median time from navigation start until
 * the main navigation's "Home" link is visible. Baseline: the same measurement of a bare static page
 * holding only that link, served by node:http.
 */
export async function homeUsable(databaseUrl: string, dataDir: string): Promise<BudgetResult> {
  if (!existsSync(join(process.cwd(), 'web/dist/index.html'))) {
    throw new Error('web/dist/index.html not found: run from the repository root after npm run build');
  }
  const shop = await startBenchShop(databaseUrl, dataDir, true);

  let bare: Server | undefined;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const barePage = await startBarePage();
    bare = barePage.server;
    const baseline = await timeHomeVisible(browser, barePage.url);
    const measured = await timeHomeVisible(browser, `${shop.url}/`);
    return {
      crashed: false,
      row: {
        budget: `Home page usable (nav "Home" visible) < ${BUDGET_MS} ms, headless Chromium, localhost`,
        measured: `median ${ms(measured.median)} (loads ${measured.loads.map((l) => l.toFixed(0)).join(', ')} ms)`,
        baseline: `bare page median ${ms(baseline.median)}`,
        ratio: `${(measured.median / baseline.median).toFixed(1)} x bare; ${((measured.median / BUDGET_MS) * 100).toFixed(0)} % of budget`,
        verdict: verdict(measured.median < BUDGET_MS),
      },
    };
  } finally {
    await browser?.close().catch(() => undefined);
    if (bare) await new Promise<void>((resolve) => bare?.close(() => resolve()));
    await shop.close();
  }
}
