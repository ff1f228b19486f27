import { expect, test, type Page } from '@playwright/test';
import { withAccount } from './support/accounts.js';
import { expectNoAxeViolations } from './support/axe.js';
import { sessionToken } from './support/checkout.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_PASSWORD, logIn } from './support/shop.js';
import { expectTapTargets } from './support/tap-targets.js';

/**
 * The login answer's CME redirect (storefront section 2, login destinations): cmeprint@demo.test has a
 * CME role and no date of birth, so its login opens user/account#cme, unless the cart already holds a
 * CME item. The login page itself fits a phone, with tap targets of 44 px.
 */
const ACCOUNT = 'cmeprint@demo.test';
// The tests hold cmeprint@demo.test: in order in one worker, so the other worker never waits for the account.
test.describe.configure({ mode: 'default' });
const CME_PACKAGE = 155;
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** The login page: no sideways scroll, axe clean, every control and link at least 44x44 px. */
async function checkLoginPage(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'login');
  const main = page.getByRole('main');
  await expectTapTargets(main.getByRole('button'), 'login buttons');
  await expectTapTargets(main.getByRole('link'), 'login links');
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    // One size each: the redirect is the app's. Each checks the login page at its size first.
    if (size.name === 'phone') {
      test(`${size.name}: no CME item in the cart: the login opens the CME Info tab`, async ({ page }) => {
        await withAccount(ACCOUNT, async () => {
          await checkLoginPage(page);
          await logIn(page, ACCOUNT, DEMO_PASSWORD);
          await expect(page).toHaveURL(/\/user\/account#cme$/);
          await expect(page.getByRole('tab', { name: 'CME Info' })).toHaveAttribute('aria-selected', 'true');
          await expect(page.getByRole('textbox', { name: /Date of Birth/ })).toBeVisible();
          await expectNoSidewaysScroll(page);
        });
      });
    }

    // One size each (the other test runs at the phone's).
    if (size.name === 'desktop') {
      test(`${size.name}: a CME item in the visitor's cart: the login does not redirect to CME info`, async ({
        page,
      }) => {
        await withAccount(ACCOUNT, async () => {
          await checkLoginPage(page);
          // The visitor's cart (the id the browser keeps) gets the CME package, as its product page would add it.
          // The navigation's cart badge gives the visitor a cart id (localStorage `cartId`).
          await expect
            .poll(() => page.evaluate<string | null>("localStorage.getItem('cartId')"))
            .toMatch(/^[0-9a-f-]{36}$/);
          const cartId = (await page.evaluate<string | null>("localStorage.getItem('cartId')")) ?? '';
          const added = await page.request.post('/api/cart/items', {
            headers: { 'X-Cart-Id': cartId },
            data: { PRODUCTID: CME_PACKAGE, QTY: 1 },
          });
          expect(added.ok(), await added.text()).toBeTruthy();
          await page.reload();
          await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

          await logIn(page, ACCOUNT, DEMO_PASSWORD);
          try {
            // Streaming is next in the order; without role streaming it sends the user home.
            await expect(page).toHaveURL(/\/$/);
            await expect(page).not.toHaveURL(/#cme$/);
            await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
          } finally {
            // The account's cart is shared by the journeys: it is left empty.
            const cleared = await page.request.delete('/api/cart', {
              headers: { authorization: `Bearer ${await sessionToken(page)}` },
            });
            expect(cleared.ok(), await cleared.text()).toBeTruthy();
          }
        });
      });
    }
  });
}
