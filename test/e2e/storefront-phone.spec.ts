import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { cartCall } from './support/cart.js';
import { cheapBook, fillCard, fillCustomer, SANDBOX_CARD } from './support/checkout.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_PASSWORD, registeredAccount, withApiSession } from './support/shop.js';

/**
 * Issue 12: the storefront walked as a new customer on a phone: browse, search, open a product, add to
 * cart, check out as a guest. Every page fits its viewport and axe-core finds no violation of WCAG 2.2
 * A or AA on home, product list, product page, cart, checkout and receipt. (The desktop's guest checkout
 * is checkout-guest-book's; every page at both sizes is the accessibility gate's.)
 */
const SIZES = [{ name: 'phone', viewport: { width: 390, height: 844 } }] as const;

/** The page fits (no sideways scroll) and axe-core is content with it. */
async function check(page: Page, where: string): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, where);
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test(`${size.name}: browse, search, open a book, add it and check out as a guest`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const book = await cheapBook(request);

      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await check(page, 'home');

      // Browse: the phone opens the navigation from its menu button.
      // By its label: once the drawer is open the page behind it is hidden from the accessibility tree.
      const menu = page.locator('header button[aria-label="Menu"]');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      const drawer = page.getByRole('navigation', { name: 'Menu' });
      await expect(drawer.getByRole('link', { name: 'Books' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'View All' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'Login' })).toBeVisible();
      await drawer.getByRole('link', { name: 'Videos' }).click();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(/\/products\/0$/);
      await expect(page.getByText(/^\d+ products$/)).toBeVisible();
      await check(page, 'product list');
      // The categories are one control before the products, not a screen-long list.
      await expect(page.getByRole('navigation', { name: 'Categories' })).toBeHidden();
      await expect(page.getByRole('combobox', { name: 'Category' })).toBeVisible();

      // Page 2, chosen at the bottom of page 1, opens at its top.
      const pageTwo = page.getByRole('button', { name: 'Go to page 2' });
      await pageTwo.scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate('window.scrollY')).toBeGreaterThan(0);
      await pageTwo.click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(page.getByText(/^\d+ products$/)).toBeVisible();
      await expect.poll(() => page.evaluate('window.scrollY')).toBe(0);

      // Search from the header (inside the drawer on a phone) goes to the product list's search.
      const term = book.NAME.split(' ').slice(0, 2).join(' ');
      await page.getByRole('button', { name: 'Menu' }).click();
      const search = page.getByRole('search', { name: 'Shop' }).filter({ visible: true });
      await search.getByRole('searchbox', { name: 'Find a course or book' }).fill(term);
      await search.getByRole('button', { name: 'Find' }).click();
      await expect(page).toHaveURL(
        new RegExp(`/products/0\\?search=${encodeURIComponent(term).replace(/%20/g, '(%20|\\+)')}`),
      );
      await expect(page.getByLabel('Search products')).toHaveValue(term);

      // Open the book and add it.
      await page.goto(`/product/${book.SLUG}/${book.ID}`);
      await expect(page.getByRole('heading', { name: book.NAME, level: 1 })).toBeVisible();
      await check(page, 'product page');
      await page.getByRole('button', { name: /^Add to Cart/ }).click();
      await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

      // The cart: a thumbnail, the customer's word for the format, a one-line quantity.
      await page.getByRole('link', { name: 'Cart, 1 items' }).click();
      const line = page.getByTestId('cart-line');
      await expect(line.getByRole('heading', { name: book.NAME })).toBeVisible();
      await expect(line.getByText('Printed book', { exact: true })).toBeVisible();
      await expect(line.locator('img')).toHaveAttribute('src', `/assets/img/products/${book.ID}/${book.ID}.jpeg`);
      await expect(line.getByText('Type: BOOK')).toHaveCount(0);
      await check(page, 'cart');

      // Checkout as a guest; the required banner goes once every field is fixed.
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.getByRole('link', { name: 'Checkout as a guest' }).click();
      await expect(page).toHaveURL(/\/checkout\/customer$/);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      const banner = page.getByText('Please fill in all "required" fields denoted by an "*".');
      await expect(banner).toBeVisible();
      await fillCustomer(page, { state: 'MO' });
      await expect(banner).toBeHidden();
      await expect(page.getByTestId('total-total')).toBeVisible();
      await check(page, 'checkout');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();

      // The payment step lists what is paid for above the totals.
      await expect(page).toHaveURL(/\/checkout\/pay$/);
      const items = page.getByRole('list', { name: 'Items' });
      await expect(items.getByText(book.NAME)).toBeVisible();
      await expect(items.getByText('Qty 1')).toBeVisible();
      await fillCard(page, SANDBOX_CARD);
      await check(page, 'payment');
      await page.getByRole('button', { name: 'Pay' }).click();

      await expect(page).toHaveURL(/\/checkout\/confirm\/[^/?]+\?token=/);
      await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Order lines' })).toContainText(book.NAME);
      await check(page, 'receipt');
    });
  });
}

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a meeting-only cart asks for a billing address and no shipping speed', async ({ page, request }) => {
    test.setTimeout(120_000);
    const email = await registeredAccount(request, DEMO_PASSWORD);
    const token = await withApiSession(page, email, DEMO_PASSWORD);
    // 517 (April 2027) is an upcoming meeting.
    await cartCall(page, token, 'post', '/items', { PRODUCTID: 517, QTY: 1 });
    await page.goto('/checkout/customer');
    await expect(page.getByRole('heading', { name: 'Billing address' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shipping address' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Expedited' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });

  test('the faculty table, the meeting tabs and a past meeting fit the phone', async ({ page }) => {
    await page.goto('/people');
    await expect(page.getByRole('table', { name: 'Faculty' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/meeting/520/details');
    await expect(page.getByText('Past meeting')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Program' })).toBeAttached();
    await expectNoSidewaysScroll(page);
  });

  test('register: the password error on blur does not move the agree box', async ({ page }) => {
    await page.goto('/user/register');
    const agree = page.getByRole('checkbox', { name: /I agree/ });
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('short');
    // Measured after typing (which may scroll) and before the blur that shows the error.
    const before = await agree.boundingBox();
    await password.blur();
    await expect(page.getByText('Password must be at least 8 characters or more.', { exact: true })).toBeVisible();
    expect((await agree.boundingBox())?.y).toBe(before?.y);
  });
});
