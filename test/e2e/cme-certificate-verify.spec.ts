import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  CME_PDF_MATCH,
  CME_PDF_MISMATCH,
  CME_VERIFY_HEADLINES,
  cmeCertificateFileName,
  cmeCredentialFileName,
} from '../../libs/contracts/cme.js';
import { DEMO_CME_STATEMENTS } from '../../libs/config/config.js';
import { qrCodesOfPdf } from '../support/pdf-qr.js';
import { withAccount } from './support/accounts.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_PASSWORD, withApiSession } from './support/shop.js';
import { expectTapTargets } from './support/tap-targets.js';
import { pdfText } from './support/pdf.js';

const CME = 'cme@demo.test';
const CME_NAME = 'Morgan Credits';
/**
 * At the phone's size: the flow (print, verify by address, QR code and upload) is the server's;
 * the pages' layout at both sizes is the accessibility gate's.
 */
const SIZES = [{ name: 'phone', viewport: { width: 390, height: 844 } }] as const;
/** Last year: cme@'s demo records reach the cap of 20 and no journey adds to them. */
const YEAR = new Date().getFullYear() - 1;
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

// Every test holds cme@demo.test: in order in one worker, so the other worker never waits for the account.
test.describe.configure({ mode: 'default', timeout: 150_000 });

/** `npm run cme:revoke` against the journeys' shop, through its embedded PostgreSQL (the shop keeps running). */
async function revoke(number: string, reason: string): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR!;
  const secrets = JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
  const url = `postgres://shop:${secrets.EMBEDDED_PG_PASSWORD}@127.0.0.1:${process.env.E2E_PG_PORT}/shop`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['dist/apps/api/cme/cme-revoke.js', number, '--reason', reason, '--by', 'registrar'],
    { env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir } },
  );
  expect(stdout).toContain(`certificate ${number}`);
}

/** A page of its own, without a session: what a licensing board opens. */
async function boardPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  return (await browser.newContext({ viewport, acceptDownloads: true })).newPage();
}

