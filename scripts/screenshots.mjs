#!/usr/bin/env node
// `npm run screenshots`: full-page screenshots of the storefront at a phone's size (390x844) and a
// desktop's (1280x800) into screenshots/ (ignored by git): home, product list, a product page of each
// TYPE (book, video series, subscription, meeting, CME, app), cart, checkout and receipt.
//
// Builds nothing: it starts the built shop (`npm run build` first) on free ports with its own
// temporary DATA_DIR (embedded PostgreSQL, demo data, the mail outbox), walks the pages with Debian's
// Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and stops every process it started, also on a
// failure or Ctrl+C.
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

const say = (line) => process.stdout.write(`${line}\n`);

async function getJson(url) {
  const r = await fetch(url);
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

async function shoot(page, size, name) {
  await settle(page);
  const path = join(OUT, `${size.name}-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  say(`  ${path}`);
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
    for (const size of SIZES) {
      say(`${size.name} (${size.viewport.width}x${size.viewport.height}):`);
      await walk(browser, shop.url, size, products);
    }
    say(`Screenshots are in ${OUT}`);
    return 0;
  } catch (error) {
    process.stderr.write(`screenshots FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await browser?.close();
    await stopShop(shop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
