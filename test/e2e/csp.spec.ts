import { expect, type Page, test } from '@playwright/test';
import { productPage } from './support/catalog.js';
import { cheapBook } from './support/checkout.js';

interface Violation {
  directive: string;
  blockedURI: string;
  source: string;
}

/** Records every CSP violation the page reports, from the first script on, and every console message about one. */
async function watchViolations(page: Page): Promise<{ violations: () => Promise<Violation[]>; console: string[] }> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  // Page scripts as text: the test project compiles without the DOM library.
  await page.addInitScript({
    content: `window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolations.push({ directive: event.violatedDirective, blockedURI: event.blockedURI, source: event.sourceFile });
      });`,
  });
  return {
    console,
    violations: () => page.evaluate<Violation[]>('window.cspViolations'),
  };
}

/** Lets lazy screens, images and late style insertions happen before the violations are read. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

test('the main pages run under the Content-Security-Policy without a violation', async ({ page, request }) => {
  const watch = await watchViolations(page);
  const book = await cheapBook(request);
  const listed = (await productPage(request, { category: 0 })).data[0]!;

  const home = await page.goto('/');
  const csp = home?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(home?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await settle(page);

  await page.goto('/products/0');
  await expect(page.getByRole('link', { name: listed.NAME }).first()).toBeVisible();
  await settle(page);

  await page.goto(`/product/${book.SLUG}/${book.ID}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/has been added to the cart/)).toBeVisible();
  await settle(page);

  await page.goto('/cart');
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible();
  await settle(page);

  await page.goto('/checkout/customer');
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
  await settle(page);

  await page.goto('/login');
  await expect(page.getByLabel('Password')).toBeVisible();
  await settle(page);

  expect(await watch.violations()).toEqual([]);
  expect(watch.console).toEqual([]);
});

test('a violation is reported, so the check above can fail', async ({ page }) => {
  const watch = await watchViolations(page);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.evaluate(`{
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.head.appendChild(script);
  }`);
  await expect.poll(async () => (await watch.violations()).map((v) => v.directive)).toContain('script-src-elem');
  expect(await page.evaluate<boolean>('window.injected === undefined')).toBe(true);
});

test('the OpenAPI page (/api/docs) runs under the same policy', async ({ page }) => {
  const watch = await watchViolations(page);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Medical education shop API/ })).toBeVisible();
  await settle(page);
  expect(await watch.violations()).toEqual([]);
  expect(watch.console).toEqual([]);
});
