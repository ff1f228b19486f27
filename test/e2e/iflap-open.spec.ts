import { expect, test } from '@playwright/test';
import { withAccount } from './support/accounts.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_PASSWORD, logIn } from './support/shop.js';

test('iflap@demo.test opens iFlap from the Account menu in a new window', async ({ page, context }) => {
  await withAccount('iflap@demo.test', async () => {
    await logIn(page, 'iflap@demo.test', DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Account' }).click();
    const opened = context.waitForEvent('page');
    await page.getByRole('menuitem', { name: /iFlap/ }).click();
    const app = await opened;
    await expect(app).toHaveURL(/\/iflap\/home$/);
    await expect(app.getByRole('heading', { level: 1, name: 'iFlap' })).toBeVisible();
    await expect(app.getByRole('heading', { name: 'What iFlap offers' })).toBeVisible();
    await expect(app.getByText('Signed in as Ira Flapp (iflap@demo.test)')).toBeVisible();
    await expect(app.getByText('Active', { exact: true })).toBeVisible();
    // Outside the navigation shell: no main navigation.
    await expect(app.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await app.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(app);
  });
});
