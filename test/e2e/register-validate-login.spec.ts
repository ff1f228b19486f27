import { expect, test } from '@playwright/test';
import { waitForLink } from './support/mailbox.js';
import { freshEmail, logIn, logOut } from './support/shop.js';

test('register on a phone, validate by the mailed link, log in and log out', async ({ page }) => {
  const email = freshEmail('register');
  const password = 'Sturdy-pass-1';

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user/register');
  // The form's permanent hint is a note: a screen reader does not announce it as an alert on each visit.
  await expect(page.getByRole('note').filter({ hasText: 'Please fill in all "required" fields' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('First Name').fill('Avery');
  await page.getByLabel('Last Name').fill('Surgeon');
  await page.getByLabel('Specialty').selectOption('Facial Plastic Surgery');
  // A pasted phone number is never cut: a long one is shown whole with the rule's message.
  const phone = page.getByLabel('Phone');
  await phone.fill('+1 (555) 123-4567 ext. 890');
  await phone.blur();
  await expect(phone).toHaveValue('+1 (555) 123-4567 ext. 890');
  await expect(page.getByText('Phone must be at most 20 characters.')).toBeVisible();
  // Its runs of spaces and its ends do not count (25 characters typed, 17 kept).
  await phone.fill('   +1  (555)  123-4567   ');
  await expect(page.getByText('Phone must be at most 20 characters.')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const submit = page.getByRole('button', { name: 'Create Account' });
  // Storefront section 5: Submit stays disabled until the agree checkbox is ticked.
  await expect(submit).toBeDisabled();
  await page.getByLabel('I agree to the Terms of Use and Privacy Policy').check();
  await submit.click();
  // The outcome shows where the user is looking (the button is at the bottom of a long form), and has
  // the focus: a screen reader reads it, the next Tab starts from it.
  const outcome = page.getByTestId('form-outcome');
  await expect(outcome).toHaveText(
    'Please validate your email by following the instructions we sent to your email address. You can login after validating.',
  );
  await expect(outcome).toBeFocused();
  await expect(outcome).toBeInViewport();

  await page.goto(await waitForLink(email, '/user/validate'));
  await expect(page.getByText('You have successfully validated your email. Please login here.')).toBeVisible();
  await page.getByRole('link', { name: 'login here' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, password);
  await logOut(page);
});

test('registering an email already in use offers the forgot-password link', async ({ page }) => {
  await page.goto('/user/register');
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Duplicate');
  await page.getByLabel('Specialty').selectOption('Dermatology/Dermatologic Surgery');
  await page.getByLabel('Email').fill('learner@demo.test');
  await page.getByLabel('Password').fill('Another-pass-1');
  await page.getByLabel('I agree to the Terms of Use and Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('This email is already in use. If you have forgotten your password click here.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'click here' }).click();
  await expect(page).toHaveURL(/\/user\/forgot$/);
});

test('login with empty fields and with a wrong password', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email or Password can not be undefined.')).toBeVisible();
  await page.getByLabel('Email').fill('learner@demo.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Storefront section 8: the login failure shows the server's error text.
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill('unvalidated@demo.test');
  await page.getByLabel('Password').fill('Demo-pass-2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Please validate your email before logging in.')).toBeVisible();
});
