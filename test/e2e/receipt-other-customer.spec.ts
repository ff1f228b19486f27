import { expect, test } from '@playwright/test';
import { addToCart, cheapBook, checkOut, SANDBOX_CARD } from './support/checkout.js';
import { logIn, logOut, registeredAccount, withApiSession } from './support/shop.js';

const PASSWORD = 'Receipt-2026';

test('another customer cannot open a receipt, and is not logged out for trying', async ({ page, request }) => {
  const buyer = await registeredAccount(request, PASSWORD);
  const other = await registeredAccount(request, PASSWORD);

  await logIn(page, buyer, PASSWORD);
  await addToCart(page, await cheapBook(request));
  await checkOut(page, SANDBOX_CARD, { email: buyer });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirm\/[^/?]+$/);
  const receipt = new URL(page.url()).pathname;
  await expect(page.getByText(/ending in 4242/)).toBeVisible();

  await logOut(page);
  await withApiSession(page, other, PASSWORD);
  await page.goto(receipt);
  await expect(page.getByText('You are not authorized to access this resource.')).toBeVisible();
  await expect(page.getByRole('cell')).toHaveCount(0);
  // The receipt handles its own failure: the other customer stays logged in and on the page.
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${receipt}$`));

  // Logged out, without the guest token, it is refused as well.
  await logOut(page);
  await page.goto(receipt);
  await expect(page.getByText('You are not authorized to access this resource.')).toBeVisible();
});
