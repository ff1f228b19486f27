import { expect, test } from '@playwright/test';
import { elearningProduct, product, termLabel } from './support/catalog.js';
import { withAccount } from './support/accounts.js';
import { DEMO_PASSWORD, withApiSession } from './support/shop.js';

const CARDS = ['Complete', 'eLearning', 'Books', 'Meetings', 'CME', 'Videos'];
const LEARN_MORE: [string, string][] = [
  ['Complete', '/static/qmp-complete-info'],
  ['eLearning', '/static/elearning-details'],
  ['Books', '/static/qmp-book-info'],
  ['Meetings', '/meeting/list'],
  ['CME', '/static/qmp-cme-details'],
  ['Videos', '/products/0'],
];

test('the six cards and their Learn More targets', async ({ page }) => {
  await page.goto('/');
  for (const card of CARDS) {
    await expect(page.getByRole('heading', { level: 2, name: card, exact: true })).toBeVisible();
  }
  for (const [card, target] of LEARN_MORE) {
    await expect(page.getByRole('link', { name: `Learn More about ${card}` })).toHaveAttribute('href', target);
  }
  await expect(page.getByRole('link', { name: 'Shop Books' })).toHaveAttribute('href', '/products/14');

  await page.getByRole('link', { name: 'Learn More about Videos' }).click();
  await expect(page).toHaveURL(/\/products\/0$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Learn More about Complete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete' })).toBeVisible();
});

test('the subscribe dropdowns offer the 1, 2 and 3 year prices and add to the cart', async ({ page, request }) => {
  const complete = await product(request, 130);
  const cme = await product(request, 155);
  const elearning = await elearningProduct(request);
  await page.goto('/');

  for (const [label, item] of [
    ['Complete', complete],
    ['eLearning', elearning],
    ['CME', cme],
  ] as const) {
    await page.getByRole('button', { name: `Subscribe to ${label}` }).click();
    const menu = page.getByRole('menu');
    const terms = item.TERMS.length ? item.TERMS : [{ YEARS: 1, PRICE: item.PRICING.PRICE }];
    await expect(menu.getByRole('menuitem')).toHaveCount(terms.length);
    for (const term of terms) {
      await expect(menu.getByRole('menuitem', { name: termLabel(term.YEARS, term.PRICE) })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  }
  // Storefront section 9 prices.
  expect(complete.TERMS.map((term) => term.PRICE)).toEqual([175000, 160000, 140000]);
  expect(elearning.TERMS.map((term) => term.PRICE)).toEqual([69500, 64500, 59500]);

  await page.getByRole('button', { name: 'Subscribe to Complete' }).click();
  await page.getByRole('menuitem', { name: termLabel(1, 175000) }).click();
  await expect(page.getByText('Complete has been added to the cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Complete has been added to the cart')).toHaveCount(0);

  await page.getByRole('button', { name: 'Subscribe to eLearning' }).click();
  await page.getByRole('menuitem', { name: termLabel(2, 64500) }).click();
  await expect(page.getByText('eLearning has been added to the cart')).toBeVisible();
});

test('a logged-out visitor has no Stream link and both subscribe buttons', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Subscribe to eLearning' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to CME' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Stream', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open CME Center' })).toHaveCount(0);
});

test('role elearning shows Open instead of the eLearning subscribe; role streaming shows Stream', async ({ page }) => {
  test.setTimeout(180_000);
  await withAccount('complete@demo.test', async () => {
    // complete@demo.test holds qmpcomplete, streaming and elearning, but not cme.
    await withApiSession(page, 'complete@demo.test', DEMO_PASSWORD);
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Open eLearning' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe to eLearning' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Stream', exact: true })).toHaveAttribute('href', '/streaming');
    // No role cme: the CME subscribe stays.
    await expect(page.getByRole('button', { name: 'Subscribe to CME' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open CME Center' })).toHaveCount(0);
  });
});
