import { expect, test } from '@playwright/test';
import { product } from './support/catalog.js';
import { addToCart, fillCard, fillCustomer, SANDBOX_CARD } from './support/checkout.js';
import { logIn, registeredAccount } from './support/shop.js';

const PASSWORD = 'Cme-combo-2026';
const WARNING = 'CME can only be purchased with a new or current subscription to Complete, Stream, or eLearning';

test('a customer without a subscription gets the CME warning, then buys CME with Complete and the combo', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A fresh customer without any subscription (the demo reader@ account stays untouched for other journeys).
  const email = await registeredAccount(request, PASSWORD);
  await logIn(page, email, PASSWORD);

  await addToCart(page, await product(request, 155));
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText(WARNING)).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);

  await addToCart(page, await product(request, 130));
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByText(/Discount \(CMEComplete combo\)/)).toBeVisible();
  await expect(page.getByTestId('cart-discount')).not.toHaveText('$0.00');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/customer$/);

  // CME to the USA needs the date of birth, as MM/DD/YYYY.
  await fillCustomer(page, { state: 'MO', email });
  const next = page.getByRole('button', { name: 'Continue to Payment' });
  await next.click();
  await expect(page.getByText('Date of Birth is required.')).toBeVisible();
  await expect(page.getByText('Please fill in all "required" fields denoted by an "*".')).toBeVisible();
  const dob = page.getByRole('textbox', { name: /Date of Birth/ });
  await dob.fill('1980-01-15');
  await next.click();
  await expect(page.getByText('Date of Birth must be in the format of MM/DD/YYYY.')).toBeVisible();
  await dob.fill('01/15/1980');
  await next.click();
  await expect(page).toHaveURL(/\/checkout\/pay$/);
  await expect(page.getByTestId('total-discount')).not.toHaveText('$0.00');

  await fillCard(page, SANDBOX_CARD);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirm\/[^/?]+$/);
  // The receipt names each type in the customer's words (web/src/lib/product-words.ts).
  await expect(page.getByRole('cell', { name: 'Yearly subscription', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'CME credit', exact: true })).toBeVisible();

  // The new roles show at once: the Stream link on home and the CME Center in the account menu.
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page.getByRole('main').getByRole('link', { name: 'Stream', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'CME Center' })).toBeVisible();
});
