import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logIn, registeredAccount } from './support/shop.js';

test('a login on a second device sends the first one to login with the one-device message', async ({
  browser,
  request,
}) => {
  const email = await registeredAccount(request, DEMO_PASSWORD);
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const firstPage = await first.newPage();
    await logIn(firstPage, email, DEMO_PASSWORD);
    // Without role streaming the post-login redirect ends on the home page; its session check passes.
    await expect(firstPage).toHaveURL(/\/$/);

    const secondPage = await second.newPage();
    await logIn(secondPage, email, DEMO_PASSWORD);

    // The first device notices on its next navigation (GET /api/auth/me answers 401).
    await firstPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }).click();
    await expect(firstPage).toHaveURL(/\/login$/);
    await expect(
      firstPage.getByText(
        `Please login again. Only 1 device per user account can be logged into 127.0.0.1:${process.env.E2E_PORT} at a time.`,
      ),
    ).toBeVisible();
    await expect(
      firstPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();

    // The second device stays logged in.
    await secondPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }).click();
    await expect(secondPage.getByRole('button', { name: 'Account' })).toBeVisible();
  } finally {
    await first.close();
    await second.close();
  }
});
