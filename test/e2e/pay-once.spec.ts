import { expect, test } from '@playwright/test';
import { addToCart, cheapBook, checkOut, fillCustomer, SANDBOX_CARD, sessionToken } from './support/checkout.js';
import { logIn, registeredAccount } from './support/shop.js';

const PASSWORD = 'Pay-once-2026';

test('a double-clicked Pay creates one order', async ({ page, request }) => {
  const email = await registeredAccount(request, PASSWORD);
  await logIn(page, email, PASSWORD);
  await addToCart(page, await cheapBook(request));
  await checkOut(page, SANDBOX_CARD, { email });
  // Kept only because the customer asks for it (unticked, the card is used for this payment only).
  await page.getByRole('checkbox', { name: 'Keep this card on file' }).check();

  await page.getByRole('button', { name: 'Pay' }).dblclick();
  await expect(page).toHaveURL(/\/checkout\/confirm\/[^/?]+$/);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();

  const orders = await page.request.get('/api/orders', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(orders.ok(), await orders.text()).toBeTruthy();
  const { data } = (await orders.json()) as { data: { ONUM: string }[] };
  expect(data).toHaveLength(1);
  expect(page.url()).toContain(`/checkout/confirm/${data[0]!.ONUM}`);

  // The card was kept on file, as asked: the next purchase offers it.
  await addToCart(page, await cheapBook(request));
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  // The customer data was cleared with the first order.
  await fillCustomer(page, { state: 'MO', email });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay$/);
  await expect(page.getByRole('radio', { name: 'use card ending in 4242' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Card Number' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Different?' }).check();
  await expect(page.getByRole('textbox', { name: 'Card Number' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Billing Address', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'use card ending in 4242' }).check();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirm\/[^/?]+$/);
  await expect(page.getByText(/ending in 4242/)).toBeVisible();
});
