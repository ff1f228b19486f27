import { expect, test } from '@playwright/test';
import { DECLINED_CARD, SANDBOX_CARD } from './support/checkout.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { logIn, registeredAccount } from './support/shop.js';

const PASSWORD = 'Account-card-1';

test.use({ viewport: { width: 390, height: 844 } });

test('replace the card with a sandbox card, then a declined one shows the gateway text', async ({ page, request }) => {
  const email = await registeredAccount(request, PASSWORD);
  await logIn(page, email, PASSWORD);
  // Signed-in section 2 lists a Card section without a fragment of its own: it sits on the billing tab.
  await page.goto('/user/account#billing');
  const section = page.getByRole('region', { name: 'Card' });
  const form = page.getByRole('form', { name: 'Card' });
  await expect(section.getByTestId('card-on-file')).toHaveText('No card on file.');
  await expectNoSidewaysScroll(page);

  // Required messages after a field is touched (signed-in sections 5 and 8).
  for (const [label, message] of [
    ['Card Number', 'Card Number is required.'],
    ['Card Month', 'Card Month is required.'],
    ['Card Year', 'Card Year is required.'],
    ['Security Code', 'Security Code is required.'],
  ] as const) {
    await form.getByLabel(label).focus();
    await form.getByLabel(label).blur();
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByLabel('Security Code')).toHaveAttribute('maxlength', '4');
  await expect(form.getByLabel('Security Code')).toHaveAttribute('autocomplete', 'cc-csc');

  // Pasted as the card prints it: nothing is cut, and the field shows the number grouped.
  await form.getByLabel('Card Number').fill('4242-4242 4242  4242');
  await form.getByLabel('Card Number').blur();
  await expect(form.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');
  await expect(form.getByText('Card Number must be digits only.')).toHaveCount(0);
  await form.getByLabel('Card Month').selectOption('12');
  await form.getByLabel('Card Year').selectOption('2030');
  await form.getByLabel('Security Code').fill('123');

  // In flight: Save disabled with a spinner until the gateway answers (signed-in section 4).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/account/card', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(form.getByRole('progressbar', { name: 'Working' })).toBeVisible();
  release();
  await expect(section.getByText('You have successfully saved your info.')).toBeVisible();
  await page.unroute('**/api/account/card');
  await expect(section.getByTestId('card-on-file')).toHaveText(/XXXX4242, expires 12\/2030$/);
  // The typed card is gone from the form and never reached the browser's storage.
  await expect(form.getByLabel('Card Number')).toHaveValue('');
  const stored = await page.evaluate<string>(
    'JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })',
  );
  expect(stored).not.toContain(SANDBOX_CARD);

  await page.reload();
  await expect(section.getByTestId('card-on-file')).toHaveText(/XXXX4242, expires 12\/2030$/);

  // A declined card: the gateway's text inside the spec's sentence; the card on file stays.
  await form.getByLabel('Card Number').fill(DECLINED_CARD);
  await form.getByLabel('Card Month').selectOption('11');
  await form.getByLabel('Card Year').selectOption('2031');
  await form.getByLabel('Security Code').fill('321');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByText('Error: Your card was declined. Enter your card info and try again.')).toBeVisible();
  await expect(section.getByTestId('card-on-file')).toHaveText(/XXXX4242, expires 12\/2030$/);
  await expectNoSidewaysScroll(page);
  const after = await page.evaluate<string>(
    'JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })',
  );
  expect(after).not.toContain(DECLINED_CARD);
});
