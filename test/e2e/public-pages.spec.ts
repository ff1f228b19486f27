import { type APIRequestContext, expect, test } from '@playwright/test';
import { serverCart } from './support/cart.js';
import { productPage } from './support/catalog.js';
import { axeViolations, seriousLines, WCAG_AA_TAGS } from './support/axe.js';
import { countRequestsInFlight, pageAtRest } from './support/settled.js';

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
  await page.clock.install();
  await page.goto('/test');
  await expect(page.getByText('iFlap has been added to the cart')).toBeVisible();
  // From here the page's clock moves only when the test moves it: on a busy machine, real time passing
  // between the steps must not count towards the 6 seconds.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  await page.clock.runFor(4_000);
  await expect(page.getByText('iFlap has been added to the cart')).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(page.getByText('iFlap has been added to the cart')).toHaveCount(0);
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
  expect(seriousLines(violations, 'broken page')).toEqual([
    'broken page: color-contrast (serious) p',
    'broken page: image-alt (critical) img',
  ]);
});

/**
 * Every public page has no serious or critical accessibility violation. The pages are checked in four
 * groups, a test each, so the two workers share them (one test of all of them ran for two minutes).
 */
const A11Y_GROUPS: { name: string; routes: (request: APIRequestContext) => Promise<string[]> }[] = [
  {
    name: 'the catalog pages',
    routes: async (request) => {
      const first = (await productPage(request, { category: 0, size: 24 })).data[0]!;
      return [
        '/',
        '/products/0',
        '/products/14',
        `/product/${first.SLUG}/${first.ID}`,
        '/product/complete/130',
        '/product/cme/155',
      ];
    },
  },
  { name: 'the static pages', routes: async () => STATIC_PAGES.map(([slug]) => `/static/${slug}`) },
  {
    name: 'the meeting and faculty pages',
    routes: async (request) => [
      '/meeting/list',
      '/meeting/509/details',
      '/meeting/509/choose',
      '/meeting/509/virtual',
      '/meeting/509/faculty',
      '/meeting/509/program',
      '/people',
      '/people/' + (await (await request.get('/api/faculty')).json()).data[0].USERID,
    ],
  },
  {
    name: 'the cart, account forms and the other pages',
    routes: async () => [
      '/redeem-info',
      '/test',
      '/maintenance',
      '/cart',
      '/login',
      '/user/register',
      '/user/forgot',
      '/user/resend',
      '/no/such/page',
    ],
  },
];

for (const group of A11Y_GROUPS) {
  test(`every public page has no serious or critical accessibility violation: ${group.name}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await countRequestsInFlight(page);
    const failures: string[] = [];
    for (const route of await group.routes(request)) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
      if (route === '/') {
        // The home's Subscribe buttons are disabled (grey) until their products are read; the read can
        // wait for the route's own script, which no fetch counter sees.
        const subscribe = page.getByRole('button', { name: /^Subscribe to / });
        await expect(subscribe).toHaveCount(3);
        for (const button of await subscribe.all()) {
          await expect(button).toBeEnabled();
        }
      }
      if (route === '/test') {
        // The page opens the "added to the cart" snackbar once its product has loaded; axe must see it
        // fully faded in (measured mid fade-in its text fails color-contrast).
        const snackbar = page.getByRole('alert').filter({ hasText: 'iFlap has been added to the cart' });
        await expect(snackbar).toBeVisible();
        await expect(snackbar).toHaveCSS('opacity', '1');
      }
      await pageAtRest(page);
      failures.push(...seriousLines(await axeViolations(page), route));
    }
    expect(failures).toEqual([]);
  });
}
