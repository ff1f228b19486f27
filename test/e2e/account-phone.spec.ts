import { expect, test, type Page } from '@playwright/test';
import { withAccount } from './support/accounts.js';
import { expectNoAxeViolations } from './support/axe.js';
import { SANDBOX_CARD } from './support/checkout.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { waitForLink } from './support/mailbox.js';
import { DEMO_PASSWORD, freshEmail, logIn, registeredAccount, withApiSession } from './support/shop.js';
import { expectTapTargets } from './support/tap-targets.js';

/**
 * Issue 19, the account page for a surgeon on a phone (and on a desktop): every tab reachable without
 * sideways scrolling, the Forgot Password link on the profile, the outcome of Save where the user is
 * looking with the focus on the first refused field, and an email change confirmed from the new
 * address and undone from the old one through the mailbox.
 */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;
const PASSWORD = 'Account-phone-1';
const SAVED = 'You have successfully saved your info.';

/** The page fits, axe-core is content with it, and its Save buttons and tabs are big enough to tap. */
async function check(page: Page, where: string): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, where);
  await expectTapTargets(page.getByRole('tab'), `${where}: tabs`);
  await expectTapTargets(page.getByRole('button', { name: 'Save' }), `${where}: Save`);
}

/** The outcome of the last Save shows in the viewport, next to the button. */
async function expectOutcomeInView(page: Page, text: string | RegExp): Promise<void> {
  const outcome = page.getByTestId('form-outcome');
  await expect(outcome).toContainText(text);
  await expect(outcome).toBeInViewport();
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test(`${size.name}: every account tab is in view without scrolling sideways`, async ({ page }) => {
      await withAccount('cme@demo.test', async () => {
        await withApiSession(page, 'cme@demo.test', DEMO_PASSWORD);
        await page.goto('/user/account');
        const tabs = page.getByRole('tablist', { name: 'Account sections' });
        const names = ['Profile', 'Shipping', 'Billing', 'Orders', 'Subscriptions', 'CME Info'];
        for (const name of names) await expect(tabs.getByRole('tab', { name })).toBeInViewport({ ratio: 1 });
        // No scroll arrows: nothing hides behind one.
        await expect(tabs.getByRole('button')).toHaveCount(0);
        await check(page, 'account profile');
        for (const name of names.slice(1)) {
          await tabs.getByRole('tab', { name }).click();
          await expect(tabs.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
          await expectNoSidewaysScroll(page);
        }
        // The CME info form saved as it is: its outcome shows next to its Save, in view.
        const cme = page.getByRole('form', { name: 'CME info' });
        await expect(cme.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
        // The licence fields beside it, each big enough to tap and inside the screen.
        const licence = [
          cme.getByRole('combobox', { name: 'License State' }),
          cme.getByRole('textbox', { name: 'License Number' }),
          cme.getByRole('textbox', { name: 'ABMS Board ID' }),
        ];
        for (const field of licence) {
          await expect(field).toBeVisible();
          await expectTapTargets(field, 'CME info: licence field');
        }
        await cme.getByRole('button', { name: 'Save' }).click();
        await expectOutcomeInView(page, SAVED);
        await expectTapTargets(cme.getByRole('button', { name: 'Save' }), 'CME info: Save');
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page, 'account CME info');
      });
    });

    test(`${size.name}: the profile links to Forgot Password; Save answers next to the button and focuses the refused field`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const email = await registeredAccount(request, PASSWORD);
      await withApiSession(page, email, PASSWORD);
      await page.goto('/user/account#profile');
      const profile = page.getByRole('form', { name: 'Profile' });
      await expect(profile.getByLabel('Email')).toHaveValue(email);

      // Signed-in section 2: the forgotten-password link, always there.
      const forgot = profile.getByRole('link', { name: 'Forgot Password?' });
      await expect(forgot).toHaveAttribute('href', '/user/forgot');
      await expectTapTargets(forgot, 'Forgot Password?');
      await check(page, 'profile');

      // A client-side refusal: the focus goes to the first invalid field.
      await profile.getByLabel('First Name').fill('');
      await profile.getByRole('button', { name: 'Save' }).click();
      await expect(profile.getByLabel('First Name')).toBeFocused();
      await profile.getByLabel('First Name').fill('Robin');

      // The current password is asked for only when the email or the password changes.
      await expect(profile.getByLabel('Current Password')).toHaveCount(0);
      await profile.getByLabel('New Password').fill('Account-phone-2');
      await expect(profile.getByLabel('Current Password')).toBeVisible();
      await profile.getByLabel('Current Password').fill('Wrong-pass-1');
      await profile.getByRole('button', { name: 'Save' }).click();
      await expectOutcomeInView(page, 'Your current password is not correct.');
      await expect(profile.getByLabel('Current Password')).toBeFocused();
      await expectNoAxeViolations(page, 'profile refused');

      await profile.getByLabel('New Password').fill('');
      await expect(profile.getByLabel('Current Password')).toHaveCount(0);
      await profile.getByLabel('Phone').fill('314-555-0100');
      await profile.getByRole('button', { name: 'Save' }).click();
      await expectOutcomeInView(page, SAVED);

      // Shipping: Save at the bottom of an empty form focuses the first required field.
      await page.getByRole('tab', { name: 'Shipping' }).click();
      const shipping = page.getByRole('form', { name: 'Shipping address' });
      await shipping.getByRole('button', { name: 'Save' }).click();
      await expect(shipping.getByRole('textbox', { name: 'Address', exact: true })).toBeFocused();
      await shipping.getByRole('textbox', { name: 'Address', exact: true }).fill('100 Market Street');
      await shipping.getByLabel('City').fill('St. Louis');
      await shipping.getByLabel('State').selectOption('MO');
      await shipping.getByLabel('Zip Code').fill('63101');
      await shipping.getByLabel('Country').selectOption('USA');
      await shipping.getByRole('button', { name: 'Save' }).click();
      await expectOutcomeInView(page, SAVED);
      await check(page, 'shipping');

      // Billing: the server refuses a state for the country; its field gets the focus and the message.
      await page.getByRole('tab', { name: 'Billing' }).click();
      const billing = page.getByRole('form', { name: 'Billing address' });
      await billing.getByRole('textbox', { name: 'Address', exact: true }).fill('200 King Street West');
      await billing.getByLabel('City').fill('Toronto');
      await billing.getByLabel('State').selectOption('NOTUS');
      await billing.getByLabel('Zip Code').fill('63101');
      await billing.getByLabel('Country').selectOption('USA');
      await billing.getByRole('button', { name: 'Save' }).click();
      await expectOutcomeInView(page, 'State must be a US state for the United States.');
      await expect(billing.getByLabel('State')).toBeFocused();
      await billing.getByLabel('State').selectOption({ label: 'Not United States' });
      await billing.getByLabel('Zip Code').fill('M5H 3T4');
      await billing.getByLabel('Country').selectOption('CAN');
      await billing.getByRole('button', { name: 'Save' }).click();
      await expectOutcomeInView(page, SAVED);

      // The card below billing: its outcome shows next to its own Save.
      const card = page.getByRole('form', { name: 'Card' });
      await card.getByLabel('Card Number').fill(SANDBOX_CARD);
      await card.getByLabel('Card Month').selectOption('12');
      await card.getByLabel('Card Year').selectOption('2030');
      await card.getByLabel('Security Code').fill('123');
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(card.getByTestId('form-outcome')).toContainText(SAVED);
      await expect(card.getByTestId('form-outcome')).toBeInViewport();
      await check(page, 'billing');
    });

    // At the phone's size: the confirm and undo are the server's; the pages' layout at both sizes is the accessibility gate's.
    if (size.name === 'phone') {
      test(`${size.name}: a new email is confirmed from the new address and undone from the old one`, async ({
        page,
        request,
      }) => {
        test.setTimeout(120_000);
        const email = await registeredAccount(request, PASSWORD);
        const newEmail = freshEmail('moved');
        await withApiSession(page, email, PASSWORD);
        await page.goto('/user/account#profile');
        const profile = page.getByRole('form', { name: 'Profile' });
        await profile.getByLabel('Email').fill(newEmail);
        // Without the current password the form refuses, with the focus on it.
        await profile.getByRole('button', { name: 'Save' }).click();
        await expect(profile.getByLabel('Current Password')).toBeFocused();
        await expect(
          profile.getByText('Please enter your current password to change your email or password.'),
        ).toBeVisible();
        await profile.getByLabel('Current Password').fill(PASSWORD);
        await profile.getByRole('button', { name: 'Save' }).click();
        await expectOutcomeInView(page, `We mailed a link to ${newEmail}`);
        await expect(page.getByTestId('pending-email')).toContainText(`Pending: ${newEmail}`);
        await expect(profile.getByLabel('Email')).toHaveValue(email);
        await check(page, 'profile with a pending email');

        // The new address confirms: from now on it is the login.
        await page.goto(await waitForLink(newEmail, '/user/confirm-email'));
        await expect(page.getByText('Your new email address is confirmed.')).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page, 'confirm email');
        await page.getByRole('link', { name: 'Go to your account' }).click();
        await expect(profile.getByLabel('Email')).toHaveValue(newEmail);
        await expect(page.getByTestId('pending-email')).toHaveCount(0);

        // The old address was told, and undoes it: every session ends, the old address logs in again.
        await page.goto(await waitForLink(email, '/user/undo-email-change'));
        const undo = page.getByRole('button', { name: 'Undo the email change' });
        await expect(undo).toBeVisible();
        await expectTapTargets(undo, 'Undo');
        await expectNoAxeViolations(page, 'undo email change');
        await undo.click();
        await expect(page.getByText(/The change of your email address was undone/)).toBeVisible();
        await expectNoSidewaysScroll(page);
        await page.getByRole('link', { name: 'Login', exact: true }).last().click();
        await logIn(page, email, PASSWORD);
        await page.goto('/user/account#profile');
        await expect(profile.getByLabel('Email')).toHaveValue(email);
      });
    }
  });
}
