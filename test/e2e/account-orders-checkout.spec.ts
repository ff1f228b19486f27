import { expect, test } from '@playwright/test';
import { addToCart, buyBookByApi, cheapBook, fillCard, sessionToken } from './support/checkout.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectFocusShown } from './support/focus.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { logIn, registeredAccount } from './support/shop.js';

const PASSWORD = 'Account-orders-1';

test.use({ viewport: { width: 390, height: 844 } });

const SHIPPING = {
  ADDRESS: '100 Market Street',
  ADDRESS2: 'Suite 5',
  CITY: 'St. Louis',
  STATE: 'MO',
  ZIP: '63101',
  COUNTRY: 'USA',
};
const BILLING = {
  ADDRESS: '200 King Street West',
  ADDRESS2: '',
  CITY: 'Toronto',
  STATE: 'NOTUS',
  ZIP: 'M5H 3T4',
  COUNTRY: 'CAN',
};

test('subscriptions and orders of a new customer, checkout prefilled from the saved addresses, then the order', async ({
  page,
  request,
}) => {
  const email = await registeredAccount(request, PASSWORD);
  await logIn(page, email, PASSWORD);
  let orderCalls = 0;
  page.on('request', (call) => {
    if (call.method() === 'GET' && new URL(call.url()).pathname === '/api/orders') orderCalls += 1;
  });

  // Subscriptions: none yet, so every type shows N/A.
  await page.goto('/user/account#subscriptions');
  const subscriptions = page.getByRole('table', { name: 'Subscriptions' });
  for (const label of ['CME', 'Complete', 'Streaming All', 'eLearning']) {
    await expect(subscriptions.getByRole('row', { name: label })).toContainText('N/A');
  }
  expect(orderCalls).toBe(0);

  // Orders: the empty state.
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
  expect(orderCalls).toBe(1);
  await expectNoSidewaysScroll(page);

  // The saved addresses (a US shipping address, a Canadian billing one) prefill checkout.
  const token = await sessionToken(page);
  for (const [kind, body] of [
    ['shipping', SHIPPING],
    ['billing', BILLING],
  ] as const) {
    const saved = await page.request.put(`/api/account/${kind}`, {
      headers: { authorization: `Bearer ${token}` },
      data: body,
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
  }
  await addToCart(page, await cheapBook(request));
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/customer$/);
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Robin');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(SHIPPING.ADDRESS);
  await expect(page.getByRole('textbox', { name: 'Address 2', exact: true })).toHaveValue(SHIPPING.ADDRESS2);
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue(SHIPPING.CITY);
  // The selects show the prefilled choice (not a blank option while the form holds the value).
  const state = page.getByRole('combobox', { name: 'State', exact: true });
  await expect(state).toHaveValue('MO');
  await expect(state.locator('option:checked')).toHaveText('Missouri');
  await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('USA');
  await expect(page.getByRole('checkbox', { name: 'Use a different billing address' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Billing Address', exact: true })).toHaveValue(BILLING.ADDRESS);
  await expect(page.getByRole('combobox', { name: 'Billing State' })).toHaveValue('NOTUS');
  await expect(page.getByRole('combobox', { name: 'Billing Country' })).toHaveValue('CAN');
  await expect(page.getByTestId('total-total')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole('textbox', { name: 'Phone' }).fill('555-0100');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay$/);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirm\/[^/?]+$/);
  const onum = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

  // The paid order shows on the orders tab: date part only, the number linking to its receipt, the product.
  await page.goto('/user/account#orders');
  const order = page.getByRole('listitem', { name: `Order ${onum}` });
  await expect(order).toBeVisible();
  await expect(order).toContainText(new Date().toISOString().slice(0, 4));
  await expect(order.getByRole('heading')).toHaveText(/^\d{4}-\d{2}-\d{2} · Order /);
  const image = order.getByRole('img');
  await expect(image).toHaveAttribute('src', /^\/assets\/img\/products\/(\d+)\/\1\.jpeg$/);
  await expect(image).toHaveAttribute('loading', 'lazy');
  // A book has neither a Stream nor an Open App link.
  await expect(order.getByRole('link', { name: /Stream|Open App/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Loaded once: another tab and back does not ask again.
  const calls = orderCalls;
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByRole('form', { name: 'Profile' })).toBeVisible();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(order).toBeVisible();
  expect(orderCalls).toBe(calls);

  await order.getByRole('link', { name: onum }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/confirm/${onum}$`));
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
});

test('the orders tab links Stream for streaming types (any case) and Open App for iflap', async ({ page, request }) => {
  const email = await registeredAccount(request, PASSWORD);
  await logIn(page, email, PASSWORD);
  const products = [
    { PRODUCTID: 130, PRODUCTNAME: 'Complete', TYPE: 'qmpcomplete' },
    { PRODUCTID: 11, PRODUCTNAME: 'A video', TYPE: 'STREAMING' },
    { PRODUCTID: 12, PRODUCTNAME: 'Book and video', TYPE: 'Both' },
    { PRODUCTID: 13, PRODUCTNAME: 'All streams', TYPE: 'STREAMING_ALL' },
    { PRODUCTID: 14, PRODUCTNAME: 'Courses', TYPE: 'eLearning' },
    { PRODUCTID: 399, PRODUCTNAME: 'iFlap', TYPE: 'iflap' },
    { PRODUCTID: 15, PRODUCTNAME: 'A book', TYPE: 'hardcover' },
  ];
  await page.route(
    (url) => url.pathname === '/api/orders',
    (route) =>
      route.fulfill({
        json: {
          data: [{ DATE: '2026-03-04T10:11:12.000Z', ONUM: 'Q-1001', PRODUCTS: products, REFUNDS: [] }],
          NEXT: null,
        },
      }),
  );
  await page.goto('/user/account#orders');
  const order = page.getByRole('listitem', { name: 'Order Q-1001' });
  await expect(order.getByRole('heading')).toHaveText('2026-03-04 · Order Q-1001');
  await expect(order.getByRole('link', { name: 'Q-1001' })).toHaveAttribute('href', '/checkout/confirm/Q-1001');
  for (const name of ['Complete', 'A video', 'Book and video', 'All streams', 'Courses']) {
    await expect(order.getByRole('link', { name: `Stream ${name}` })).toHaveAttribute('href', '/streaming');
  }
  const app = order.getByRole('link', { name: 'Open App iFlap' });
  await expect(app).toHaveAttribute('href', '/iflap/home');
  await expect(app).toHaveAttribute('target', '_blank');
  await expect(order.getByRole('img', { name: 'A book' })).toBeVisible();
  await expect(order.getByRole('link', { name: /A book/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});

test('the orders tab shows a failed load in the shared panel, and Retry loads the orders', async ({
  page,
  request,
}) => {
  const email = await registeredAccount(request, PASSWORD);
  await logIn(page, email, PASSWORD);
  let fail = true;
  await page.route(
    (url) => url.pathname === '/api/orders',
    (route) =>
      fail
        ? route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: [] } })
        : route.continue(),
  );
  await page.goto('/user/account#orders');
  // The shared load-error panel (components/load-error.tsx), as every failed read shows it.
  const panel = page.getByRole('alert').filter({ hasText: 'Your orders could not be loaded.' });
  await expect(panel).toContainText('Check your connection and try again.');
  fail = false;
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
});

test('eleven orders: the tab shows the ten newest, and Show more orders (by keyboard) adds the eleventh', async ({
  page,
  request,
}) => {
  const email = await registeredAccount(request, PASSWORD);
  await logIn(page, email, PASSWORD);
  const token = await sessionToken(page);
  const onums: string[] = [];
  for (let n = 0; n < 11; n++) onums.push(await buyBookByApi(page.request, token));

  await page.goto('/user/account#orders');
  const list = page.getByRole('list', { name: 'Orders' });
  const orders = list.getByRole('listitem').filter({ has: page.getByRole('heading') });
  await expect(orders).toHaveCount(10);
  await expect(orders.first()).toHaveAccessibleName(`Order ${onums.at(-1)}`);
  await expect(list.getByRole('listitem', { name: `Order ${onums[0]}` })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Showing your 10 newest orders.' })).toBeVisible();
  const more = page.getByRole('button', { name: 'Show more orders' });
  // Full width on a phone, a tap target of 44 px.
  const box = (await more.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThan(300);

  await more.focus();
  await page.keyboard.press('Enter');
  await expect(orders).toHaveCount(11);
  await expect(orders.last()).toHaveAccessibleName(`Order ${onums[0]}`);
  await expect(more).toHaveCount(0);
  // The focus goes on where the new orders begin (the button is gone).
  await expect(orders.last().getByRole('link', { name: onums[0] })).toBeFocused();
  await expectFocusShown(page, 'the first order Show more orders added');
  await expect(page.getByRole('status').filter({ hasText: 'All 11 of your orders are shown.' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'the orders tab with every page shown');
});
