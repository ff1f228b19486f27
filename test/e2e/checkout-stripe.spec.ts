import type { Page } from '@playwright/test';
import { DECLINES } from '../../libs/payments/decline-words.js';
import { expectNoAxeViolations } from './support/axe.js';
import { addToCart, cheapBook, fillCustomer, sessionToken } from './support/checkout.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { registeredAccount, withApiSession } from './support/shop.js';
import {
  expect,
  NO_LOCALSTRIPE,
  SECURITY_CODE,
  STRIPE_CARDS,
  stripeFields,
  test,
  typeStripeCard,
  type StripeShop,
} from './support/stripe-shop.js';
import { expectTapTargets } from './support/tap-targets.js';

/**
 * Issue 20, the browser half: with PAYMENT_GATEWAY=stripe the pay screen and the account's Card tab show
 * Stripe's own card fields (here localstripe's mock of Stripe.js), the card goes to Stripe only, and the
 * shop gets a payment method id (PCI DSS SAQ A). The run's e2e shop is the sandbox: this spec starts its
 * own shop in Stripe mode (test/e2e/support/stripe-shop.ts), once per worker, its tests one after the other.
 */
test.describe.configure({ mode: 'default' });

const PASSWORD = 'Stripe-fields-1';
const PAY_ERRORS = 'Something went wrong with processing. Check your card info and try again.';

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

test.beforeEach(({ stripeShop }) => {
  test.skip(stripeShop === null, NO_LOCALSTRIPE);
});

/** The shop this worker started (never null once beforeEach has not skipped). */
const shopOf = (stripeShop: StripeShop | null): StripeShop => {
  if (!stripeShop) throw new Error(NO_LOCALSTRIPE);
  return stripeShop;
};

/** Every request the page sends to the shop and to localstripe: its address and body, as sent. */
function recordRequests(page: Page, shop: StripeShop): { toShop: string[]; toStripe: string[] } {
  const seen = { toShop: [] as string[], toStripe: [] as string[] };
  const shopOrigin = new URL(shop.url).origin;
  const stripeOrigin = new URL(shop.localstripe).origin;
  page.on('request', (request) => {
    const origin = new URL(request.url()).origin;
    const sent = `${request.url()}\n${request.postData() ?? ''}`;
    if (origin === shopOrigin) seen.toShop.push(sent);
    else if (origin === stripeOrigin) seen.toStripe.push(sent);
  });
  return seen;
}

/** Every value in a request's query and JSON body, to look for the security code as a value of its own. */
function valuesOf(sent: string): string[] {
  const [address = '', body = ''] = sent.split('\n', 2);
  const values = [...new URL(address).searchParams.values()];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
    else if (value !== null && value !== undefined) values.push(String(value));
  };
  try {
    walk(JSON.parse(body));
  } catch {
    values.push(...body.split(/[&=]/).map(decodeURIComponent));
  }
  return values;
}

/** A fresh registered customer, signed in, with the cheapest book in the cart, on the pay screen. */
async function signedInAtPay(page: Page, request: Parameters<typeof registeredAccount>[0]): Promise<string> {
  const email = await registeredAccount(request, PASSWORD);
  await withApiSession(page, email, PASSWORD);
  await addToCart(page, await cheapBook(request));
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/customer$/);
  await fillCustomer(page, { state: 'MO', email });
  await expect(page.getByTestId('total-total')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay$/);
  return email;
}

/** The order history of the page's customer (GET /api/orders with its token). */
async function orderHistory(page: Page): Promise<unknown[]> {
  const response = await page.request.get('/api/orders', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { data: unknown[] }).data;
}

/** The signed-in customer's cart on the server (GET /api/cart with its token): the lines left. */
async function cartLines(page: Page): Promise<unknown[]> {
  const response = await page.request.get('/api/cart', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { items: unknown[] }).items;
}

