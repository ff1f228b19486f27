import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { sessionToken } from './support/checkout.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { logIn, registeredAccount } from './support/shop.js';
import { expectTapTargets } from './support/tap-targets.js';

const PASSWORD = 'Redeem-pass-2026';
const TOO_MANY = 'Too many book code attempts. Please wait 15 minutes and try again.';
/** The per-account limit of apps/api/identity/rate-limits.ts (10 attempts in 15 minutes). */
const PER_ACCOUNT = 10;

/**
 * Book-code redeem is throttled (per address and per account): an account that tried the limit of
 * wrong codes sees the throttle's message on the redeem page, at a desktop's and a phone's size.
 */
test('after the limit of wrong codes the redeem page shows the throttle message (1280x800 and 390x844)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await registeredAccount(page.request, PASSWORD);
  await logIn(page, email, PASSWORD);
  const token = await sessionToken(page);
  for (let i = 0; i < PER_ACCOUNT; i++) {
    const answer = await page.request.post('/api/redeem', {
      headers: { authorization: `Bearer ${token}` },
      data: { code: `BOOK-NOPE-${String(i).padStart(4, '0')}` },
    });
    expect(answer.status()).toBe(400);
  }

  await page.goto('/redeem');
  await page.getByRole('textbox', { name: 'Code' }).fill('BOOK-AAAA-BBBB');
  await page.getByRole('button', { name: 'Submit' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toHaveText(TOO_MANY);
  await expect(refusal).toHaveClass(/MuiAlert-colorError|MuiAlert-standardError/);
  // The refusal is the screen's own: the customer stays logged in, on the page.
  await expect(page).toHaveURL(/\/redeem$/);
  await expectNoAxeViolations(page, 'redeem, held (desktop)');
  await expectTapTargets(page.getByRole('main').getByRole('button'), 'redeem buttons');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(refusal).toHaveText(TOO_MANY);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'redeem, held (phone)');
  await expectTapTargets(page.getByRole('main').getByRole('button'), 'redeem buttons');
});
