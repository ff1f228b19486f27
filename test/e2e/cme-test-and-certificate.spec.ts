import { expect, test, type Page } from '@playwright/test';
import {
  CERTIFICATE_UNKNOWN,
  CME_ANSWERS_REQUIRED,
  CME_TEST_HEADING,
  CME_TEST_NOT_FOUND,
  cmeCertificateFileName,
  cmeCreditsText,
  cmePriorRecordMessage,
} from '../../libs/contracts/cme.js';
import { DEMO_CME_STATEMENTS } from '../../libs/config/config.js';
import { CONCURRENT_CHANGE } from '../../libs/contracts/errors.js';
import { withAccount } from './support/accounts.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_PASSWORD, logIn, withApiSession } from './support/shop.js';
import { pdfText } from './support/pdf.js';

const CME = 'cme@demo.test';
/** The name on cme@demo.test's certificate (apps/api/seed/demo-accounts.json). */
const CME_NAME = 'Morgan Credits';
/** A streaming product with CME credits and a test of its own that Complete (cme@'s subscription) opens. */
const PRODUCT = { id: 287, name: 'Deep-Plane Facelift: Advanced Techniques' };
const SUBMITTED = /You have successfully submitted this record for (\d+(?:\.\d+)?) CME credits\./;
/** The retake policy's notice, the opening in the browser's time zone (cmeRetakeClosedMessage). */
const RETAKE_CLOSED =
  /You submitted this test less than 24 hours ago\. You can take it again from \w{3} \d{1,2}, \d{4}, /;

// One journey holds cme@demo.test for all its steps: each test adds at most 2 credits to the current
// year (one record; the retake policy keeps its retake closed for a day), far below the cap of 20, and the
// database is new every run.
// Every test holds cme@demo.test: in order in one worker, so the other worker never waits for the account.
test.describe.configure({ mode: 'default', timeout: 150_000 });

/** The year's total on the CME center. */
async function centerTotal(page: Page): Promise<number> {
  const total = page.getByTestId('cme-total');
  await expect(total).toHaveText(/^\d+(\.\d+)?$/);
  return Number(await total.textContent());
}

const question = (page: Page, number: number) => page.getByRole('group', { name: new RegExp(`^${number}\\. `) });

/** Opens the test from the stream page's Take CME Test button. */
async function openTestFromStream(page: Page): Promise<void> {
  await page.goto(`/stream/${PRODUCT.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
  await page.getByRole('link', { name: 'Take CME Test' }).click();
  await expect(page).toHaveURL(new RegExp(`/cme/streaming/${PRODUCT.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: CME_TEST_HEADING })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: PRODUCT.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to CME Center' })).toHaveAttribute('href', '/cme-center');
}

/** Submits and answers the credits of the success text. */
async function submitted(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Submit' }).click();
  const success = page.getByText(SUBMITTED);
  await expect(success).toBeVisible();
  return Number(SUBMITTED.exec((await success.textContent()) ?? '')![1]);
}

/** The dashboard row of the product: its credits cell. */
async function rowCredits(page: Page): Promise<string> {
  const rows = page
    .getByRole('region', { name: /^CME records/ })
    .getByRole('row')
    .filter({ hasText: PRODUCT.name });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('cell').first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(rows.getByRole('cell').last()).toHaveText('Streaming');
  return (await rows.getByRole('cell').nth(2).textContent()) ?? '';
}

