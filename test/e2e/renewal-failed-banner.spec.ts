import { expect, test } from '@playwright/test';
import type { ExpiringSubscription } from '../../libs/contracts/identity.js';
import type { FailedRenewal } from '../../libs/contracts/renewals.js';
import { holdAccount } from './support/accounts.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_PASSWORD, logIn } from './support/shop.js';

// The banner's side of a failed automatic renewal (test/api/renewals.spec.ts makes one for real, with
// the clock moved a week before expiry; the browser's clock cannot move the shop's): the API's answer
// for complete@'s expiring subscription is given here, the page must say it.
const ACCOUNT = 'complete@demo.test';
// The tests hold complete@demo.test: in order in one worker, so the other worker never waits for the account.
test.describe.configure({ mode: 'default' });
const DECLINED = 'Your card was declined.';
let release: (() => Promise<void>) | undefined;
test.beforeEach(async () => {
  test.setTimeout(120_000);
  release = await holdAccount(ACCOUNT);
});
test.afterEach(async () => {
  await release?.();
});

// At the phone's size, where the banner takes most room (the home with the banner at the desktop's is
// renewal-toast's).
for (const size of [{ name: 'phone', viewport: { width: 390, height: 844 } }]) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test(`${size.name}: the expiring banner says the automatic renewal failed, why, and that nothing was charged`, async ({
      page,
    }) => {
      // The expiring subscription as the API answers it, read with a session of the API's own (the
      // banner shows once per browser session, right after the login below).
      const login = await page.request.post('/api/auth/login', {
        data: { email: ACCOUNT, password: DEMO_PASSWORD, version: 5 },
      });
      const { token } = (await login.json()) as { token: string };
      const expiring = await page.request.get('/api/subscriptions/expiring', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(expiring.ok()).toBeTruthy();
      const subscription = ((await expiring.json()) as { data: ExpiringSubscription[] }).data[0]!;
      const failed: FailedRenewal = {
        TYPE: subscription.TYPE,
        DT: subscription.DT.split('T')[0]!,
        ERRORS: [DECLINED],
        URL: `/cart?renew=${subscription.TYPE}&term=1`,
      };
      // A failure of another period is not said under this subscription.
      const other: FailedRenewal = { ...failed, DT: '1999-01-01', ERRORS: ['Another period.'] };
      await page.route('**/api/subscriptions/renewals/failed', (route) =>
        route.fulfill({ json: { data: [other, failed] } }),
      );

      await logIn(page, ACCOUNT, DEMO_PASSWORD);
      const banner = page.getByRole('region', { name: 'Expiring subscriptions' });
      await expect(banner).toContainText(`Automatic renewal failed: ${DECLINED} Nothing was charged.`);
      await expect(banner).not.toContainText('Another period.');
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `failed renewal banner at ${size.name}`);
    });
  });
}
