import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type * as ShopProcessModule from '../../crash/shop-process.js';
import { freePort } from '../../support/free-port.js';

/**
 * test/crash/shop-process.ts reads `__dirname`, which only a CommonJS module has; Playwright loads this
 * project's tests as ES modules (package type module), and its require hook compiles that file as CommonJS.
 */
const { killClusterServer, killGroup, startShopProcess } = createRequire(import.meta.url)(
  '../../crash/shop-process.ts',
) as typeof ShopProcessModule;

interface Localstripe {
  url: string;
  stop(): Promise<void>;
}

/** scripts/localstripe.mjs (plain JavaScript, imported by address so the type check leaves it alone). */
async function startLocalstripe(): Promise<Localstripe | undefined> {
  const script = new URL('../../../scripts/localstripe.mjs', import.meta.url).href;
  const module = (await import(script)) as {
    startLocalstripe(say?: (line: string) => void): Promise<Localstripe | undefined>;
  };
  return module.startLocalstripe((line) => process.stdout.write(`${line}\n`));
}

/** The built shop in Stripe mode on localstripe, for one worker. */
export interface StripeShop {
  /** The shop's address (web app and API), e.g. http://127.0.0.1:23456. */
  url: string;
  /** localstripe's address: its API and the mock of Stripe.js at /js.stripe.com/v3/. */
  localstripe: string;
}

/** Why a Stripe journey is skipped: it never passes without localstripe. */
export const NO_LOCALSTRIPE =
  'localstripe could not be started here (python3 with venv and PyPI are needed, see scripts/localstripe.mjs), and LOCALSTRIPE_URL is not set';

/**
 * `stripeShop` (one per worker): localstripe (LOCALSTRIPE_URL when set, else started through
 * scripts/localstripe.mjs) and the built shop (`npm run build` first) started by
 * test/crash/shop-process.ts with PAYMENT_GATEWAY=stripe on free ports, its own data folder, serving
 * web/dist, mailing to the run's SMTP server. Null when localstripe cannot run. Both are stopped when
 * the worker ends, also after a failed test. `baseURL` points at this shop, so `page.goto('/...')` and
 * the `request` fixture talk to it, not to the run's sandbox shop.
 */
export const test = base.extend<object, { stripeShop: StripeShop | null }>({
  stripeShop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixtures name what they use in the first argument.
    async ({}, use) => {
      const given = process.env.LOCALSTRIPE_URL;
      const started = given ? undefined : await startLocalstripe();
      const localstripe = given ?? started?.url;
      if (!localstripe) {
        await use(null);
        return;
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-stripe-'));
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const shop = startShopProcess({
        dataDir,
        port,
        pgPort: await freePort(),
        env: {
          SERVE_WEB: 'true',
          PUBLIC_URL: url,
          SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
          PAYMENT_GATEWAY: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_e2e_browser',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_browser',
          STRIPE_API_BASE: localstripe,
        },
      });
      try {
        await shop.opened(150_000);
        await use({ url, localstripe });
      } finally {
        // Gently first (the shop stops its embedded PostgreSQL), then whatever is left.
        if (shop.child.pid && shop.child.exitCode === null) {
          shop.child.kill('SIGTERM');
          await Promise.race([shop.exited(), sleep(15_000)]);
        }
        killGroup(shop);
        await killClusterServer(dataDir);
        rmSync(dataDir, { recursive: true, force: true });
        await started?.stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ stripeShop, baseURL }, use) => {
    await use(stripeShop?.url ?? baseURL);
  },
});

export { expect };

/** Test cards localstripe knows (and Stripe's test mode): approved, declined when kept, 3-D Secure, another approved. */
export const STRIPE_CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  authenticate: '4000002760003184',
  mastercard: '5555555555554444',
} as const;

/** The security code typed with every card: three digits, as localstripe wants. */
export const SECURITY_CODE = '737';

/** Stripe's card fields on the page, by their accessible name ("Card", StripeCardFields). */
export const stripeFields = (page: Page, within?: Locator): Locator =>
  (within ?? page).getByRole('group', { name: 'Card' });

/**
 * Types a card into Stripe's fields. localstripe's mock of Stripe.js draws five plain inputs (number,
 * exp_month, exp_year of two digits, cvc, postal_code) named by their placeholders; real Stripe.js draws
 * an iframe, which this test does not drive.
 */
export async function typeStripeCard(fields: Locator, number: string): Promise<void> {
  await expect(fields.getByPlaceholder('number')).toBeVisible();
  await fields.getByPlaceholder('number').pressSequentially(number);
  await fields.getByPlaceholder('exp_month').fill('12');
  await fields.getByPlaceholder('exp_year').fill('30');
  await fields.getByPlaceholder('cvc').fill(SECURITY_CODE);
  await fields.getByPlaceholder('postal_code').fill('65801');
}
