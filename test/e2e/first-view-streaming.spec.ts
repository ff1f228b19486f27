import { expect, test, type Page } from '@playwright/test';
import { withAccount } from './support/accounts.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_PASSWORD, withApiSession } from './support/shop.js';
import { boxOf, holdTheApp } from './support/first-view.js';

/**
 * Issue 19, the signed-in first screens (web/public/boot.js): with a stored session, the streaming list and
 * a video page show their first view before the app's JavaScript has run, read with the stored token, in
 * the places the app puts them; the app then takes over and uses the reads boot.js started (each is
 * sent once). The app's entry is held back until the first view has been checked.
 */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;
const STREAMER = 'streamer@demo.test';
// The tests hold streamer@demo.test: in order in one worker, so the other worker never waits for the account.
test.describe.configure({ mode: 'default' });
/** Product 250's first video: no terms to accept (docs/demo-data.md). */
const VIDEO = { product: 250, video: 5001 };

/** Counts the API reads the page sends, by path. */
function countReads(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  return counts;
}

/** The streaming list's first rows, drawn by boot.js on a phone. */
const PREVIEW_ROWS = 8;

test.describe('at 390x844', () => {
  test.use({ viewport: SIZES[0].viewport });

  test('phone: the streaming list shows its title, count and first rows before the app, in place', async ({ page }) => {
    await withAccount(STREAMER, async () => {
      await withApiSession(page, STREAMER, DEMO_PASSWORD);
      const reads = countReads(page);
      const release = await holdTheApp(page);
      await page.goto('/streaming', { waitUntil: 'domcontentloaded' });

      await expect(page.getByRole('heading', { level: 1, name: 'All Videos' })).toBeVisible();
      const names = page.locator('.boot-row-name');
      await expect(names).toHaveCount(PREVIEW_ROWS);
      await expect(page.locator('.boot-row-image').first()).toHaveJSProperty('complete', true);
      const drawn = await names.allTextContents();
      const count = await page.locator('.boot-count').textContent();
      const before = {
        heading: await boxOf(page, 'h1'),
        count: await boxOf(page, '.boot-count'),
        row: await boxOf(page, '.boot-row'),
        image: await boxOf(page, '.boot-row-image'),
        name: await boxOf(page, '.boot-row-name'),
        last: await boxOf(page, `.boot-row:nth-child(${PREVIEW_ROWS})`),
      };

      release();
      const rows = page.getByRole('list', { name: 'Videos' }).getByRole('listitem');
      await expect(rows.first()).toBeVisible();
      await expect(page.locator('.boot-page')).toHaveCount(0);
      const shown = await rows.evaluateAll(
        (items, n) => items.slice(0, n).map((item) => item.querySelector('div > a')?.textContent ?? ''),
        PREVIEW_ROWS,
      );
      // The same products in the same order, the same count, in the same boxes.
      expect(shown).toEqual(drawn);
      await expect(page.getByRole('status')).toHaveText(count!);
      expect({
        heading: await boxOf(page, 'main h1'),
        count: await boxOf(page, 'main [role="status"]'),
        row: await boxOf(page, 'ul[aria-label="Videos"] > li'),
        image: await boxOf(page, 'ul[aria-label="Videos"] > li img'),
        name: await boxOf(page, 'ul[aria-label="Videos"] > li div > a'),
        last: await boxOf(page, `ul[aria-label="Videos"] > li:nth-child(${PREVIEW_ROWS})`),
      }).toEqual(before);
      expect(['/api/auth/me', '/api/streaming', '/api/streaming/home'].map((path) => reads.get(path))).toEqual([
        1, 1, 1,
      ]);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, 'streaming list');
    });
  });
});

test.describe('at 1280x800', () => {
  test.use({ viewport: SIZES[1].viewport });

  test('desktop: the streaming list is drawn by the app alone, with the reads boot.js started', async ({ page }) => {
    await withAccount(STREAMER, async () => {
      await withApiSession(page, STREAMER, DEMO_PASSWORD);
      const reads = countReads(page);
      const release = await holdTheApp(page);
      await page.goto('/streaming', { waitUntil: 'domcontentloaded' });
      // The three reads leave before the app has run; no first view is drawn at this size.
      await expect.poll(() => reads.get('/api/streaming')).toBe(1);
      await expect(page.locator('.boot-text')).toBeVisible();

      release();
      await expect(page.getByRole('list', { name: 'Videos' }).getByRole('listitem').first()).toBeVisible();
      expect(['/api/auth/me', '/api/streaming', '/api/streaming/home'].map((path) => reads.get(path))).toEqual([
        1, 1, 1,
      ]);
    });
  });
});

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test(`${size.name}: a video page shows its title and the player's place before the app, in place`, async ({
      page,
    }) => {
      await withAccount(STREAMER, async () => {
        const token = await withApiSession(page, STREAMER, DEMO_PASSWORD);
        const answer = await page.request.get(`/api/streaming/${VIDEO.product}/videos/${VIDEO.video}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const entry = ((await answer.json()) as { data: { PRODUCTNAME: string; VIDEOS: { TITLE: string }[] }[] })
          .data[0]!;
        const title = entry.VIDEOS[0]!.TITLE;
        const reads = countReads(page);
        const release = await holdTheApp(page);
        await page.goto(`/streams/details/${VIDEO.product}/${VIDEO.video}`, { waitUntil: 'domcontentloaded' });

        const heading = page.getByRole('heading', { level: 1, name: title });
        await expect(heading).toBeVisible();
        await expect(page.locator('.boot-page')).toContainText(entry.PRODUCTNAME);
        await expect(page.locator('.boot-page figcaption')).toContainText('Licensed to ');
        const before = {
          heading: await boxOf(page, 'h1'),
          frame: await boxOf(page, '.boot-player-frame'),
          caption: await boxOf(page, 'figcaption'),
        };

        release();
        await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
        await expect(page.locator('.boot-page')).toHaveCount(0);
        await expect(heading).toBeVisible();
        // Once the player is set up (750 ms after the answer), in the boxes the first view drew.
        await expect(page.getByTestId('player-frame')).toBeVisible();
        await expect(page.locator('main figcaption')).toHaveText(/Licensed to /);
        expect({
          heading: await boxOf(page, 'main h1'),
          frame: await boxOf(page, '[data-testid="player-frame"]'),
          caption: await boxOf(page, 'main figcaption'),
        }).toEqual(before);
        const videoPath = `/api/streaming/${VIDEO.product}/videos/${VIDEO.video}`;
        expect([reads.get('/api/auth/me'), reads.get(videoPath)]).toEqual([1, 1]);
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page, 'video page');
      });
    });
  });
}
