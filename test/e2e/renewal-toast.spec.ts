import { expect, test } from '@playwright/test';
import { holdAccount } from './support/accounts.js';
import { expectNoAxeViolations } from './support/axe.js';
import { money } from './support/catalog.js';
import { sessionToken } from './support/checkout.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_PASSWORD, logIn } from './support/shop.js';
import { expectTapTargets } from './support/tap-targets.js';

const ACCOUNT = 'complete@demo.test';
// The tests hold complete@demo.test: in order in one worker, so the other worker never waits for the account.
test.describe.configure({ mode: 'default' });
let release: (() => Promise<void>) | undefined;
test.beforeEach(async () => {
  test.setTimeout(180_000);
  release = await holdAccount(ACCOUNT);
});
test.afterEach(async () => {
  await release?.();
});

test('the toast offers a renewal for complete@demo.test and the renewal reaches the cart at 10% off', async ({
  page,
}) => {
  await logIn(page, ACCOUNT, DEMO_PASSWORD);
  // Start from an empty cart (other journeys use this account's cart too).
  const cleared = await page.request.delete('/api/cart', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(cleared.ok(), await cleared.text()).toBeTruthy();

  const toast = page.getByRole('region', { name: 'Expiring subscriptions' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(/Complete expires on \d{4}-\d{2}-\d{2}/);

  await toast.getByRole('button', { name: 'Renew Complete with a 10% discount' }).click();
  const menu = page.getByRole('menu');
  // 10% off the per-year price of each term (1750, 1600, 1400 dollars).
  for (const [years, cents] of [
    [1, 157500],
    [2, 144000],
    [3, 126000],
  ] as const) {
    await expect(
      menu.getByRole('menuitem', { name: `${years} Year${years > 1 ? 's' : ''}: ${money(cents)} / year` }),
    ).toBeVisible();
  }
  await menu.getByRole('menuitem', { name: `1 Year: ${money(157500)} / year` }).click();

  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`${money(157500)} / year`);
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

  // Shown once per session: once used or dismissed it does not come back; the renewal is added once.
  await expect(toast).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(toast).toHaveCount(0);
});

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test(`${size.name}: the toast pushes the page down, covers nothing (the footer is reachable), and closes`, async ({
      page,
    }) => {
      await logIn(page, ACCOUNT, DEMO_PASSWORD);
      const toast = page.getByRole('region', { name: 'Expiring subscriptions' });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(/Complete expires on \d{4}-\d{2}-\d{2}/);
      await expectTapTargets(toast.getByRole('button'), 'toast buttons');
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `toast (${size.name})`);

      // In the flow under the navigation: the page starts below it.
      const toastBox = await toast.boundingBox();
      const mainBox = await page.getByRole('main').boundingBox();
      expect(toastBox && mainBox && toastBox.y + toastBox.height <= mainBox.y + 1).toBe(true);

      // The last content of the page, scrolled into view, is itself at its centre: nothing lies over it.
      const footer = page.locator('footer');
      await footer.scrollIntoViewIfNeeded();
      const covered = await footer.evaluate((node) => {
        const box = node.getBoundingClientRect();
        const top = node.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && node.contains(top) ? null : (top?.outerHTML.slice(0, 120) ?? 'nothing');
      });
      expect(covered).toBeNull();

      await page.evaluate('window.scrollTo(0, 0)');
      await toast.getByRole('button', { name: 'Close' }).click();
      await expect(toast).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(toast).toHaveCount(0);
    });
  });
}
