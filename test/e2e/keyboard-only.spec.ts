import { expect, test, type Page } from '@playwright/test';
import { cheapBook } from './support/checkout.js';
import { buyWithElearning } from './support/cme.js';
import { expectFocusShown, focusProblem, tabTo } from './support/focus.js';
import { countRequestsInFlight, pageAtRest } from './support/settled.js';
import { DEMO_PASSWORD, registeredAccount } from './support/shop.js';

/**
 * Issue 33: the shop by keyboard alone, at a phone's and a desktop's size: log in, put a book in the
 * cart, check out and pay, open the account and move through its tabs, answer and submit a CME test.
 * Nothing is clicked; an address is typed only where a person would type one. At every Tab stop the
 * focus is shown (a ring of 3:1 against its surroundings, or a field's own border), in view, and
 * covered by nothing (support/focus.ts). The player's controls by keyboard are video-player's.
 */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** Types into the focused field: what is there is selected first, so the text replaces it. */
async function typeHere(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** Chooses an option of the focused native select by typing its first letters, as a person does. */
async function chooseHere(page: Page, option: string): Promise<void> {
  await page.keyboard.type(option);
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test(`${size.name}: log in, buy a book, the account's tabs and a CME test, by keyboard alone`, async ({
      page,
      request,
    }) => {
      test.setTimeout(150_000);
      const email = await registeredAccount(request, DEMO_PASSWORD);
      const book = await cheapBook(request);
      await countRequestsInFlight(page);

      // Log in.
      await page.goto('/login');
      await pageAtRest(page);
      await tabTo(page, /^Email$/);
      await typeHere(page, email);
      await tabTo(page, /^Password$/);
      await typeHere(page, DEMO_PASSWORD);
      await page.keyboard.press('Enter');
      await expect(page).not.toHaveURL(/\/login$/);
      await pageAtRest(page);

      // A book into the cart from its page, then the cart from the header.
      await page.goto(`/product/${book.SLUG}/${book.ID}`);
      await pageAtRest(page);
      await tabTo(page, /^Add to Cart$/);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
      await tabTo(page, /^Cart, 1 items$/, { backwards: true });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/cart$/);
      await pageAtRest(page);

      // Check out: the customer step, then the card, then Pay.
      await tabTo(page, /^Checkout$/);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/checkout\/customer$/);
      await pageAtRest(page);
      for (const [field, value] of [
        [/^First Name$/, 'Robin'],
        [/^Last Name$/, 'Tester'],
        [/^Phone$/, '555-0100'],
        [/^Email$/, email],
        [/^Address$/, '1 Main Street'],
        [/^City$/, 'Springfield'],
      ] as const) {
        await tabTo(page, field);
        await typeHere(page, value);
      }
      await tabTo(page, /^State$/);
      await chooseHere(page, 'Missouri');
      await tabTo(page, /^Zip Code$/);
      await typeHere(page, '65801');
      await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('MO');
      await expect(page.getByTestId('total-total')).toBeVisible();
      await tabTo(page, /^Continue to Payment$/);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/checkout\/pay$/);
      await pageAtRest(page);
      await tabTo(page, /^Card Number$/);
      await typeHere(page, '4242 4242 4242 4242');
      await tabTo(page, /^Card Month$/);
      await chooseHere(page, '12');
      await tabTo(page, /^Card Year$/);
      await chooseHere(page, '2030');
      await tabTo(page, /^Security Code$/);
      await typeHere(page, '123');
      await tabTo(page, /^Pay$/);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/checkout\/confirm\/[^/?]+$/);
      await expect(page.getByRole('cell', { name: book.NAME })).toBeVisible();
      await pageAtRest(page);

      // The account: from the header's Account menu (the drawer's Profile on a phone), then its tabs
      // with the arrow keys.
      if (size.name === 'phone') {
        await tabTo(page, /^Menu$/, { backwards: true });
        await page.keyboard.press('Enter');
        await tabTo(page, /^Profile$/);
      } else {
        await tabTo(page, /^Account$/, { backwards: true });
        await page.keyboard.press('Enter');
        await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
        await expectFocusShown(page, 'the Account menu open');
        await page.keyboard.press('ArrowDown');
        await expect(page.getByRole('menuitem', { name: 'Profile' })).not.toBeFocused();
        await page.keyboard.press('ArrowUp');
      }
      await expect(
        page
          .getByRole('menuitem', { name: 'Profile' })
          .or(page.getByRole('link', { name: 'Profile' }))
          .first(),
      ).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/user\/account/);
      await pageAtRest(page);
      const tabs = page.getByRole('tab');
      await tabTo(page, /^Profile$/);
      await expect(tabs.first()).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(tabs.nth(1)).toBeFocused();
      await expectFocusShown(page, 'the second account tab');
      await page.keyboard.press('Enter');
      await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');

      // A CME test (the CME package bought for this account through the API), from the CME center.
      const token = await page.evaluate<string>("JSON.parse(localStorage.getItem('session')).token");
      await buyWithElearning(page, token, 160);
      await page.goto('/cme-center');
      await pageAtRest(page);
      await tabTo(page, /Patient Safety CME Module/);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/cme\/module\/160$/);
      await pageAtRest(page);
      const groups = page.getByRole('group', { name: /^\d+\. / });
      // count() does not wait: the questions are counted once the first is shown (the test loads after the page).
      await expect(groups.first()).toBeVisible();
      const questions = await groups.count();
      expect(questions).toBeGreaterThan(1);
      for (let index = 0; index < questions; index++) {
        // Tab enters a question's choices on its first; the arrow keys choose (a radio group's keys).
        const first = groups.nth(index).getByRole('radio').first();
        const inGroup = `document.activeElement?.getAttribute('name') === 'cme-question-${index + 1}'`;
        for (let press = 0; press < 20 && !(await page.evaluate<boolean>(inGroup)); press++) await tabTo(page, /.*/);
        await expect(first).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await expect(groups.nth(index).getByRole('radio').nth(1)).toBeChecked();
        await expectFocusShown(page, `question ${index + 1}'s choice`);
      }
      await tabTo(page, /^Submit$/);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status', { name: 'Your result' })).toBeVisible();
    });
  });
}

test('the focus check finds a control without a ring, a pale ring and a control under a sticky bar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setContent(`<!doctype html><html lang="en"><body style="margin:0;background:#fff">
    <div style="position:fixed;top:0;left:0;right:0;height:80px;background:#1f4e79"></div>
    <button id="bare" style="outline:none;margin-top:120px">Bare</button>
    <button id="pale" style="outline:3px solid #ddd">Pale</button>
    <button id="ring" style="outline:3px solid #1f4e79;outline-offset:2px">Ring</button>
    <button id="under" style="position:absolute;top:20px;left:20px;z-index:-1">Under</button>
  </body></html>`);
  const problemOf = async (id: string): Promise<string> => {
    await page.focus(`#${id}`);
    return focusProblem(page);
  };
  expect(await problemOf('bare')).toBe('"Bare" shows no focus ring');
  expect(await problemOf('pale')).toMatch(/^"Pale" has a focus ring of 1\.\d\d:1 against what surrounds it$/);
  expect(await problemOf('ring')).toBe('');
  expect(await problemOf('under')).toMatch(/^"Under" is covered by div/);
});
