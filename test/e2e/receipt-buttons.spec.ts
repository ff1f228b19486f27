import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { cartCall } from './support/cart.js';
import { checkOut, SANDBOX_CARD, sessionToken } from './support/checkout.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { logIn, registeredAccount } from './support/shop.js';
import { expectTapTargets } from './support/tap-targets.js';

const PASSWORD = 'Receipt-2026';
/** A video series of the demo catalog (TYPE STREAMING). */
const VIDEO_SERIES = 250;
/**
 * Each receipt at one size: what differs between the sizes is the page's layout, which the
 * accessibility gate checks at both (a buyer's receipt among them); the buttons are checked here as
 * tap targets at either size.
 */
const SIZES = {
  phone: { name: 'phone', viewport: { width: 390, height: 844 } },
  desktop: { name: 'desktop', viewport: { width: 1280, height: 800 } },
} as const;

/** Pays the cart and waits for the receipt; answers its buttons (links styled as buttons, in the page's main). */
async function payAndOpenReceipt(page: Page, email: string) {
  await checkOut(page, SANDBOX_CARD, { email });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirm\/[^/?]+$/);
  await expect(page.getByText(/ending in 4242/)).toBeVisible();
  return page.getByRole('main').getByRole('link', { name: /Stream This Product Now|Go to CME Center|Open App/ });
}

async function checkReceiptPage(page: Page, where: string): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, where);
  await expectTapTargets(
    page.getByRole('main').getByRole('link', { name: /Stream This Product Now|Go to CME Center|Open App/ }),
    `${where} buttons`,
  );
}

test.describe(`at ${SIZES.desktop.viewport.width}x${SIZES.desktop.viewport.height}`, () => {
  const size = SIZES.desktop;
  test.use({ viewport: size.viewport });

  test(`${size.name}: an iFlap-only order's receipt offers Open App alone, and it opens iFlap`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = await registeredAccount(request, PASSWORD);
    await logIn(page, email, PASSWORD);
    // The test page puts the iFlap item into the cart.
    await page.goto('/test');
    await expect(page.getByText('iFlap has been added to the cart')).toBeVisible();

    const buttons = await payAndOpenReceipt(page, email);
    await expect(buttons).toHaveText(['Open App']);
    const open = buttons.first();
    await expect(open).toHaveAttribute('href', '/iflap/home');
    await expect(open).toHaveClass(/MuiButton-contained/);
    await checkReceiptPage(page, 'iFlap receipt');

    const opened = context.waitForEvent('page');
    await open.click();
    const app = await opened;
    await expect(app).toHaveURL(/\/iflap\/home$/);
    await expect(app.getByRole('heading', { level: 1, name: 'iFlap' })).toBeVisible();
  });
});

test.describe(`at ${SIZES.phone.viewport.width}x${SIZES.phone.viewport.height}`, () => {
  const size = SIZES.phone;
  test.use({ viewport: size.viewport });

  test(`${size.name}: a video series' receipt offers Stream This Product Now alone, and it opens the streaming list`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = await registeredAccount(request, PASSWORD);
    await logIn(page, email, PASSWORD);
    await cartCall(page, await sessionToken(page), 'post', '/items', { PRODUCTID: VIDEO_SERIES, QTY: 1 });

    const buttons = await payAndOpenReceipt(page, email);
    await expect(buttons).toHaveText(['Stream This Product Now']);
    await expect(buttons.first()).toHaveClass(/MuiButton-contained/);
    await checkReceiptPage(page, 'video receipt');

    await buttons.first().click();
    await expect(page).toHaveURL(/\/streaming$/);
    await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();
  });
});
