import { expect, test } from '@playwright/test';
import { serverCart } from './support/cart.js';
import { money, product, productPage, termLabel } from './support/catalog.js';

const CME_NOTICE =
  'This product can only be purchased with a new or current subscription to Complete, Stream, or eLearning';

test('a book shows its BOOK price; quantity is refused outside 1 to 999; Add to Cart confirms and counts', async ({
  page,
  request,
}) => {
  const books = (await productPage(request, { category: 14, size: 96 })).data;
  const book = books.find((p) => p.productprices[0]?.TYPE === 'BOOK');
  if (!book) throw new Error('no book with a BOOK price entry');
  const entry = book.productprices[0]!;
  expect(book.PRICING.TYPE).toBe('BOOK');
  expect(book.PRICING.PRICE).toBe(entry.PRICE);

  await page.goto(`/product/${book.SLUG}/${book.ID}`);
  await expect(page.getByRole('heading', { level: 1, name: book.NAME })).toBeVisible();
  const price = page.getByTestId('price');
  await expect(price).toContainText('Book:');
  if (entry.SALE_PRICE !== null && entry.SALE_PRICE < entry.PRICE!) {
    await expect(price).toContainText(`Sale price: ${money(entry.SALE_PRICE)}`);
  } else {
    await expect(price).toContainText(money(entry.PRICE!));
  }
  await expect(page.getByRole('img', { name: book.NAME })).toHaveAttribute(
    'src',
    `/assets/img/products/${book.ID}/${book.ID}.jpeg`,
  );

  const quantity = page.getByLabel('Quantity');
  await expect(quantity).toHaveValue('1');
  const add = page.getByRole('button', { name: 'Add to Cart' });
  for (const wrong of ['0', '1000', '-3']) {
    await quantity.fill(wrong);
    await expect(page.getByText('Quantity must be a whole number from 1 to 999.')).toBeVisible();
    await expect(add).toBeDisabled();
  }
  await quantity.fill('2');
  await expect(page.getByText('Quantity must be a whole number from 1 to 999.')).toHaveCount(0);
  await add.click();
  await expect(page.getByText(`${book.NAME} has been added to the cart`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(`${book.NAME} has been added to the cart`)).toHaveCount(0);

  // The cart lives on the server; the browser keeps its id. Lines have the cart item shape of storefront section 3.
  const stored = await serverCart(page);
  expect(stored.items).toEqual([
    expect.objectContaining({ ID: book.ID, NAME: book.NAME, TYPE: 'BOOK', QTY: 2, SHIP_WEIGHT: book.SHIP_WEIGHT }),
  ]);
  expect(stored.items[0]!.product.DESCR).toBeUndefined();
  expect(stored.items[0]!.product.productprices).toBeUndefined();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});

test('a video uses the STREAMING price of its PRICING, with its sale price', async ({ page, request }) => {
  const videos = (await productPage(request, { category: 0, size: 96 })).data;
  const video = videos.find((p) => p.PRICING.TYPE === 'STREAMING' && p.PRICING.SALE_PRICE !== null);
  if (!video) throw new Error('no streaming product on sale');
  await page.goto(`/product/${video.SLUG}/${video.ID}`);
  const price = page.getByTestId('price');
  await expect(price).toContainText('Streaming:');
  await expect(price).toContainText(`Sale price: ${money(video.PRICING.SALE_PRICE!)}`);
  await expect(price.locator('s')).toHaveText(money(video.PRICING.PRICE));
});

test('a wrong name in the address goes to the product own one; an unknown id is Page Not Found', async ({
  page,
  request,
}) => {
  const first = (await productPage(request, { category: 0, size: 24 })).data[0]!;
  await page.goto(`/product/not-the-name/${first.ID}`);
  await expect(page).toHaveURL(new RegExp(`/product/${first.SLUG}/${first.ID}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.NAME })).toBeVisible();

  await page.goto('/product/nothing/987654');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveURL(/\/product\/nothing\/987654$/);
});

test('product 130 offers a term of 1, 2 or 3 years at its price per year', async ({ page, request }) => {
  const complete = await product(request, 130);
  await page.goto(`/product/${complete.SLUG}/130`);
  for (const term of complete.TERMS) {
    await expect(page.getByRole('radio', { name: termLabel(term.YEARS, term.PRICE) })).toBeVisible();
  }
  await expect(page.getByRole('radio', { name: termLabel(1, 175000) })).toBeChecked();
  await page.getByRole('radio', { name: termLabel(3, 140000) }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Complete has been added to the cart')).toBeVisible();
  const stored = await serverCart(page);
  expect(stored.items).toEqual([expect.objectContaining({ ID: 130, TYPE: 'qmpcomplete', PRICE: 140000, QTY: 3 })]);
});

test('product 155 states 20 credits good through the current year and carries the CME notice', async ({
  page,
  request,
}) => {
  const cme = await product(request, 155);
  await page.goto(`/product/${cme.SLUG}/155`);
  await expect(
    page.getByText(`20 AMA PRA Category 1 credits, good through December 31, ${new Date().getFullYear()}.`),
  ).toBeVisible();
  await expect(page.getByText(CME_NOTICE)).toBeVisible();
  await expect(page.getByTestId('price')).toContainText(money(40000));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('CME has been added to the cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
});
