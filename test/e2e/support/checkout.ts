import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ProductListItem } from '../../../libs/contracts/catalog.js';
import { productPage } from './catalog.js';

export const SANDBOX_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

/** Fills the checkout/customer form with a US address in the given state. */
export async function fillCustomer(
  page: Page,
  { state = 'MO', email = 'guest@example.test', dob }: { state?: string; email?: string; dob?: string } = {},
): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill('Robin');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Tester');
  await page.getByRole('textbox', { name: 'Phone' }).fill('555-0100');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main Street');
  await page.getByRole('textbox', { name: 'City' }).fill('Springfield');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('USA');
  await page.getByRole('combobox', { name: 'State' }).selectOption(state);
  await page.getByRole('textbox', { name: 'Zip Code' }).fill('65801');
  if (dob !== undefined) await page.getByRole('textbox', { name: /Date of Birth/ }).fill(dob);
}

export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Card Number' }).fill(number);
  await page.getByRole('combobox', { name: 'Card Month' }).selectOption('12');
  await page.getByRole('combobox', { name: 'Card Year' }).selectOption('2030');
  await page.getByRole('textbox', { name: 'Security Code' }).fill('123');
}

/** Cents from a shown amount like "$1,234.56". */
export const cents = (text: string): number => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

/** The cheapest book of the demo catalog. */
export async function cheapBook(request: APIRequestContext): Promise<ProductListItem> {
  const books = (await productPage(request, { category: 14, size: 96 })).data.filter((p) => p.PRICING.TYPE === 'BOOK');
  const price = (p: ProductListItem): number => p.PRICING.SALE_PRICE ?? p.PRICING.PRICE;
  const book = books.sort((a, b) => price(a) - price(b))[0];
  if (!book) throw new Error('no book in the demo catalog');
  return book;
}

/** From a cart holding physical items to the receipt: Checkout, the guest box when logged out, contact, card, Pay. */
export async function checkOut(page: Page, card: string, { email }: { email?: string } = {}): Promise<void> {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  // Logged out, Checkout goes to login first.
  await expect(page).toHaveURL(/\/(login|checkout\/customer)$/);
  if (new URL(page.url()).pathname === '/login') await page.getByRole('link', { name: 'Checkout as a guest' }).click();
  await expect(page).toHaveURL(/\/checkout\/customer$/);
  await fillCustomer(page, { state: 'MO', email });
  await expect(page.getByTestId('total-total')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay$/);
  await fillCard(page, card);
}

/** Adds a product to the page's cart through its product page. */
export async function addToCart(page: Page, product: { SLUG: string; ID: number; NAME: string }): Promise<void> {
  await page.goto(`/product/${product.SLUG}/${product.ID}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/has been added to the cart/)).toBeVisible();
}

/** The session token the web app keeps (localStorage `session`). */
export async function sessionToken(page: Page): Promise<string> {
  const raw = await page.evaluate<string | null>("localStorage.getItem('session')");
  const token = raw ? (JSON.parse(raw) as { token?: string }).token : undefined;
  if (!token) throw new Error('not logged in');
  return token;
}

/** Buys one printed book through the API on the customer's session; answers the order number. */
export async function buyBookByApi(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  expect(
    (await request.post('/api/cart/items', { headers, data: { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 } })).ok(),
  ).toBe(true);
  const quote = (await (
    await request.post('/api/checkout/quote', { headers, data: { COUNTRY: 'USA', STATE: 'KS', SHIPPING: 1 } })
  ).json()) as { TOTAL: number };
  const paid = await request.post('/api/checkout/pay', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: {
      ATTJSON: {
        FIRSTNAME: 'Robin',
        LASTNAME: 'Tester',
        ADDRESS: '1 Main St',
        CITY: 'Wichita',
        STATE: 'KS',
        ZIP: '67202',
        COUNTRY: 'USA',
        PHONE: '555-0100',
        EMAIL: 'robin@example.test',
      },
      BILLINGJSON: null,
      CARD: { CC: '4242424242424242', MONTH: '12', YEAR: '2030', SC: '123' },
      SHIPPING: 1,
      TOTAL: quote.TOTAL,
    },
  });
  const body = (await paid.json()) as { ONUM: string; ERRORS: string[] };
  expect(body.ERRORS).toEqual([]);
  return body.ONUM;
}