const value = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`);

/** Chooses a file in the verify page's "Check a PDF" and answers the outcome shown. */
async function checkFile(page: Page, path: string) {
  await page.getByLabel('Certificate PDF').setInputFiles(path);
  return page.getByRole('status').filter({ hasText: /certificate we issued/ });
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test(`${size.name}: prints the certificate, then a board verifies it by address, by QR code and by upload`, async ({
      page,
      browser,
    }, testInfo) => {
      await withAccount(CME, async () => {
        await withApiSession(page, CME, DEMO_PASSWORD);
        await page.goto(`/cme-center?year=${YEAR}`);
        await expect(page.getByTestId('cme-total')).toHaveText('20');

        // Print: the issue is posted, then the PDF as issued is saved.
        const printing = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download certificate' }).click();
        const download = await printing;
        expect(download.suggestedFilename()).toBe(cmeCertificateFileName(YEAR));
        const pdfPath = testInfo.outputPath('certificate.pdf');
        await download.saveAs(pdfPath);
        const pdf = await readFile(pdfPath);
        const numberLine = page.getByText(/^Certificate number /);
        await expect(numberLine).toBeVisible();
        const number = ((await numberLine.textContent()) ?? '').replace('Certificate number ', '').split(' ')[0]!;
        expect(number).toMatch(new RegExp(`^${YEAR}(-[0-9A-HJKMNP-TV-Z]{4}){4}$`));

        // The signed credential beside it: a compact JWS.
        const signing = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download signed credential' }).click();
        const credential = await signing;
        expect(credential.suggestedFilename()).toBe(cmeCredentialFileName(YEAR));
        expect((await readFile(await credential.path())).toString()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
        await expectTapTargets(
          page.getByRole('button', { name: /^Download (certificate|signed credential)$/ }),
          'certificate downloads',
        );
        await expectTapTargets(page.getByRole('link', { name: 'Its public verification page' }), 'verify link');
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page, 'CME center after printing');

        // By address: the one printed on the certificate.
        const text = (await pdfText(pdfPath)).replace(/\s+/g, '');
        const printed = /(https?:\/\/\S*?\/verify\/\d{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){4})/.exec(text);
        expect(printed?.[1]).toContain(`/verify/${number}`);
        const board = await boardPage(browser, size.viewport);
        try {
          await board.goto(printed![1]!);
          await expect(board.getByText(CME_VERIFY_HEADLINES.valid)).toBeVisible();
          await expect(value(board, 'Certificate number')).toHaveText(number);
          await expect(value(board, 'Name')).toHaveText(CME_NAME);
          await expect(value(board, 'Accredited provider')).toHaveText(DEMO_CME_STATEMENTS.providerName);
          await expect(value(board, 'State medical license')).toHaveText('MO 2004018352');
          await expect(value(board, 'ABMS board ID')).toHaveText('ABS-118822');
          await expect(value(board, 'Year')).toHaveText(String(YEAR));
          await expect(value(board, 'CME credits')).toHaveText('20');
          await expect(value(board, 'Status')).toHaveText('Valid');
          await expect(value(board, 'PDF SHA-256')).toHaveText(sha256(pdf));
          const activities = board.getByRole('region', { name: 'Activities' }).getByRole('listitem');
          expect(await activities.count()).toBeGreaterThan(1);
          await expect(activities.first()).toContainText(
            /Completed \d{4}-\d{2}-\d{2} · \d+(\.5)? CME credits? claimed/,
          );
          await expect(activities.first()).toContainText('AMA PRA Category 1 Credits™');

          // By QR code: the page rendered as an image, the code decoded, its address opened.
          const [scanned] = await qrCodesOfPdf(pdfPath);
          expect(scanned).toBe(printed![1]);
          await board.goto('about:blank');
          await board.goto(scanned!);
          await expect(value(board, 'Certificate number')).toHaveText(number);

          // By upload: the file as issued, then a copy edited by one byte.
          await expect(await checkFile(board, pdfPath)).toContainText(CME_PDF_MATCH);
          const edited = Buffer.from(pdf);
          edited[Math.floor(edited.length / 2)]! ^= 1;
          const editedPath = testInfo.outputPath('edited.pdf');
          await writeFile(editedPath, edited);
          await expect(await checkFile(board, editedPath)).toContainText(CME_PDF_MISMATCH);

          await expectTapTargets(board.getByLabel('Certificate PDF'), 'file chooser');
          await expectTapTargets(
            board.getByRole('link', { name: /signed credential|public keys/ }),
            'credential links',
          );
          await expectNoSidewaysScroll(board);
          await expectNoAxeViolations(board, 'verify page');
        } finally {
          await board.context().close();
        }
      });
    });
  });
}

test('a revoked certificate says so on its verify page, with the date and the reason', async ({ page, browser }) => {
  const year = YEAR - 1;
  let number = '';
  await withAccount(CME, async () => {
    await withApiSession(page, CME, DEMO_PASSWORD);
    await page.goto(`/cme-center?year=${year}`);
    await page.getByRole('button', { name: 'Download certificate' }).click();
    const numberLine = page.getByText(/^Certificate number /);
    await expect(numberLine).toBeVisible();
    number = ((await numberLine.textContent()) ?? '').replace('Certificate number ', '').split(' ')[0]!;
  });
  await revoke(number, 'Issued in error');
  const board = await boardPage(browser, { width: 390, height: 844 });
  try {
    await board.goto(`/verify/${number.toLowerCase()}`);
    await expect(board.getByText(CME_VERIFY_HEADLINES.revoked)).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    await expect(value(board, 'Status')).toHaveText(`Revoked on ${today}: Issued in error`);
    await expectNoAxeViolations(board, 'verify page of a revoked certificate');
  } finally {
    await board.context().close();
  }
});
