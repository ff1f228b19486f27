import { expect, test } from '@playwright/test';
import { productPage } from './support/catalog.js';
import { boxOf, holdTheApp } from './support/first-view.js';

/**
 * Issue 12, the first view (web/public/boot.js): on a slow line the home, a product list and a product page
 * show their main pictures before the app's JavaScript has run, in the places the app puts them, and the
 * app then takes over the page. The app's entry is held back here until the first view has been checked.
 */
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

test('a product page shows its picture before the app, where the app shows it, then the app takes over', async ({
  page,
  request,
}) => {
  const book = (await productPage(request, { category: 14, size: 24 })).data[0]!;
  const release = await holdTheApp(page);
  await page.goto(`/product/${book.SLUG}/${book.ID}`, { waitUntil: 'domcontentloaded' });

  const preview = page.locator('.boot-page img');
  await expect(preview).toHaveAttribute('src', `/assets/img/products/${book.ID}/${book.ID}.jpeg`);
  await expect(preview).toHaveJSProperty('complete', true);
  // Evaluated in the page (a string: the test code is not compiled with DOM types).
  expect(await page.evaluate<number>("document.querySelector('.boot-page img').naturalWidth")).toBeGreaterThan(0);
  const before = await boxOf(page, '.boot-page img');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', { level: 1, name: book.NAME })).toBeVisible();
  await expect(page.locator('.boot-page')).toHaveCount(0);
  expect(await boxOf(page, 'main img')).toEqual(before);
});

test('the home shows its heading and first picture before the app, in place', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const heading = page.getByRole('heading', { level: 1, name: 'Surgical education, streamed and in print' });
  await expect(heading).toBeVisible();
  await expect(page.locator('.boot-page img')).toHaveJSProperty('complete', true);
  const before = await boxOf(page, '.boot-page img');

  release();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('.boot-page')).toHaveCount(0);
  await expect(heading).toBeVisible();
  expect(await boxOf(page, 'main section img')).toEqual(before);
});

test('a product list shows its title, count and first cards before the app, in place', async ({ page, request }) => {
  const list = await productPage(request, { category: 0, size: 24, page: 2 });
  expect(list.data.length).toBeGreaterThanOrEqual(4);
  const release = await holdTheApp(page);
  await page.goto('/products/0?size=24&page=2', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'All Videos' })).toBeVisible();
  await expect(page.getByText(`${list.total} products`)).toBeVisible();
  const names = page.locator('.boot-card-name');
  await expect(names).toHaveText(list.data.slice(0, 4).map((item) => item.NAME));
  const before = await boxOf(page, '.boot-cards img');

  release();
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(cards.first()).toContainText(list.data[0]!.NAME);
  await expect(page.locator('.boot-page')).toHaveCount(0);
  expect(await boxOf(page, 'ul[aria-label="Products"] img')).toEqual(before);
});

test('a list address the API refuses still opens the app', async ({ page }) => {
  await page.goto('/products/14?size=7');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('.boot-page')).toHaveCount(0);
});
