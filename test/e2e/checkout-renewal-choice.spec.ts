import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { fillCard, fillCustomer } from './support/checkout.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { countRequestsInFlight, pageAtRest } from './support/settled.js';
import { registeredAccount, withApiSession } from './support/shop.js';
import { expectTapTargets } from './support/tap-targets.js';

/**
 * Issue 31: the card and the renewal are the customer's choice, said plainly. A fresh customer (the
 * account's auto-renew on, as registration starts it) buys a year of eLearning. The pay screen states
 * the renewal's price and day beside an unticked auto-renew box, and keeps the card only when "Keep
 * this card on file" is ticked (ticking auto-renew ticks it; unticking it turns auto-renew off); the
 * receipt repeats the terms and links to the Subscriptions tab, whose switch turns that subscription's
 * auto-renew on or off. The phone declines both, the desktop chooses both.
 */

const PASSWORD = 'Renewal-choice-31';
const ELEARNING = 140;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Today a year on (UTC, as the shop grants a year of eLearning), and the day its renewal is charged. */
function renewalDays(): { expires: string; renews: string } {
  const now = new Date();
  const expires = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()));
  // Feb 29 a year on is Feb 28 (the grants' rule).
  if (expires.getUTCMonth() !== now.getUTCMonth()) expires.setUTCDate(0);
  const renews = new Date(expires.getTime() - 7 * DAY_MS);
  return { expires: expires.toISOString().slice(0, 10), renews: renews.toISOString().slice(0, 10) };
}

