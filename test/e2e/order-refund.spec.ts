import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { buyBookByApi } from './support/checkout.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { registeredAccount, withApiSession } from './support/shop.js';

const PASSWORD = 'Refund-2026';
/**
 * At the desktop's size; the receipt's and the Orders tab's layout at both sizes is the accessibility
 * gate's and account-phone's.
 */
const SIZES = [{ name: 'desktop', viewport: { width: 1280, height: 800 } }] as const;

/** `npm run order:refund` against the journeys' shop, through its embedded PostgreSQL (the shop keeps running). */
async function refund(onum: string, cents: number): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR!;
  const secrets = JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
  const url = `postgres://shop:${secrets.EMBEDDED_PG_PASSWORD}@127.0.0.1:${process.env.E2E_PG_PORT}/shop`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['dist/apps/api/refunds/order-refund.js', onum, '--amount', String(cents), '--reason', 'Scuffed cover'],
    { env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir } },
  );
  expect(stdout).toContain(`of order ${onum}`);
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test(`${size.name}: a refund shows on the receipt and in the Orders tab as "Refunded $X on DATE"`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const email = await registeredAccount(request, PASSWORD);
      const token = await withApiSession(page, email, PASSWORD);
      const onum = await buyBookByApi(request, token);
      await refund(onum, 250);
      const line = `Refunded $2.50 on ${new Date().toISOString().slice(0, 10)}`;

      await page.goto(`/checkout/confirm/${onum}`);
      await expect(page.getByText(/ending in 4242/)).toBeVisible();
      await expect(page.getByRole('main').getByText(line, { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, 'receipt with a refund');

      await page.goto('/user/account#orders');
      const order = page.getByRole('listitem', { name: `Order ${onum}` });
      await expect(order.getByText(line, { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, 'orders tab with a refund');
    });
  });
}
