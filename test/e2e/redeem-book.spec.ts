import { expect, test, type Page } from '@playwright/test';
import { withAccount } from './support/accounts.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_PASSWORD, logIn, registeredAccount, withApiSession } from './support/shop.js';

/** The code of book 601 kept unused for reader@demo.test (docs/demo-data.md); no other journey uses it. */
const READER_CODE = 'BOOK-AEGB-BNZB';
/** Book 603's code, used only by the logged-out journey below. */
const LOGGED_OUT_CODE = 'BOOK-5JLR-NYPJ';
const PASSWORD = 'Redeem-pass-2026';

const codeField = (page: Page) => page.getByRole('textbox', { name: 'Code' });
const submit = (page: Page) => page.getByRole('button', { name: 'Submit' });

test('reader@demo.test redeems a book code and streams the book; the code then fails for another account', async ({
  browser,
  page,
}) => {
  await withAccount('reader@demo.test', async () => {
    await withApiSession(page, 'reader@demo.test', DEMO_PASSWORD);
    await page.goto('/redeem');
    await expect(page.getByRole('heading', { level: 1, name: 'Redeem Book' })).toBeVisible();
    await submit(page).click();
    await expect(page.getByText('Code is required.')).toBeVisible();

    await codeField(page).fill('BOOK-NOPE-NOPE');
    await submit(page).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This code is not valid. Check the code inside your book cover and try again.',
    );

    await codeField(page).fill(READER_CODE);
    await submit(page).click();
    const success = page.getByRole('status').filter({ hasText: 'Your code was redeemed.' });
    await expect(success).toContainText(
      'Your code was redeemed. The videos of this book are now in your streaming account.',
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
    await success.getByRole('link', { name: 'Stream Now' }).click();

    // The book's videos are in the streaming list at once (the cached list was dropped), as purchased.
    await expect(page).toHaveURL(/\/streaming$/);
    const book = page.getByRole('list', { name: 'Videos' }).getByRole('link', { name: /Structural Rhinoplasty/ });
    await expect(book).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Stream categories' })
      .getByRole('link', { name: 'Purchased', exact: true })
      .click();
    await expect(book).toBeVisible();
    await book.click();
    await expect(page).toHaveURL(/\/stream\/601\?category=-3$/);
    await page.getByRole('list', { name: 'Videos' }).getByRole('link').first().click();
    const video = page.locator('video');
    await expect(video).toBeVisible();
    await expect(page.getByTestId('watermark')).toHaveText('Riley Reader');
    await expect
      .poll(() => video.evaluate((node) => (node as unknown as { readyState: number }).readyState))
      .toBeGreaterThanOrEqual(1);
  });

  // The same code for another customer: the server's refusal in a danger alert.
  const other = await browser.newPage();
  const email = await registeredAccount(other.request, PASSWORD);
  await logIn(other, email, PASSWORD);
  await other.goto(`/redeem/${READER_CODE}`);
  await expect(codeField(other)).toHaveValue(READER_CODE);
  await submit(other).click();
  const refusal = other.getByRole('alert');
  await expect(refusal).toHaveText('This code has already been redeemed.');
  await expect(refusal).toHaveClass(/MuiAlert-colorError|MuiAlert-standardError/);
  await other.close();
});

test('a logged-out visitor following redeem/{CODE} lands back on redeem with the code after login', async ({
  page,
}) => {
  const email = await registeredAccount(page.request, PASSWORD);
  await page.goto(`/redeem/${LOGGED_OUT_CODE}`);
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/redeem/${LOGGED_OUT_CODE}$`));
  await expect(codeField(page)).toHaveValue(LOGGED_OUT_CODE);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await submit(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your code was redeemed.' })).toBeVisible();
  // The new customer now has role streaming: Stream Now opens the list with the book.
  await page.getByRole('link', { name: 'Stream Now' }).click();
  await expect(page).toHaveURL(/\/streaming$/);
  await expect(
    page.getByRole('list', { name: 'Videos' }).getByRole('link', { name: /Eyelid and Periorbital/ }),
  ).toBeVisible();

  // redeem/null is an empty code.
  await page.goto('/redeem/null');
  await expect(codeField(page)).toHaveValue('');
});
