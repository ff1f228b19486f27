import { expect, test } from '@playwright/test';
import { productPage } from './support/catalog.js';
import { cents, fillCard, fillCustomer } from './support/checkout.js';

test('a guest buys a book with standard then expedited shipping to MO and sees the tax', async ({ page, request }) => {
  const books = (await productPage(request, { category: 14, size: 48 })).data;
  const book = books.find((p) => p.PRICING.TYPE === 'BOOK');
  if (!book) throw new Error('no book in the demo catalog');

  await page.goto(`/product/${book.SLUG}/${book.ID}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 1 items' }).click();
  await expect(page.getByRole('heading', { name: book.NAME })).toBeVisible();

  // Logged out: Checkout goes to login with checkout/customer remembered; the guest box leads on.
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Checkout as a guest' }).click();
  await expect(page).toHaveURL(/\/checkout\/customer$/);

  // Every required field is checked before anything is sent. (Once the form's reference data has set
  // the country to USA, whose Zip Code is required: pressed before that, no country asks for one.)
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('USA');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Please fill in all "required" fields denoted by an "*".')).toBeVisible();
  await expect(page.getByText('First Name is required.')).toBeVisible();
  await expect(page.getByText('Zip Code is required.')).toBeVisible();

  await fillCustomer(page, { state: 'MO' });
  const shipping = page.getByTestId('total-shipping');
  const tax = page.getByTestId('total-tax');
  const total = page.getByTestId('total-total');
  await expect(shipping).toHaveText('$10.00');
  const subtotal = cents((await page.getByTestId('total-subtotal').textContent()) ?? '');
  const standardTax = cents((await tax.textContent()) ?? '');
  expect(standardTax).toBeGreaterThan(0);
  expect(standardTax).toBeGreaterThanOrEqual(Math.round(subtotal * 0.08238) - 1);
  const standardTotal = cents((await total.textContent()) ?? '');
  expect(standardTotal).toBe(subtotal + 1000 + standardTax);

  // Expedited adds the USA expedited fee and changes the total.
  await page.getByRole('radio', { name: 'Expedited' }).check();
  await expect(shipping).toHaveText('$35.00');
  await expect.poll(async () => cents((await total.textContent()) ?? '')).toBeGreaterThan(standardTotal);
  const expeditedTotal = cents((await total.textContent()) ?? '');

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay$/);
  await expect(page.getByTestId('total-tax')).not.toHaveText('$0.00');
  await expect
    .poll(async () => cents((await page.getByTestId('total-total').textContent()) ?? ''))
    .toBe(expeditedTotal);

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Card Number is required.')).toBeVisible();
  // The number as a person pastes it from a card, with its groups: paid as its digits.
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();

  // A guest's receipt opens with its token.
  await expect(page).toHaveURL(/\/checkout\/confirm\/[^/?]+\?token=/);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByRole('cell', { name: book.NAME })).toBeVisible();
  await expect(page.getByText(/ending in 4242/)).toBeVisible();
  // A printed book opens nothing in the shop: the receipt has no Stream, CME or app button.
  await expect(page.getByRole('link', { name: /Stream This Product Now|Go to CME Center|Open App/ })).toHaveCount(0);
  // The cart is empty again.
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
});
