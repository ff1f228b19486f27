import { expect, test } from '@playwright/test';
import { withAccount } from './support/accounts.js';
import { DEMO_PASSWORD, logIn } from './support/shop.js';

test.use({ viewport: { width: 1280, height: 800 } });

test('complete@demo.test: its orders tab links to a receipt that opens; its subscription and card show', async ({
  page,
}) => {
  await withAccount('complete@demo.test', async () => {
    await logIn(page, 'complete@demo.test', DEMO_PASSWORD);

    // The seeded card on file (docs: apps/api/seed/demo-account-page.ts) shows on the billing tab.
    await page.goto('/user/account#billing');
    await expect(page.getByTestId('card-on-file')).toHaveText(/XXXX4242, expires 12\/\d{4}$/);

    // Subscriptions: Complete has a date, the others N/A.
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    const table = page.getByRole('table', { name: 'Subscriptions' });
    await expect(table.getByRole('row', { name: /Complete/ })).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(table.getByRole('row', { name: /CME/ })).toContainText('N/A');

    // The seeded order history (apps/api/seed/demo-orders.ts): the book's order links to its receipt.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/user\/account#orders$/);
    const orders = page.getByRole('list', { name: 'Orders' }).getByRole('listitem', { name: /^Order \d+$/ });
    await expect(orders).not.toHaveCount(0);
    const order = orders.filter({ hasText: 'The Aging Face' }).first();
    const onum = (await order.getAttribute('aria-label'))!.replace('Order ', '');
    await order.getByRole('link', { name: onum }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/confirm/${onum}$`));
    await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    await expect(page.getByText(`Order number ${onum}`)).toBeVisible();
    await expect(page.getByText(/The Aging Face/).first()).toBeVisible();
  });
});
