import { expect, test } from '@playwright/test';
import { logIn, registeredAccount } from './support/shop.js';

const OLD_PASSWORD = 'Account-old-pass-1';
const NEW_PASSWORD = 'Account-new-pass-2';

test('a changed password logs in on a second device, and the first device gets the one-device message', async ({
  browser,
  request,
}) => {
  const email = await registeredAccount(request, OLD_PASSWORD);
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const firstPage = await first.newPage();
    await logIn(firstPage, email, OLD_PASSWORD);
    await firstPage.goto('/user/account#profile');
    const profile = firstPage.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('New Password').fill(NEW_PASSWORD);
    // A new password needs the current one (a session token alone changes nothing).
    await profile.getByLabel('Current Password').fill(OLD_PASSWORD);
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(firstPage.getByText('You have successfully saved your info.')).toBeVisible();
    // The saving session is kept: a reload still shows the account.
    await firstPage.reload();
    await expect(profile.getByLabel('Email')).toHaveValue(email);
    await expect(profile.getByLabel('New Password')).toHaveValue('');

    // The old password no longer opens the account.
    const old = await request.post('/api/auth/login', { data: { email, password: OLD_PASSWORD, version: 5 } });
    expect(old.ok()).toBeFalsy();

    const secondPage = await second.newPage();
    await logIn(secondPage, email, NEW_PASSWORD);

    // One device per account: the first one notices at its next navigation.
    await firstPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }).click();
    await expect(firstPage).toHaveURL(/\/login$/);
    await expect(
      firstPage.getByText(
        `Please login again. Only 1 device per user account can be logged into 127.0.0.1:${process.env.E2E_PORT} at a time.`,
      ),
    ).toBeVisible();
    await secondPage.goto('/user/account');
    await expect(secondPage.getByRole('form', { name: 'Profile' }).getByLabel('Email')).toHaveValue(email);
  } finally {
    await first.close();
    await second.close();
  }
});