test('cme@ takes a test from a stream page, sees it on the CME center, downloads and verifies the certificate, waits to retake it', async ({
  page,
  browser,
}) => {
  const year = new Date().getFullYear();
  await withAccount(CME, async () => {
    await logIn(page, CME, DEMO_PASSWORD);

    // The year's total before the test (the demo data holds earlier records).
    await page.goto('/cme-center');
    await expect(page.getByRole('heading', { level: 1, name: 'CME Center' })).toBeVisible();
    await expect(page.getByLabel('Year')).toHaveValue(String(year));
    const before = await centerTotal(page);

    await openTestFromStream(page);
    await expect(page.getByText(/You have received .* CME credits from this test\./)).toHaveCount(0);
    const groups = page.getByRole('group', { name: /^\d\. / });
    await expect(groups).toHaveCount(4);
    for (let n = 1; n <= 4; n += 1) await expect(question(page, n).getByRole('radio')).toHaveCount(4);

    // Unanswered questions are named; nothing is sent.
    await question(page, 1).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText(CME_ANSWERS_REQUIRED);
    await expect(page.getByText('Please choose an answer to question 2.')).toBeVisible();
    await expect(page.getByText('Please choose an answer to question 1.')).toHaveCount(0);

    // The keyboard moves within a question's options.
    await question(page, 1).getByRole('radio').first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(question(page, 1).getByRole('radio').nth(1)).toBeChecked();
    await question(page, 2).getByRole('radio').nth(2).check();
    await question(page, 3).getByRole('radio').nth(0).check();
    await question(page, 4).getByRole('radio').nth(3).check();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    const credits = await submitted(page);
    expect(credits).toBeGreaterThanOrEqual(0);
    expect(credits).toBeLessThanOrEqual(2);

    // The CME center: on a phone each record is a card; on a desktop a table row.
    await page.getByRole('link', { name: 'Back to CME Center' }).click();
    await expect(page).toHaveURL(/\/cme-center$/);
    const card = page
      .getByRole('list', { name: `CME records ${year}` })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: PRODUCT.name }) });
    await expect(card).toHaveCount(1);
    await expect(card.locator('dt:text-is("Credits") + dd')).toHaveText(String(credits));
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(Number(await rowCredits(page))).toBe(credits);
    const total = await centerTotal(page);
    expect(total).toBe(before + credits);
    await expectNoSidewaysScroll(page);
    await expect(page.getByRole('link', { name: /^CME Info/ })).toHaveAttribute('href', '/user/account#cme');

    // The certificate: a PDF naming the physician and the total, with its verification address.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download certificate' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(cmeCertificateFileName(year));
    await expect(page.getByText(`Your ${year} certificate was downloaded`)).toBeVisible();
    const text = await pdfText(await download.path());
    expect(text).toContain(CME_NAME);
    expect(text).toContain(String(year));
    expect(text).toContain(PRODUCT.name);
    // The total in words, the singular for one credit (apps/api/cme/certificate-pdf.ts), and the accredited provider.
    expect(text).toContain(`Total: ${cmeCreditsText(total)}`);
    expect(text).toContain(DEMO_CME_STATEMENTS.providerName);
    // The demo's test of 299 earned nothing (no right answer): an attempt, not on the certificate.
    expect(text).not.toContain('Safe Gluteal Fat Grafting');
    // The number's own shape: the printed text runs on after the address.
    const verifyPath = /\/verify\/(\d{4}(?:-[0-9A-Z]{4}){4})/.exec(text.replace(/\s+/g, ''));
    expect(verifyPath, text).not.toBeNull();

    // Its verify page, public: opened without a session.
    const guest = await browser.newPage();
    try {
      await guest.goto(new URL(verifyPath![0], page.url()).href);
      await expect(guest.getByText('This is a genuine CME certificate.')).toBeVisible();
      const value = (term: string) => guest.locator(`dt:text-is("${term}") + dd`);
      await expect(value('Name')).toHaveText(CME_NAME);
      await expect(value('Year')).toHaveText(String(year));
      await expect(value('CME credits')).toHaveText(String(total));
      await guest.goto(new URL('/verify/NO-SUCH-CERTIFICATE', page.url()).href);
      await expect(guest.getByRole('alert')).toHaveText(CERTIFICATE_UNKNOWN);
    } finally {
      await guest.close();
    }

    // A product without CME: the server's ERROR on the test page.
    await page.goto('/cme/streaming/140');
    await expect(page.getByRole('alert')).toHaveText(CME_TEST_NOT_FOUND);
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

    // The retake waits (the retake policy): the prior-record text, the earlier answers shown, when it
    // opens (a day later, or sooner after watching a video of the product again) and the way to the videos.
    await openTestFromStream(page);
    await expect(page.getByText(cmePriorRecordMessage(credits))).toBeVisible();
    await expect(question(page, 1).getByRole('radio').nth(1)).toBeChecked();
    await expect(question(page, 2).getByRole('radio').nth(2)).toBeChecked();
    await expect(question(page, 4).getByRole('radio').nth(3)).toBeChecked();
    const closed = page.getByRole('status', { name: 'When you can take this test again' });
    await expect(closed).toContainText(RETAKE_CLOSED);
    await expect(closed).toContainText('or as soon as you have watched one of its videos again');
    await expect(closed.getByRole('link', { name: 'Watch the videos again' })).toHaveAttribute(
      'href',
      `/stream/${PRODUCT.id}`,
    );
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await page.getByRole('link', { name: 'Back to CME Center' }).click();
    expect(Number(await rowCredits(page))).toBe(credits);
    expect(await centerTotal(page)).toBe(before + credits);
  });
});

test('the certificate download shows its progress and a refusal, and a session ended elsewhere logs out', async ({
  page,
  request,
}) => {
  const year = new Date().getFullYear();
  await withAccount(CME, async () => {
    await withApiSession(page, CME, DEMO_PASSWORD);
    await page.goto('/cme-center');
    const button = page.getByRole('button', { name: 'Download certificate' });

    // A refusal, held until the progress was seen (faked: every demo year with credits issues).
    let answer = (): void => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const issue = /\/api\/cme\/certificate\?/;
    await page.route(issue, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await held;
      const body = {
        statusCode: 409,
        error: CONCURRENT_CHANGE,
        message: [CONCURRENT_CHANGE],
        ERROR: CONCURRENT_CHANGE,
      };
      return route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await button.click();
    await expect(page.getByText(`Generating your ${year} certificate…`)).toBeVisible();
    await expect(button).toBeDisabled();
    answer();
    await expect(page.getByRole('alert')).toHaveText(CONCURRENT_CHANGE);
    await expect(button).toBeEnabled();
    await page.unroute(issue);

    // A login elsewhere ends this session: the download's 401 logs out with the one-device notice.
    const elsewhere = await request.post('/api/auth/login', {
      data: { email: CME, password: DEMO_PASSWORD, version: 5 },
    });
    expect(elsewhere.ok()).toBe(true);
    await button.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(/Only 1 device per user account/)).toBeVisible();
  });
});
