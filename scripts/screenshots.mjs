#!/usr/bin/env node
// `npm run screenshots`: full-page screenshots of the storefront at a phone's size (390x844) and a
// desktop's (1280x800) into screenshots/ (ignored by git): home, product list, a product page of each
// TYPE (book, video series, subscription, meeting, CME, app), cart, checkout and receipt; then the
// signed-in pages as the demo accounts that hold them: My Videos, the streaming list, a video page and
// its player in full screen, each account tab, the CME center, a CME test, the certificate (its PDF
// rendered by pdftoppm) and the certificate's public verify page.
//
// Builds nothing: it starts the built shop (`npm run build` first) on free ports with its own
// temporary DATA_DIR (embedded PostgreSQL, demo data, the mail outbox), walks the pages with Debian's
// Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and stops every process it started, also on a
// failure or Ctrl+C. A signed-in page that cannot be shot is reported and the walk goes on; the run
// then exits 1.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { SHOP_ENTRY, startShop, stopShop } from './built-shop.mjs';

const OUT = resolve('screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];
/** Demo products of each TYPE (libs/catalog/data): 517 an upcoming meeting, 130 Complete, 155 CME, 399 the app. */
const FIXED_PRODUCTS = { subscription: 130, meeting: 517, cme: 155, app: 399 };
/** The demo accounts' password (docs/demo-data.md). */
const DEMO_PASSWORD = 'Demo-pass-2026';
/** Streams through its Complete, has favourites, orders and a card: My Videos, streaming, account tabs. */
const STREAMING_ACCOUNT = 'complete@demo.test';
/** CME records this year and a date of birth: CME info tab, CME center, a test, the certificate. */
const CME_ACCOUNT = 'cme@demo.test';
/** A video series complete@ watches (one of its favourites), and a test cme@ has not taken yet. */
const VIDEO_PRODUCT = 250;
const CME_TEST_PATH = '/cme/streaming/287';
const ACCOUNT_TABS = ['profile', 'shipping', 'billing', 'orders', 'subscriptions'];

const say = (line) => process.stdout.write(`${line}\n`);
const messageOf = (error) => (error instanceof Error ? error.message : String(error));
/** Signed-in shots that failed (`size-name: reason`): reported at the end, the run exits 1. */
const failures = [];
/** Short-lived helper processes (pdftoppm), killed with the rest on Ctrl+C. */
const helpers = new Set();

async function getJson(url, token) {
  const r = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : undefined);
  if (!r.ok) throw new Error(`${url} answered ${r.status}`);
  return r.json();
}

/** The product pages to show: the first book and video series of the list, and the fixed ones. */
async function productPages(url) {
  const list = (category) =>
    getJson(`${url}/api/products?category=${category}&search=&sort=PUBDATE_DESC&page=1&size=48`);
  const book = (await list(14)).data.find((p) => p.PRICING.TYPE === 'BOOK');
  const video = (await list(0)).data.find((p) => p.TYPE === 'STREAMING' || p.PRICING.TYPE === 'STREAMING');
  const pages = [];
  for (const [kind, found] of [
    ['book', book],
    ['video', video],
  ]) {
    if (found) pages.push({ kind, product: found });
  }
  for (const [kind, id] of Object.entries(FIXED_PRODUCTS)) {
    pages.push({ kind, product: (await getJson(`${url}/api/products/${id}`)).data });
  }
  return pages;
}

/** Waits for the screen to settle: no request in flight and no loading bar. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** Scrolls down the page a screen at a time (at most 100), so lazy images load, then back to the top. */
async function scrollThrough(page) {
  const height = await page.evaluate('document.documentElement.scrollHeight');
  const step = page.viewportSize()?.height ?? 800;
  for (let y = step, n = 0; y < height && n < 100; y += step, n += 1) {
    await page.evaluate(`window.scrollTo(0, ${y})`);
    await page.waitForTimeout(50);
  }
  await page.evaluate('window.scrollTo(0, 0)');
}

async function shoot(page, size, name, fullPage = true) {
  await settle(page);
  if (fullPage) {
    await scrollThrough(page);
    await settle(page);
  }
  const path = join(OUT, `${size.name}-${name}.png`);
  await page.screenshot({ path, fullPage });
  say(`  ${path}`);
}

/** Runs the steps of one signed-in shot; a failure is reported and counted, and the walk goes on. */
async function attempt(size, name, steps) {
  try {
    await steps();
  } catch (error) {
    failures.push(`${size.name}-${name}: ${messageOf(error)}`);
    say(`  FAILED ${size.name}-${name}: ${messageOf(error).split('\n')[0]}`);
  }
}

