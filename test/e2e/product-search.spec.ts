import { expect, test, type Page } from '@playwright/test';
import { productPage } from './support/catalog.js';

const SORTS: [string, string][] = [
  ['PUBDATE_DESC', 'Newest first'],
  ['PUBDATE_ASC', 'Oldest first'],
  ['NAME_ASC', 'Name: A to Z'],
  ['NAME_DESC', 'Name: Z to A'],
  ['SALE_PRICE_ASC', 'Price: low to high'],
  ['SALE_PRICE_DESC', 'Price: high to low'],
];

const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');
const cardNames = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('heading');

test('products redirects to products/0, which shows the side menu and the first 48 newest products', async ({
  page,
  request,
}) => {
  const expected = await productPage(request, { category: 0 });
  expect(expected.total).toBeGreaterThan(96);
  await page.goto('/products');
  await expect(page).toHaveURL(/\/products\/0$/);
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByLabel('Page size')).toHaveValue('48');
  await expect(page.getByLabel('Sort by')).toHaveValue('PUBDATE_DESC');
  await expect(cards(page)).toHaveCount(48);
  await expect(cardNames(page).first()).toHaveText(expected.data[0]!.NAME);
  await expect(page.getByText(`${expected.total} products`)).toBeVisible();

  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Books' }).click();
  await expect(page).toHaveURL(/\/products\/14$/);
  const books = await productPage(request, { category: 14 });
  await expect(cards(page)).toHaveCount(Math.min(48, books.total));
});

test('search finds products and says "No results found" otherwise', async ({ page, request }) => {
  const first = (await productPage(request, { category: 0, size: 24 })).data[0]!;
  const term = first.NAME.split(' ').reduce((a, b) => (b.length > a.length ? b : a));
  const hits = await productPage(request, { category: 0, search: term });
  await page.goto('/products/0');
  await page.getByLabel('Search products').fill(term.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(term.toUpperCase())}`));
  await expect(page.getByText(`${hits.total} products`)).toBeVisible();
  await expect(cardNames(page).filter({ hasText: first.NAME }).first()).toBeVisible();

  await page.getByLabel('Search products').fill('qqqzzzxxnothing');
  await page.keyboard.press('Enter');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});

test('each page size shows that many products and pages', async ({ page, request }) => {
  await page.goto('/products/0');
  for (const size of [24, 96, 48]) {
    const expected = await productPage(request, { category: 0, size });
    await page.getByLabel('Page size').selectOption(String(size));
    await expect(page).toHaveURL(new RegExp(`size=${size}`));
    await expect(cards(page)).toHaveCount(Math.min(size, expected.total));
    const pages = Math.ceil(expected.total / size);
    await expect(page.getByRole('button', { name: `Go to page ${pages}` })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  const second = await productPage(request, { category: 0, size: 48, page: 2 });
  await expect(cardNames(page).first()).toHaveText(second.data[0]!.NAME);
});

test('each sort orders the products as the API does', async ({ page, request }) => {
  await page.goto('/products/0?size=24');
  for (const [sort, label] of SORTS) {
    const expected = await productPage(request, { category: 0, sort, size: 24 });
    await page.getByLabel('Sort by').selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`sort=${sort}`));
    await expect(cardNames(page)).toHaveText(expected.data.map((p) => p.NAME));
  }
});

test('page, size, sort and search survive a reload and the back button', async ({ page, request }) => {
  const expected = await productPage(request, { category: 0, search: 'a', sort: 'NAME_ASC', size: 24, page: 2 });
  await page.goto('/products/0');
  await page.getByLabel('Search products').fill('a');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByLabel('Page size').selectOption('24');
  await page.getByLabel('Sort by').selectOption('NAME_ASC');
  await expect(page).toHaveURL(/search=a&size=24&sort=NAME_ASC$/);
  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL(/search=a&size=24&sort=NAME_ASC&page=2$/);
  await expect(cardNames(page).first()).toHaveText(expected.data[0]!.NAME);

  await page.reload();
  await expect(page.getByLabel('Search products')).toHaveValue('a');
  await expect(page.getByLabel('Page size')).toHaveValue('24');
  await expect(page.getByLabel('Sort by')).toHaveValue('NAME_ASC');
  await expect(page.getByRole('button', { name: 'page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(cardNames(page).first()).toHaveText(expected.data[0]!.NAME);

  await cards(page).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/product\//);
  await page.goBack();
  await expect(page).toHaveURL(/search=a/);
  await expect(page.getByLabel('Sort by')).toHaveValue('NAME_ASC');
  await expect(cardNames(page)).toHaveText(expected.data.map((p) => p.NAME));

  // Back through the history of the list itself: page 1 of the same search.
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByLabel('Sort by')).toHaveValue('NAME_ASC');
});

test('a failed load still shows the page, empty', async ({ page }) => {
  await page.route(/\/api\/products\?/, (route) => route.fulfill({ status: 500, json: { statusCode: 500 } }));
  await page.goto('/products/0');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel('Search products')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});
