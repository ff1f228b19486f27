import { expect, test } from '@playwright/test';
import { serverCart } from './support/cart.js';
import { axeViolations, violationLines, WCAG_AA_TAGS } from './support/axe.js';

const STATIC_PAGES: [string, string][] = [
  ['qmp-complete-info', 'Complete'],
  ['elearning-details', 'eLearning'],
  ['qmp-book-info', 'Books'],
  ['qmp-cme-details', 'CME'],
  ['contact', 'Contact Us'],
  ['about', 'About'],
  ['faqs', 'Frequently Asked Questions'],
  ['privacy-policy', 'Privacy Policy'],
  ['terms-of-use', 'Terms of Use'],
  ['accessibility', 'Accessibility'],
];

const FOOTER: [string, string, string][] = [
  ['About', '/static/about', 'About'],
  ['Contact', '/static/contact', 'Contact Us'],
  ['FAQS', '/static/faqs', 'Frequently Asked Questions'],
  ['Privacy Policy', '/static/privacy-policy', 'Privacy Policy'],
  ['Terms of Use', '/static/terms-of-use', 'Terms of Use'],
  ['Accessibility', '/static/accessibility', 'Accessibility'],
];

test('every static page has its own heading; an unknown one is Page Not Found', async ({ page }) => {
  for (const [slug, title] of STATIC_PAGES) {
    await page.goto(`/static/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  }
  await page.goto('/static/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('the footer links reach the static pages', async ({ page }) => {
  await page.goto('/');
  // The home cards' featured lists replace their placeholders as they load, moving the footer down
  // (more on a phone, where names wrap): a click aimed at the footer before then lands beside it.
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  for (const [label, path, title] of FOOTER) {
    await footer.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  }
});

test('redeem-info lists the five steps', async ({ page }) => {
  await page.goto('/redeem-info');
  await expect(page.getByRole('heading', { level: 1, name: 'Redeem a Book Code' })).toBeVisible();
  await expect(page.getByText(/^Step \d:/)).toHaveCount(5);
  await expect(page.getByText('scratch it off', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'redeem page' })).toHaveAttribute('href', '/redeem');
  await expect(page.getByText(/permanently adds the videos to your streaming account/)).toBeVisible();
  await expect(page.getByText('Use the Stream link in the navigation', { exact: false })).toBeVisible();
  await expect(page.getByText(/any time, on any device/)).toBeVisible();
});

test('the test page adds the iFlap item to the cart and confirms it', async ({ page }) => {
  await page.goto('/test');
  await expect(page.getByText('iFlap has been added to the cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  const stored = await serverCart(page);
  expect(stored.items).toEqual([expect.objectContaining({ ID: 399, QTY: 1 })]);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('iFlap has been added to the cart')).toHaveCount(0);
});

test('the test page snackbar hides itself after 6 seconds', async ({ page }) => {
  // The page's clock stands still and moves only when the test moves it: in steps of 100 ms until the
  // snackbar shows (it opened within the last step), then 5.5 s (under 6 since it opened), then 1 s
  // more (past 6, and past its fade-out). Neither a slow start nor a busy machine counts towards the 6 seconds.
  const start = new Date('2026-03-02T09:00:00Z');
  const snackbar = page.getByText('iFlap has been added to the cart');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto('/test');
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return snackbar.isVisible();
    })
    .toBe(true);
  await page.clock.runFor(5_500);
  await expect(snackbar).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(snackbar).toHaveCount(0);
});

test('the maintenance page states scheduled maintenance', async ({ page }) => {
  await page.goto('/maintenance');
  await expect(page.getByText(/under scheduled maintenance/)).toBeVisible();
});

test('the registration form lists states (NOTUS first) and countries (USA, GBR first)', async ({ page }) => {
  await page.goto('/user/register');
  const state = page.getByLabel('State');
  await expect(state.locator('option').nth(1)).toHaveAttribute('value', 'NOTUS');
  const country = page.getByLabel('Country');
  await expect(country.locator('optgroup').first().locator('option')).toHaveText(['United States', 'United Kingdom']);
  await country.selectOption('GBR');
  await expect(country).toHaveValue('GBR');
});

test('the accessibility check reports what axe-core finds, with its impact and the elements', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>' +
      '<img src="data:,"><p style="color:#bbb;background:#fff">pale text</p><h1>Fine</h1></main></body></html>',
  );
  const violations = await axeViolations(page, { tags: WCAG_AA_TAGS });
  expect(violations.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
    { id: 'color-contrast', impact: 'serious', targets: ['p'] },
    { id: 'image-alt', impact: 'critical', targets: ['img'] },
  ]);
  // Evaluated once per document: a second run finds the same.
  expect((await axeViolations(page, { tags: WCAG_AA_TAGS })).length).toBe(2);
  expect(violationLines(violations, 'broken page')).toEqual([
    'broken page: color-contrast (serious) p',
    'broken page: image-alt (critical) img',
  ]);
});
