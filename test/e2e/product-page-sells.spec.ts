import { expect, test } from '@playwright/test';
import type { ProductDetail } from '../../libs/contracts/catalog.js';
import { serverCart } from './support/cart.js';
import { money, productPage } from './support/catalog.js';

const detail = async (request: import('@playwright/test').APIRequestContext, id: number): Promise<ProductDetail> => {
  const response = await request.get(`/api/products/${id}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: ProductDetail }).data;
};

/** "12:05" as the page writes a running time. */
const runningTime = (seconds: number): string => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

test('a book offers its three formats with their prices and adds the chosen one', async ({ page, request }) => {
  const books = (await productPage(request, { category: 14, size: 96 })).data;
  const book = books.find((p) => p.productprices.filter((e) => e.PRICE !== null).length === 3);
  if (!book) throw new Error('no book with three priced formats');
  await page.goto(`/product/${book.SLUG}/${book.ID}`);

  const formats = page.getByRole('radiogroup', { name: 'Format' });
  await expect(formats.getByRole('radio')).toHaveCount(3);
  const labels = { BOOK: 'Printed book', STREAMING: 'Streaming video', BOTH: 'Printed book and streaming video' };
  for (const entry of book.productprices) {
    const label = labels[entry.TYPE as keyof typeof labels];
    const onSale = entry.SALE_PRICE !== null && entry.SALE_PRICE < entry.PRICE!;
    const text = onSale
      ? `${label}: ${money(entry.SALE_PRICE!)} (was ${money(entry.PRICE!)})`
      : `${label}: ${money(entry.PRICE!)}`;
    await expect(formats.getByRole('radio', { name: text, exact: true })).toBeVisible();
  }
  // The printed book is chosen first (the product's PRICING); the customer picks streaming instead.
  await expect(formats.getByRole('radio', { name: /^Printed book:/ })).toBeChecked();
  await formats.getByRole('radio', { name: /^Streaming video:/ }).check();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText(`${book.NAME} has been added to the cart`)).toBeVisible();

  const streaming = book.productprices.find((e) => e.TYPE === 'STREAMING')!;
  const cart = await serverCart(page);
  expect(cart.items).toEqual([
    expect.objectContaining({ ID: book.ID, TYPE: 'STREAMING', QTY: 1, PRICE: streaming.SALE_PRICE ?? streaming.PRICE }),
  ]);
});

test('a video series shows its contents with running times, its faculty with links, the preview and related products', async ({
  page,
  request,
}) => {
  const videos = (await productPage(request, { category: 0, size: 96 })).data;
  const withPreview = videos.find((p) => p.DEMOURL !== null && p.TYPE === 'STREAMING');
  if (!withPreview) throw new Error('no video series with a preview');
  const series = await detail(request, withPreview.ID);
  expect(series.TITLES.length).toBeGreaterThan(1);
  await page.goto(`/product/${series.SLUG}/${series.ID}`);

  const contents = page.getByRole('list', { name: 'Videos' });
  await expect(contents.getByRole('listitem')).toHaveCount(series.TITLES.length);
  for (const [i, title] of series.TITLES.entries()) {
    const item = contents.getByRole('listitem').nth(i);
    await expect(item).toContainText(title.TITLE);
    await expect(item).toContainText(runningTime(title.DURATION!));
  }

  const faculty = page.getByRole('region', { name: 'Faculty' });
  for (const member of series.FACULTY) {
    await expect(faculty.getByRole('link', { name: member.FULLNAME })).toHaveAttribute(
      'href',
      `/people/${member.USERID}`,
    );
    await expect(faculty.getByRole('img', { name: member.FULLNAME })).toHaveAttribute('src', `/${member.PHOTO}`);
  }

  const preview = page.locator('video');
  await expect(preview).toHaveAttribute('preload', 'none');
  await expect(preview).toHaveAttribute('src', `/${series.DEMOURL!}`);
  await expect(preview).toHaveAttribute('poster', `/assets/img/products/${series.ID}/${series.ID}.jpeg`);
  expect((await request.get(`/${series.DEMOURL!}`)).status()).toBe(200);

  const related = page.getByRole('region', { name: 'Related products' });
  await expect(related.getByRole('link')).toHaveCount(series.RELATED.length);
  const first = series.RELATED[0]!;
  await related.getByRole('link', { name: new RegExp(first.NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${first.SLUG}/${first.ID}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.NAME })).toBeVisible();
});

test('a subscription says what it includes', async ({ page, request }) => {
  const complete = await detail(request, 130);
  await page.goto(`/product/${complete.SLUG}/130`);
  const includes = page.getByRole('region', { name: 'What it includes' });
  await expect(includes).toContainText(`${complete.LIBRARY!.VIDEO_SERIES} video series`);
  await expect(includes).toContainText('20% off live meeting registration');
});

test('a failed product load shows the error panel, and Retry loads the page', async ({ page, request }) => {
  const first = (await productPage(request, { category: 0, size: 24 })).data[0]!;
  let failures = 1;
  await page.route(`**/api/products/${first.ID}`, async (route) => {
    if (failures-- > 0) await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    else await route.continue();
  });
  await page.goto(`/product/${first.SLUG}/${first.ID}`);
  const panel = page.getByRole('alert').filter({ hasText: 'The product could not be loaded.' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Check your connection and try again.');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: first.NAME })).toBeVisible();
  await expect(panel).toHaveCount(0);
});
