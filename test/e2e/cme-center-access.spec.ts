import { expect, test } from '@playwright/test';
import { CME_GO_TO_FORM, CME_INFO_MISSING_BANNER, cmeNoRecordsMessage } from '../../libs/contracts/cme.js';
import { withAccount } from './support/accounts.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_PASSWORD, logIn, withApiSession } from './support/shop.js';

test('a customer whose CME information is missing sees the banner and Go To Form, and no certificate', async ({
  page,
}) => {
  // cmeprint@demo.test: role cmePrint (CME in an earlier year), no date of birth recorded.
  await withAccount('cmeprint@demo.test', async () => {
    await logIn(page, 'cmeprint@demo.test', DEMO_PASSWORD);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/cme-center');
    await expect(page.getByRole('heading', { level: 1, name: 'CME Center' })).toBeVisible();
    await expect(page.getByText(CME_INFO_MISSING_BANNER)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download certificate' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // No CME this year; the demo data holds two records of last year. The year lives in the address.
    const current = new Date().getFullYear();
    const year = page.getByLabel('Year');
    await expect(year).toHaveValue(String(current));
    await expect(year.locator('option')).toHaveCount(current - 2020 + 1);
    await expect(page.getByText(cmeNoRecordsMessage(current))).toBeVisible();
    await year.selectOption(String(current - 1));
    await expect(page).toHaveURL(new RegExp(`/cme-center\\?year=${current - 1}$`));
    // On a phone a card per record.
    const records = page.getByRole('list', { name: `CME records ${current - 1}` }).getByRole('listitem');
    await expect(records).toHaveCount(2);
    await expect(page.getByTestId('cme-total')).toHaveText(/^\d+(\.\d+)?$/);
    await expectNoSidewaysScroll(page);
    await page.reload();
    await expect(page.getByLabel('Year')).toHaveValue(String(current - 1));
    await expect(records).toHaveCount(2);
    await page.setViewportSize({ width: 1280, height: 900 });
    const table = page.getByRole('region', { name: `CME records ${current - 1}` });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    // The banner stays, and so does the missing certificate, for every year.
    await expect(page.getByText(CME_INFO_MISSING_BANNER)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download certificate' })).toHaveCount(0);
    await page.getByLabel('Year').selectOption('2020');
    await expect(page.getByText(cmeNoRecordsMessage(2020))).toBeVisible();

    await page.getByRole('link', { name: CME_GO_TO_FORM }).click();
    await expect(page).toHaveURL(/\/user\/account#cme$/);
    await expect(page.getByRole('tab', { name: 'CME Info' })).toHaveAttribute('aria-selected', 'true');
  });
});

test('learner@demo.test (no cme, no cmePrint) is sent home from the CME center and the test page', async ({ page }) => {
  await withAccount('learner@demo.test', async () => {
    await withApiSession(page, 'learner@demo.test', DEMO_PASSWORD);
    await page.goto('/cme-center');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/cme/streaming/287');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'CME Center' })).toHaveCount(0);
  });
});