async function walk(browser, url, size, products) {
  const context = await browser.newContext({ viewport: size.viewport, baseURL: url });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await shoot(page, size, 'home');
    await page.goto('/products/0');
    await shoot(page, size, 'product-list');
    for (const { kind, product } of products) {
      await page.goto(`/product/${product.SLUG}/${product.ID}`);
      await shoot(page, size, `product-${kind}`);
    }
    // A guest's book order: cart, checkout, payment, receipt (the demo card 4242...).
    const book = products.find((entry) => entry.kind === 'book');
    if (!book) throw new Error('no book in the demo catalog');
    await page.goto(`/product/${book.product.SLUG}/${book.product.ID}`);
    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    await page.getByRole('link', { name: /^Cart, 1 item/ }).waitFor();
    await page.goto('/cart');
    await shoot(page, size, 'cart');
    await page.goto('/checkout/customer');
    await page.getByRole('textbox', { name: 'First Name' }).fill('Robin');
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Tester');
    await page.getByRole('textbox', { name: 'Phone' }).fill('555-0100');
    await page.getByRole('textbox', { name: 'Email' }).fill('screenshots@example.test');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main Street');
    await page.getByRole('textbox', { name: 'City' }).fill('Springfield');
    await page.getByRole('combobox', { name: 'Country' }).selectOption('USA');
    await page.getByRole('combobox', { name: 'State' }).selectOption('MO');
    await page.getByRole('textbox', { name: 'Zip Code' }).fill('65801');
    await page.getByTestId('total-total').waitFor();
    await shoot(page, size, 'checkout');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('textbox', { name: 'Card Number' }).fill('4242424242424242');
    await page.getByRole('combobox', { name: 'Card Month' }).selectOption('12');
    await page.getByRole('combobox', { name: 'Card Year' }).selectOption('2030');
    await page.getByRole('textbox', { name: 'Security Code' }).fill('123');
    await shoot(page, size, 'payment');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/checkout\/confirm\//);
    await page.getByRole('table', { name: 'Order lines' }).waitFor();
    await shoot(page, size, 'receipt');
  } finally {
    await context.close();
  }
}

/** Logs in through the API; answers the token and the session as the web app stores it (web/src/lib/session.ts). */
async function sessionOf(url, email) {
  const r = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, version: 5 }),
  });
  if (!r.ok) throw new Error(`the login of ${email} answered ${r.status}: ${await r.text()}`);
  const answer = await r.json();
  const marketing = { pixel: answer.QMPMarketingPixel, target: answer.QMPMarketingTarget };
  const stored = { token: answer.token, version: 5, marketing, OPEN: answer.OPEN, EXPIRATIONS: answer.EXPIRATIONS };
  return { token: answer.token, stored: JSON.stringify(stored) };
}

/** A browser context signed in as `email` from its first page: the session in localStorage, no login screen. */
async function signedInContext(browser, url, size, email) {
  const session = await sessionOf(url, email);
  const storageState = {
    cookies: [],
    origins: [{ origin: url, localStorage: [{ name: 'session', value: session.stored }] }],
  };
  const context = await browser.newContext({ viewport: size.viewport, baseURL: url, storageState });
  return { context, token: session.token };
}

/**
 * Shows a frame instead of black and no loading spinner: plays the video muted for a moment (until
 * second 0.5, at most 10 s) and pauses it.
 */
async function showFrame(video) {
  await video.evaluate(
    (element) =>
      new Promise((done) => {
        const stop = () => {
          element.pause();
          done();
        };
        setTimeout(stop, 10_000);
        element.muted = true;
        element.addEventListener('timeupdate', () => element.currentTime >= 0.5 && stop());
        element.play().catch(stop);
      }),
  );
}

/**
 * The video page, then its player in full screen (the viewport, not the whole page): the player's own
 * full-screen button when it has one; else the `<video>` element, which is what its native control does.
 */
async function shootVideo(page, size, url, token) {
  const detail = await getJson(`${url}/api/streaming/${VIDEO_PRODUCT}`, token);
  const videoId = detail.data.DATA.flatMap((entry) => entry.TITLES)[0]?.ID;
  if (videoId === undefined) throw new Error(`product ${VIDEO_PRODUCT} has no video`);
  await page.goto(`/streams/details/${VIDEO_PRODUCT}/${videoId}`);
  const video = page.locator('video');
  await video.waitFor({ timeout: 15_000 });
  await showFrame(video);
  // The controls show while the pointer is over the video; on a phone the big play button covers it before
  // the first play, so the pointer is moved there without waiting for the video itself to take it.
  await video.hover({ force: true });
  await shoot(page, size, 'video');
  const button = page.getByRole('button', { name: /full ?screen/i });
  if ((await button.count()) > 0) {
    await button.first().click();
  } else {
    say('    (the player has no full-screen button of its own: the <video> element is made full screen)');
    await video.evaluate((element) => element.requestFullscreen());
  }
  // Strings: this script is linted for Node, without the browser's globals.
  await page.waitForFunction('document.fullscreenElement !== null', undefined, { timeout: 5_000 });
  await page.waitForTimeout(500); // the layout follows the new size
  await shoot(page, size, 'video-fullscreen', false);
  await page.evaluate('document.exitFullscreen()');
}

