import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logIn } from './support/shop.js';

test('a demo account with role cme sees CME Center in its Account menu', async ({ page }) => {
  await logIn(page, 'cme@demo.test', DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'CME Center' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Redeem Book' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'CME Center' }).click();
  await expect(page).toHaveURL(/\/cme-center$/);
  await expect(page.getByRole('heading', { name: 'CME Center' })).toBeVisible();

  // Home (storefront section 2): role cme hides the CME subscribe and shows Open CME Center instead.
  // Checked here because a second login of this account in a parallel test would end this session.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('link', { name: 'Open CME Center' })).toHaveAttribute('href', '/cme-center');
  await expect(page.getByRole('button', { name: 'Subscribe to CME' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open eLearning' })).toBeVisible();
  await page.getByRole('link', { name: 'Open CME Center' }).click();
  await expect(page).toHaveURL(/\/cme-center$/);
});

test('a demo account without cme has no CME Center and is sent home from it', async ({ page }) => {
  await logIn(page, 'learner@demo.test', DEMO_PASSWORD);
  // Role streaming: the Stream entry is a direct link.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stream' })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'CME Center' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/cme-center');
  await expect(page).toHaveURL(/\/$/);
  // Home: role elearning has Open instead of the eLearning subscribe; no cme, so the CME subscribe stays.
  await expect(page.getByRole('link', { name: 'Open eLearning' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to eLearning' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Subscribe to CME' })).toBeVisible();
});
