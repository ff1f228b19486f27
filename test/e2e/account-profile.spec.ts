import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll } from './support/layout.js';
import { logIn, registeredAccount, withApiSession } from './support/shop.js';

const PASSWORD = 'Account-pass-1';

test.use({ viewport: { width: 390, height: 844 } });

test('edit and save the profile, shipping and billing tabs and see each after a reload', async ({ page, request }) => {
  const email = await registeredAccount(request, PASSWORD);
  await logIn(page, email, PASSWORD);

  await page.goto('/user/account');
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByLabel('First Name')).toHaveValue('Robin');
  await expect(profile.getByLabel('Email')).toHaveValue(email);
  await expectNoSidewaysScroll(page);

  // Messages show once a field has been touched (signed-in section 5), in the spec's words.
  await profile.getByLabel('First Name').fill('');
  await profile.getByLabel('First Name').blur();
  await expect(profile.getByText('First Name is required.')).toBeVisible();
  await profile.getByLabel('New Password').fill('short');
  await profile.getByLabel('New Password').blur();
  await expect(profile.getByText('Must be 8 characters of more')).toBeVisible();
  // A typed new password brings the Current Password field (and its own SHOW): the first is New Password's.
  await expect(profile.getByLabel('Current Password')).toBeVisible();
  await profile.getByRole('button', { name: 'SHOW' }).first().click();
  await expect(profile.getByLabel('New Password')).toHaveAttribute('type', 'text');
  await profile.getByRole('button', { name: 'HIDE' }).click();
  await expect(profile.getByLabel('New Password')).toHaveAttribute('type', 'password');
  await profile.getByLabel('New Password').fill('');

  await profile.getByLabel('First Name').fill('Morgan');
  await profile.getByLabel('Last Name').fill('Editor');
  await profile.getByLabel('Suffix').selectOption('Jr.');
  await profile.getByLabel('Specialty').selectOption('Dermatology/Dermatologic Surgery');
  await profile.getByLabel('Status').selectOption({ index: 1 });
  const status = await profile.getByLabel('Status').inputValue();
  expect(status).not.toBe('');
  await profile.getByLabel('Phone').fill('314-555-0100');
  await profile.getByLabel('Auto-renew my subscriptions').uncheck();

  // In flight: Submit disabled with a spinner until the server answers (signed-in section 4).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/account/profile', async (route) => {
    await held;
    await route.continue();
  });
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(profile.getByRole('progressbar', { name: 'Working' })).toBeVisible();
  release();
  await expect(page.getByText('You have successfully saved your info.')).toBeVisible();
  await page.unroute('**/api/account/profile');

  await page.reload();
  await expect(profile.getByLabel('First Name')).toHaveValue('Morgan');
  await expect(profile.getByLabel('Last Name')).toHaveValue('Editor');
  await expect(profile.getByLabel('Suffix')).toHaveValue('Jr.');
  await expect(profile.getByLabel('Specialty')).toHaveValue('Dermatology/Dermatologic Surgery');
  await expect(profile.getByLabel('Status')).toHaveValue(status);
  await expect(profile.getByLabel('Phone')).toHaveValue('314-555-0100');
  await expect(profile.getByLabel('Auto-renew my subscriptions')).not.toBeChecked();

  // Shipping: the required messages, then a saved US address.
  await page.getByRole('tab', { name: 'Shipping' }).click();
  await expect(page).toHaveURL(/\/user\/account#shipping$/);
  const shipping = page.getByRole('form', { name: 'Shipping address' });
  // A fresh account has no shipping address yet: Save shows every required message.
  await expect(shipping.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('');
  await shipping.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    'Address is required.',
    'City is required.',
    'State is required.',
    'Zip Code is required.',
    'Country is required.',
  ]) {
    await expect(shipping.getByText(message)).toBeVisible();
  }
  await expectNoSidewaysScroll(page);
  await shipping.getByRole('textbox', { name: 'Address', exact: true }).fill('100 Market Street');
  await shipping.getByLabel('Address 2').fill('Suite 5');
  await shipping.getByLabel('City').fill('St. Louis');
  await shipping.getByLabel('State').selectOption('MO');
  await shipping.getByLabel('Zip Code').fill('63101');
  await shipping.getByLabel('Country').selectOption('USA');
  await shipping.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You have successfully saved your info.')).toBeVisible();

  // Billing: a Canadian address takes "Not United States".
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/user\/account#billing$/);
  const billing = page.getByRole('form', { name: 'Billing address' });
  await billing.getByRole('textbox', { name: 'Address', exact: true }).fill('200 King Street West');
  await billing.getByLabel('Address 2').fill('');
  await billing.getByLabel('City').fill('Toronto');
  await billing.getByLabel('State').selectOption({ label: 'Not United States' });
  await billing.getByLabel('Zip Code').fill('M5H 3T4');
  await billing.getByLabel('Country').selectOption('CAN');
  await billing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You have successfully saved your info.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  await expect(billing.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('200 King Street West');
  await expect(billing.getByLabel('City')).toHaveValue('Toronto');
  await expect(billing.getByLabel('State')).toHaveValue('NOTUS');
  await expect(billing.getByLabel('Zip Code')).toHaveValue('M5H 3T4');
  await expect(billing.getByLabel('Country')).toHaveValue('CAN');

  await page.goto('/user/account#shipping');
  await expect(shipping.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('100 Market Street');
  await expect(shipping.getByLabel('Address 2')).toHaveValue('Suite 5');
  await expect(shipping.getByLabel('City')).toHaveValue('St. Louis');
  await expect(shipping.getByLabel('State')).toHaveValue('MO');
  await expect(shipping.getByLabel('Zip Code')).toHaveValue('63101');
  await expect(shipping.getByLabel('Country')).toHaveValue('USA');
});

test('an email another account holds answers 409 with the forgot-password link', async ({ page, request }) => {
  const email = await registeredAccount(request, PASSWORD);
  await withApiSession(page, email, PASSWORD);
  await page.goto('/user/account#profile');
  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByLabel('Email')).toHaveValue(email);
  // Only the address of another demo account is used; that account is never logged in here.
  await profile.getByLabel('Email').fill('cmeprint@demo.test');
  await profile.getByLabel('Current Password').fill(PASSWORD);
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('This email is already in use. If you have forgotten your password click here.'),
  ).toBeVisible();
  await expect(profile.getByLabel('Email')).toBeFocused();
  const link = page.getByRole('link', { name: 'click here' });
  await expect(link).toHaveAttribute('href', '/user/forgot');
  // Nothing changed: the account keeps its own email after a reload.
  await page.reload();
  await expect(profile.getByLabel('Email')).toHaveValue(email);
  await profile.getByLabel('Email').fill('cmeprint@demo.test');
  await profile.getByLabel('Current Password').fill(PASSWORD);
  await profile.getByRole('button', { name: 'Save' }).click();
  await link.click();
  await expect(page).toHaveURL(/\/user\/forgot$/);
});
