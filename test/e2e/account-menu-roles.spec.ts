import { expect, test, type Page } from '@playwright/test';
import { withAccount } from './support/accounts.js';
import { DEMO_PASSWORD, logIn } from './support/shop.js';

/** The CME info tab of a cme account (signed-in sections 2, 5, 8): the statement, both messages, a saved DOB and licence. */
async function cmeInfoTab(page: Page): Promise<void> {
  await page.goto('/user/account');
  await page.getByRole('tab', { name: 'CME Info' }).click();
  await expect(page).toHaveURL(/\/user\/account#cme$/);
  await expect(page.getByText(/CME is meant for surgeons in the United States/)).toContainText('stored encrypted');
  const form = page.getByRole('form', { name: 'CME info' });
  const dob = form.getByRole('textbox', { name: 'Date of Birth' });
  // The date recorded for this demo account (apps/api/seed/demo-account-page.ts) shows.
  await expect(dob).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await dob.fill('');
  await dob.blur();
  await expect(form.getByText('Date of Birth is required.')).toBeVisible();
  await dob.fill('1975-04-12');
  await dob.blur();
  await expect(form.getByText('Date of Birth must be in the format of MM/DD/YYYY.')).toBeVisible();
  await dob.fill('05/13/1976');

  // The optional licence fields of the PARS report: the demo account's, then a number without its state.
  const state = form.getByRole('combobox', { name: 'License State' });
  const number = form.getByRole('textbox', { name: 'License Number' });
  const board = form.getByRole('textbox', { name: 'ABMS Board ID' });
  await expect(page.getByText(/with your state medical license, or your ABMS certifying board ID/)).toBeVisible();
  await expect(state).toHaveValue('MO');
  await expect(number).toHaveValue('2004018352');
  await expect(board).toHaveValue('ABS-118822');
  await state.selectOption('');
  await number.blur();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('License State and License Number go together: give both, or neither.')).toBeVisible();
  await board.fill('ABS 12/3');
  await board.blur();
  await expect(form.getByText('ABMS Board ID must be 1 to 30 letters, digits, spaces, dots or dashes.')).toBeVisible();
  await state.selectOption('NY');
  await number.fill('274198-3');
  await board.fill('ABS-118822');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You have successfully saved your info.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'CME Info' })).toHaveAttribute('aria-selected', 'true');
  await expect(dob).toHaveValue('05/13/1976');
  await expect(state).toHaveValue('NY');
  await expect(number).toHaveValue('274198-3');
  // The demo licence back, for the other journeys and the PARS file of this shop.
  await state.selectOption('MO');
  await number.fill('2004018352');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You have successfully saved your info.')).toBeVisible();
}

test('a demo account with role cme sees CME Center in its Account menu and saves its CME info', async ({ page }) => {
  await withAccount('cme@demo.test', async () => {
    await logIn(page, 'cme@demo.test', DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Account' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'CME Center' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Redeem Book' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'CME Center' }).click();
    await expect(page).toHaveURL(/\/cme-center$/);
    await expect(page.getByRole('heading', { name: 'CME Center' })).toBeVisible();

    // Home (storefront section 2): role cme hides the CME subscribe and shows Open CME Center instead.
    // Checked here because a second login of this account in a parallel test would end this session.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('link', { name: 'Open CME Center' })).toHaveAttribute('href', '/cme-center');
    await expect(page.getByRole('button', { name: 'Subscribe to CME' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open eLearning' })).toBeVisible();
    await page.getByRole('link', { name: 'Open CME Center' }).click();
    await expect(page).toHaveURL(/\/cme-center$/);

    // The account page's CME info tab (roles cme or cmePrint).
    await cmeInfoTab(page);
  });
});

test('a demo account without cme has no CME Center and is sent home from it', async ({ page }) => {
  await withAccount('learner@demo.test', async () => {
    await logIn(page, 'learner@demo.test', DEMO_PASSWORD);
    // Role streaming: the Stream entry is a direct link.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stream' })).toBeVisible();
    await page.getByRole('button', { name: 'Account' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'CME Center' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/cme-center');
    await expect(page).toHaveURL(/\/$/);
    // Home: role elearning has Open instead of the eLearning subscribe; no cme, so the CME subscribe stays.
    await expect(page.getByRole('link', { name: 'Open eLearning' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe to eLearning' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Subscribe to CME' })).toBeVisible();

    // No CME info tab; #cme shows the profile tab.
    await page.goto('/user/account#cme');
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('form', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'CME Info' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Orders' })).toBeVisible();
  });
});
