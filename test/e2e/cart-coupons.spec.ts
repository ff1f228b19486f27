import { expect, test } from '@playwright/test';
import type { Meeting } from '../../libs/contracts/catalog.js';
import { holdAccount } from './support/accounts.js';
import { cartCall } from './support/cart.js';
import { meetings } from './support/catalog.js';
import { cheapBook } from './support/checkout.js';
import { DEMO_PASSWORD, withApiSession } from './support/shop.js';

const ACCOUNT = 'complete@demo.test';
let release: (() => Promise<void>) | undefined;
test.beforeEach(async () => {
  test.setTimeout(180_000);
  release = await holdAccount(ACCOUNT);
});
test.afterEach(async () => {
  await release?.();
});

test('complete@demo.test applies each coupon and sees each message', async ({ page, request }) => {
  const book = await cheapBook(request);
  let event: Meeting['OPTIONS'][number] | undefined;
  // A past meeting (its last day before today, UTC) is no longer sold: take an upcoming one.
  const today = new Date().toISOString().slice(0, 10);
  for (const summary of (await meetings(request)).filter((m) => m.END_DATE >= today)) {
    const meeting = ((await (await request.get(`/api/meetings/${summary.ID}`)).json()) as { data: Meeting }).data;
    event = meeting.OPTIONS.find((option) => option.TYPE === 'event' && option.PRICE >= 1000);
    if (event) break;
  }
  if (!event) throw new Error('no event option in the demo meetings');

  const token = await withApiSession(page, ACCOUNT, DEMO_PASSWORD);
  await cartCall(page, token, 'delete', '');
  await cartCall(page, token, 'post', '/items', { PRODUCTID: book.ID, QTY: 1 });
  await cartCall(page, token, 'post', '/items', { PRODUCTID: event.PRODUCTID, QTY: 1 });

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: book.NAME })).toBeVisible();
  await expect(page.getByRole('heading', { name: event.NAME })).toBeVisible();
  await expect(page.getByTestId('cart-discount')).toHaveText('$0.00');

  const code = page.getByRole('textbox', { name: 'Coupon Code' });
  const apply = page.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  await code.fill('abc');
  await expect(apply).toBeDisabled();

  const tryCode = async (text: string, message: string) => {
    await code.fill(text);
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(page.getByRole('status').filter({ hasText: message })).toHaveText(message);
  };

  await tryCode('WELCOME10', 'Success, discount applied!');
  await expect(page.getByTestId('cart-discount')).not.toHaveText('$0.00');
  await tryCode('complete', 'Success, discount applied!');
  await expect(page.getByTestId('cart-discount')).not.toHaveText('$0.00');
  // No streaming items: not valid for these products.
  await tryCode('COMPLETEWEBCAST', 'Not a valid code for these products or minimum not reached');
  // Storefront section 4: in that case the coupon is removed from the cart.
  await expect(page.getByTestId('cart-discount')).toHaveText('$0.00');
  await tryCode('EXPIRED1', 'Not a valid code');
  await tryCode('NOSUCHCODE', 'Not a valid code');
  // After a refused code the screen says which coupon still counts (issue 12).
  await tryCode('WELCOME10', 'Success, discount applied!');
  await tryCode('NOSUCHCODE', 'Not a valid code');
  await expect(page.getByTestId('coupon-still-applied')).toHaveText('The coupon WELCOME10 is still applied.');
  await expect(page.getByTestId('cart-discount')).not.toHaveText('$0.00');

  // Totals add up and a line can be removed.
  await tryCode('WELCOME10', 'Success, discount applied!');
  await page.getByRole('button', { name: `Remove ${event.NAME}` }).click();
  await expect(page.getByRole('heading', { name: event.NAME })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${book.NAME}` }).click();
  await expect(page.getByText('You have 0 items in your cart.')).toBeVisible();
});