/** A fresh customer, signed in, with a year of eLearning in the cart, on the pay screen; answers the renewal price shown. */
async function atPayWithElearning(page: Page, request: Parameters<typeof registeredAccount>[0]): Promise<string> {
  const email = await registeredAccount(request, PASSWORD);
  const token = await withApiSession(page, email, PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const added = await page.request.post('/api/cart/items', {
    headers,
    data: { PRODUCTID: ELEARNING, QTY: 1, TERM: 1 },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const quote = await page.request.post('/api/checkout/quote', {
    headers,
    data: { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 },
  });
  const { RENEWALS } = (await quote.json()) as { RENEWALS: { PRICE: number }[] };
  const price = `$${(RENEWALS[0]!.PRICE / 100).toFixed(2)}`;
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/customer$/);
  await fillCustomer(page, { state: 'MO', email });
  await expect(page.getByTestId('total-total')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay$/);
  return price;
}

/** The pay screen's terms and both boxes as they start: unticked, the renewal's day and price said beside them. */
async function expectTermsBeforePaying(page: Page, price: string): Promise<void> {
  const { expires, renews } = renewalDays();
  const renewal = page.getByRole('region', { name: 'Yearly renewal' });
  const autoRenew = renewal.getByRole('checkbox', { name: 'Renew eLearning automatically' });
  await expect(autoRenew).not.toBeChecked();
  await expect(autoRenew).toHaveAccessibleDescription(
    `Your eLearning subscription runs until ${expires}. With auto-renew, on ${renews} this card, kept on file, is ` +
      `charged ${price} (plus sales tax where it applies) for another year of eLearning Subscription, and again ` +
      "every year, until you turn it off: at any time, on your account's Subscriptions tab. Without it, nothing " +
      `more is charged and it ends on ${expires}.`,
  );
  const keep = page.getByRole('checkbox', { name: 'Keep this card on file' });
  await expect(keep).not.toBeChecked();
  await expect(keep).toHaveAccessibleDescription('Unticked, this card is used for this payment only and is not kept.');
  await expectTapTargets(page.locator('label').filter({ has: page.getByRole('checkbox') }), 'the boxes');
}

/** The Subscriptions tab's eLearning row and its switch, once the tab's reads are answered. */
async function subscriptionsTab(page: Page) {
  await expect(page).toHaveURL(/\/user\/account#subscriptions$/);
  const table = page.getByRole('table', { name: 'Subscriptions' });
  const row = table.getByRole('row', { name: /eLearning/ });
  return { table, row, toggle: row.getByRole('switch', { name: 'Auto-renew eLearning' }) };
}

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('phone: the renewal declined and the card not kept; the receipt says so; the switch turns it on', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const price = await atPayWithElearning(page, request);
    await expectTermsBeforePaying(page, price);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, 'pay screen with the renewal terms at 390 px');

    await fillCard(page, '4242424242424242');
    const paid = page.waitForRequest((sent) => sent.url().endsWith('/api/checkout/pay'));
    await page.getByRole('button', { name: 'Pay' }).click();
    // Neither box ticked: nothing kept, no auto-renew.
    expect((await paid).postDataJSON()).toMatchObject({ SAVE_CARD: false, AUTORENEW: [] });
    await expect(page).toHaveURL(/\/checkout\/confirm\/\d+$/);

    const { expires } = renewalDays();
    const receiptRenewal = page.getByRole('region', { name: 'Yearly renewal' });
    await expect(receiptRenewal).toHaveText(
      `Yearly renewaleLearning: auto-renew is off. It ends on ${expires} and nothing more is charged. To renew it ` +
        "automatically, turn auto-renew on for it on your account's Subscriptions tab.",
    );
    await expectNoSidewaysScroll(page);
    await receiptRenewal.getByRole('link', { name: 'Subscriptions tab' }).click();

    const { row, toggle } = await subscriptionsTab(page);
    await expect(toggle).not.toBeChecked();
    await expect(row).toContainText(`Auto-renew is off: it ends on ${expires} and nothing more is charged.`);
    // By keyboard: the switch takes the focus and Space turns it on.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('status')).toHaveText('Auto-renew for eLearning is now on.');
    // The card was not kept: the row says a renewal has nothing to charge.
    await expect(row).toContainText(`Auto-renew is on, but there is no card on file: add one on the Billing tab`);
    await expectTapTargets(toggle, 'the auto-renew switch');
    await expectNoSidewaysScroll(page);

    await countRequestsInFlight(page);
    await page.reload();
    await pageAtRest(page);
    await expect((await subscriptionsTab(page)).toggle).toBeChecked();
    await expectNoAxeViolations(page, 'Subscriptions tab at 390 px');
    await page.getByRole('tab', { name: 'Billing' }).click();
    await expect(page.getByTestId('card-on-file')).toHaveText('No card on file.');
  });
});

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('desktop: auto-renew chosen keeps the card; the receipt repeats the terms; the switch turns it off', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const price = await atPayWithElearning(page, request);
    await expectTermsBeforePaying(page, price);

    const autoRenew = page.getByRole('checkbox', { name: 'Renew eLearning automatically' });
    const keep = page.getByRole('checkbox', { name: 'Keep this card on file' });
    // Auto-renew charges the card on file: choosing it keeps the card, and unticking the card turns it off.
    await autoRenew.check();
    await expect(keep).toBeChecked();
    await expect(keep).toHaveAccessibleDescription(
      'Auto-renew charges the card on file, so this card is kept for it. Unticking this box turns auto-renew off.',
    );
    await keep.uncheck();
    await expect(autoRenew).not.toBeChecked();
    // By keyboard, as a customer without a mouse would.
    await autoRenew.focus();
    await page.keyboard.press('Space');
    await expect(autoRenew).toBeChecked();
    await expect(keep).toBeChecked();
    await expectNoAxeViolations(page, 'pay screen with auto-renew chosen at 1280 px');

    await fillCard(page, '4242424242424242');
    const paid = page.waitForRequest((sent) => sent.url().endsWith('/api/checkout/pay'));
    await page.getByRole('button', { name: 'Pay' }).click();
    expect((await paid).postDataJSON()).toMatchObject({ SAVE_CARD: true, AUTORENEW: ['elearning'] });
    await expect(page).toHaveURL(/\/checkout\/confirm\/\d+$/);

    const { renews } = renewalDays();
    const receiptRenewal = page.getByRole('region', { name: 'Yearly renewal' });
    await expect(receiptRenewal).toHaveText(
      `Yearly renewaleLearning: auto-renew is on. On ${renews} the card ending in 4242 is charged ${price} (plus ` +
        'sales tax where it applies) for another year of eLearning Subscription, and again every year. To cancel, ' +
        `turn auto-renew off before ${renews} on your account's Subscriptions tab.`,
    );
    await receiptRenewal.getByRole('link', { name: 'Subscriptions tab' }).click();

    const { row, toggle } = await subscriptionsTab(page);
    await expect(toggle).toBeChecked();
    await expect(row).toContainText(`On ${renews} the card ending in 4242 is charged ${price}`);
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByRole('status')).toHaveText('Auto-renew for eLearning is now off.');
    await expect(row).toContainText('Auto-renew is off: it ends on');

    await countRequestsInFlight(page);
    await page.reload();
    await pageAtRest(page);
    await expect((await subscriptionsTab(page)).toggle).not.toBeChecked();
    await expectNoAxeViolations(page, 'Subscriptions tab at 1280 px');
    // The card the customer chose to keep is on file.
    await page.getByRole('tab', { name: 'Billing' }).click();
    await expect(page.getByTestId('card-on-file')).toHaveText(/XXXX4242, expires 12\/2030$/);
  });
});
