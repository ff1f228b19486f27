import { expect, test } from '@playwright/test';
import { addToCart, cheapBook, checkOut, DECLINED_CARD } from './support/checkout.js';

test('a declined card shows the processing errors and the buyer stays on the pay screen', async ({ page, request }) => {
  await addToCart(page, await cheapBook(request));
  await checkOut(page, DECLINED_CARD);
  await page.getByRole('button', { name: 'Pay' }).click();

  const alert = page.getByRole('alert').filter({
    hasText: 'Something went wrong with processing. Check your card info and try again.',
  });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('listitem').first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/pay$/);
  // Nothing was bought: the cart still holds the book and Pay can be pressed again.
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
});