/** complete@demo.test: My Videos, the streaming list, a product's stream page, a video, the account tabs. */
async function walkStreaming(browser, url, size) {
  const { context, token } = await signedInContext(browser, url, size, STREAMING_ACCOUNT);
  const page = await context.newPage();
  try {
    for (const [name, path] of [
      ['user-home', '/user/home'],
      ['streaming-list', '/streaming'],
      ['stream-product', `/stream/${VIDEO_PRODUCT}`],
    ]) {
      await attempt(size, name, async () => {
        await page.goto(path);
        await shoot(page, size, name);
      });
    }
    await attempt(size, 'video', () => shootVideo(page, size, url, token));
    for (const tab of ACCOUNT_TABS) {
      await attempt(size, `account-${tab}`, async () => {
        await page.goto(`/user/account#${tab}`);
        await shoot(page, size, `account-${tab}`);
      });
    }
  } finally {
    await context.close();
  }
}

/** Runs a short helper process (killed on Ctrl+C with the rest). */
function runHelper(command, args) {
  return new Promise((done, reject) => {
    const child = execFile(command, args, { timeout: 60_000 }, (error) => (error ? reject(error) : done()));
    helpers.add(child);
    child.once('exit', () => helpers.delete(child));
  });
}

/** Each page of the certificate PDF as certificate-N.png (pdftoppm of poppler-utils, when installed). */
async function renderCertificate(pdf) {
  try {
    await runHelper('pdftoppm', ['-png', '-r', '100', pdf, join(OUT, 'certificate')]);
    say(`  ${join(OUT, 'certificate-*.png')}`);
  } catch (error) {
    if (error?.code !== 'ENOENT') throw error;
    say('    (pdftoppm not found, `apt-get install poppler-utils`: the certificate is kept as PDF only)');
  }
}

/** Downloads this year's certificate from the CME center; answers its verify path. The first time, renders it. */
async function downloadCertificate(page, render) {
  await page.goto('/cme-center');
  await settle(page);
  const issued = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cme/certificate',
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download certificate' }).click();
  const answer = await issued;
  if (!answer.ok()) throw new Error(`issuing the certificate answered ${answer.status()}`);
  const { VERIFYURL } = await answer.json();
  const download = await downloading;
  if (render) {
    const pdf = join(OUT, 'certificate.pdf');
    await download.saveAs(pdf);
    say(`  ${pdf}`);
    await renderCertificate(pdf);
  }
  return new URL(VERIFYURL).pathname;
}

/** cme@demo.test: the CME info tab, the CME center, a CME test, the certificate; its verify page signed out. */
async function walkCme(browser, url, size, renderCertificatePdf) {
  const { context } = await signedInContext(browser, url, size, CME_ACCOUNT);
  const page = await context.newPage();
  let verifyPath;
  try {
    for (const [name, path] of [
      ['account-cme', '/user/account#cme'],
      ['cme-center', '/cme-center'],
      ['cme-test', CME_TEST_PATH],
    ]) {
      await attempt(size, name, async () => {
        await page.goto(path);
        await shoot(page, size, name);
      });
    }
    await attempt(size, 'certificate', async () => {
      verifyPath = await downloadCertificate(page, renderCertificatePdf);
    });
  } finally {
    await context.close();
  }
  if (!verifyPath) return;
  // The verify page is public: shot as anyone holding the certificate sees it, signed out.
  const guest = await browser.newContext({ viewport: size.viewport, baseURL: url });
  try {
    await attempt(size, 'verify', async () => {
      const page = await guest.newPage();
      await page.goto(verifyPath);
      await shoot(page, size, 'verify');
    });
  } finally {
    await guest.close();
  }
}

async function main() {
  if (!existsSync(SHOP_ENTRY)) {
    process.stderr.write(`${SHOP_ENTRY} is missing: run \`npm run build\` first.\n`);
    return 1;
  }
  mkdirSync(OUT, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-screenshots-data-'));
  let shop;
  let browser;
  let stopping = false;
  const interrupt = (signal) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping`);
    for (const child of helpers) child.kill('SIGKILL');
    void Promise.allSettled([browser?.close(), stopShop(shop)]).then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    shop = await startShop(dataDir);
    say(`The shop answers at ${shop.url}`);
    const products = await productPages(shop.url);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
    });
    for (const [index, size] of SIZES.entries()) {
      say(`${size.name} (${size.viewport.width}x${size.viewport.height}):`);
      await walk(browser, shop.url, size, products);
      await walkStreaming(browser, shop.url, size);
      await walkCme(browser, shop.url, size, index === 0);
    }
    say(`Screenshots are in ${OUT}`);
    if (failures.length === 0) return 0;
    process.stderr.write(`screenshots FAILED for ${failures.length} page(s):\n${failures.join('\n')}\n`);
    return 1;
  } catch (error) {
    process.stderr.write(`screenshots FAILED: ${messageOf(error)}\n`);
    return 1;
  } finally {
    await browser?.close();
    await stopShop(shop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
