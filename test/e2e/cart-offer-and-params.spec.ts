import { expect, test } from '@playwright/test';

const WARNING = 'CME can only be purchased with a new or current subscription to Complete, Stream, or eLearning';

test('a marketing offer reaches the cart; a guest is asked to log in for it; clear empties the cart', async ({
  page,
}) => {
  // An offer UID of libs/catalog/data/offers.csv.
  await page.goto('/market/elearning/elearning-spring-u3szbv');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('/ year');

  // Subscriptions are tied to an account: the guest box asks to log in or register.
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Checkout as a guest' }).click();
  await expect(page.getByText(/please log in or register/)).toBeVisible();

  await page.goto('/cart?warning=cme');
  await expect(page.getByText(WARNING)).toBeVisible();

  await page.goto('/cart?clear');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('You have 0 items in your cart.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products/0');
});

test('an unknown offer goes home', async ({ page }) => {
  await page.goto('/market/elearning/no-such-uid');
  await expect(page).toHaveURL(/\/$/);
});