/** The customer's card on file as the Card tab shows it. */
async function cardTab(page: Page) {
  await page.goto('/user/account#billing');
  return page.getByRole('region', { name: 'Card' });
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    // The phone keeps the card ("Keep this card on file" ticked), the desktop does not: both ways of the choice.
    const keep = size.name === 'phone';
    test(`${size.name}: a book bought through Stripe's fields, the card ${keep ? 'kept' : 'not kept'}; no request to the shop carries the card`, async ({
      page,
      request,
      stripeShop,
    }) => {
      test.setTimeout(120_000);
      const shop = shopOf(stripeShop);
      const seen = recordRequests(page, shop);
      await signedInAtPay(page, request);

      const fields = stripeFields(page);
      await typeStripeCard(fields, STRIPE_CARDS.visa);
      const keepBox = page.getByRole('checkbox', { name: 'Keep this card on file' });
      await expect(keepBox).not.toBeChecked();
      if (keep) await keepBox.check();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `pay screen with Stripe's fields at ${size.name}`);
      await expectTapTargets(page.getByRole('button', { name: 'Pay' }), 'Pay');

      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page).toHaveURL(/\/checkout\/confirm\/\d+$/);
      await expect(page.getByText(/Thank you for your order/)).toBeVisible();
      await expect(page.getByText('Paid with Visa ending in 4242.')).toBeVisible();

      // The card number and the security code went to Stripe (localstripe) only.
      expect(seen.toStripe.some((sent) => sent.includes(STRIPE_CARDS.visa) && sent.includes(SECURITY_CODE))).toBe(true);
      expect(seen.toShop.length).toBeGreaterThan(5);
      expect(seen.toShop.filter((sent) => sent.includes(STRIPE_CARDS.visa))).toEqual([]);
      expect(seen.toShop.filter((sent) => valuesOf(sent).includes(SECURITY_CODE))).toEqual([]);
      // What the shop got instead: a payment method id, and whether to keep it, as the box said; the card
      // setup asked Stripe for off-session use only for a card to be kept.
      expect(
        seen.toShop.some((sent) => sent.includes('/api/checkout/pay') && /"PAYMENTMETHOD":"pm_\w+"/.test(sent)),
      ).toBe(true);
      const payBody = seen.toShop.find((sent) => sent.includes('/api/checkout/pay'))!;
      expect(payBody).toContain(`"SAVE_CARD":${keep}`);
      expect(seen.toShop.find((sent) => sent.includes('/api/payments/card-setup'))).toContain(`{"SAVE_CARD":${keep}}`);

      // Kept only when ticked: the Card tab shows the card on file, or none.
      const section = await cardTab(page);
      await expect(section.getByTestId('card-on-file')).toHaveText(
        keep ? /^Card on file: Visa XXXX4242, expires 12\/2030$/ : 'No card on file.',
      );
      await expect(stripeFields(page, section)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `Card tab with Stripe's fields at ${size.name}`);
      await expectTapTargets(section.getByRole('button', { name: 'Save' }), 'Save');
    });
  });
}

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('3-D Secure: the bank asks, the buyer completes the authentication, the receipt shows', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signedInAtPay(page, request);
    await typeStripeCard(stripeFields(page), STRIPE_CARDS.authenticate);
    await page.getByRole('button', { name: 'Pay' }).click();
    // Stripe.js asks when the card is set up and again when it is charged.
    const complete = page.getByRole('button', { name: 'Complete authentication' });
    await complete.click();
    await expect(page.getByRole('button', { name: 'Pay' })).toBeDisabled();
    await complete.click();
    await expect(page).toHaveURL(/\/checkout\/confirm\/\d+$/);
    await expect(page.getByText('Paid with Visa ending in 3184.')).toBeVisible();
  });

  test('3-D Secure abandoned: an error shows, the cart keeps the book, no order is paid', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signedInAtPay(page, request);
    await typeStripeCard(stripeFields(page), STRIPE_CARDS.authenticate);
    await page.getByRole('button', { name: 'Pay' }).click();
    // The card is set up, then the payment's authentication fails.
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByRole('button', { name: 'Fail authentication' }).click();

    // In the shop's words, not Stripe's ("The provided PaymentMethod has failed authentication.").
    const alert = page.getByRole('alert').filter({ hasText: PAY_ERRORS });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('listitem')).toHaveText([DECLINES.authentication]);
    await expect(page).toHaveURL(/\/checkout\/pay$/);
    await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(await cartLines(page)).toHaveLength(1);
    expect(await orderHistory(page)).toEqual([]);
  });
});

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a declined card: the shop's words in the pay screen's error list, the cart stays", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signedInAtPay(page, request);
    await typeStripeCard(stripeFields(page), STRIPE_CARDS.declined);
    await page.getByRole('button', { name: 'Pay' }).click();

    const alert = page.getByRole('alert').filter({ hasText: PAY_ERRORS });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('listitem')).toHaveText([DECLINES.declined]);
    await expect(page).toHaveURL(/\/checkout\/pay$/);
    await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(await cartLines(page)).toHaveLength(1);
    expect(await orderHistory(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
  });

  test("the Card tab replaces the card through Stripe's fields; a declined one keeps it", async ({
    page,
    request,
    stripeShop,
  }) => {
    test.setTimeout(120_000);
    const shop = shopOf(stripeShop);
    const seen = recordRequests(page, shop);
    const email = await registeredAccount(request, PASSWORD);
    await withApiSession(page, email, PASSWORD);
    const section = await cardTab(page);
    await expect(section.getByTestId('card-on-file')).toHaveText('No card on file.');

    await typeStripeCard(stripeFields(page, section), STRIPE_CARDS.mastercard);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('You have successfully saved your info.')).toBeVisible();
    await expect(section.getByTestId('card-on-file')).toHaveText(/XXXX4444, expires 12\/2030$/);
    // A new, empty set of fields: the saved card is not left typed in.
    await expect(stripeFields(page, section).getByPlaceholder('number')).toHaveValue('');
    await page.reload();
    await expect(section.getByTestId('card-on-file')).toHaveText(/XXXX4444, expires 12\/2030$/);

    await typeStripeCard(stripeFields(page, section), STRIPE_CARDS.declined);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Error: Your card was declined. Enter your card info and try again.')).toBeVisible();
    await expect(section.getByTestId('card-on-file')).toHaveText(/XXXX4444, expires 12\/2030$/);
    await expectNoSidewaysScroll(page);

    expect(seen.toStripe.some((sent) => sent.includes(STRIPE_CARDS.mastercard))).toBe(true);
    expect(
      seen.toShop.filter((sent) => sent.includes(STRIPE_CARDS.mastercard) || sent.includes(STRIPE_CARDS.declined)),
    ).toEqual([]);
    expect(
      seen.toShop.some((sent) => sent.includes('/api/account/card') && /"PAYMENTMETHOD":"pm_\w+"/.test(sent)),
    ).toBe(true);
  });
});
