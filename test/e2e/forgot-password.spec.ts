import { expect, test } from '@playwright/test';
import { waitForLink } from './support/mailbox.js';
import { logIn, registeredAccount } from './support/shop.js';

test('forgot password, follow the mailed link, set a new password and log in with it', async ({ page, request }) => {
  const email = await registeredAccount(request, 'First-pass-1');

  await page.goto('/user/forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('You will receive an email shortly. Follow the email instructions to change your password.'),
  ).toBeVisible();

  await page.goto(await waitForLink(email, '/user/redeem'));
  await expect(page.getByRole('heading', { name: 'Enter Your New Password' })).toBeVisible();
  const field = page.getByLabel('New Password');
  await field.fill('short');
  await field.blur();
  await expect(page.getByText('Password must be at least 8 characters or more.')).toBeVisible();
  await field.fill('Second-pass-2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
  await page.getByRole('link', { name: 'login here' }).click();

  await logIn(page, email, 'Second-pass-2');
});

test('a used or wrong reset link says so and points to Forgot Password', async ({ page }) => {
  await page.goto('/user/redeem?tolken=not-a-token&email=nobody%40example.test');
  await page.getByLabel('New Password').fill('Whatever-pass-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Something went wrong. Please try again here: Forgot Password')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/user/forgot');
});
