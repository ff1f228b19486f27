import { test, expect } from '@playwright/test';
import { withAccount } from './support/accounts.js';
import { DEMO_PASSWORD, withApiSession } from './support/shop.js';

for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
  test(`shots ${name}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await withAccount('cme@demo.test', async () => {
      await withApiSession(page, 'cme@demo.test', DEMO_PASSWORD);
      const year = new Date().getFullYear();
      await page.goto('/cme-center');
      await expect(page.getByRole('list', { name: 'CME modules' })).toBeVisible();
      await page.screenshot({ path: `/tmp/shots/center-${name}.png`, fullPage: true });
      await page.goto(`/cme-center?year=${year - 1}`);
      await expect(page.getByTestId('cme-total')).toHaveText('20');
      await page.screenshot({ path: `/tmp/shots/capped-${name}.png` });
      await page.goto('/cme/module/161');
      await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
      await page.screenshot({ path: `/tmp/shots/test-${name}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `/tmp/shots/dialog-${name}.png` });
    });
  });
}
