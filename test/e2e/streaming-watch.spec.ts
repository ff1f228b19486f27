import { expect, test, type Page } from '@playwright/test';
import { withAccount } from './support/accounts.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { expectTapTargets } from './support/tap-targets.js';
import { seriesViewer } from './support/player.js';
import { DEMO_PASSWORD, logIn } from './support/shop.js';

const STREAMER = 'streamer@demo.test';

// The first journey holds streamer@demo.test (its whole shelf is the point); the second has a buyer of
// its own, so it runs beside it.
test.describe.configure({ timeout: 150_000 });

/** The media element's properties the journey reads (the test code is compiled without DOM types). */
interface Media {
  currentTime: number;
  muted: boolean;
  seeking: boolean;
  readyState: number;
  play(): Promise<void>;
  pause(): void;
}

/** Plays the page's video muted (autoplay rules) and waits until the position moves past `from`. */
async function playsFrom(page: Page, from: number, ahead = 0.3): Promise<void> {
  const video = page.locator('video');
  // Its source loaded first: a play asked before that is cut short by the load.
  await expect
    .poll(() => video.evaluate((node) => (node as unknown as Media).readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  await video.evaluate((node) => {
    const element = node as unknown as Media;
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((node) => (node as unknown as Media).currentTime), { timeout: 15_000 })
    .toBeGreaterThan(from + ahead);
}

test('streamer opens a stream, plays a video, seeks in it and keeps the list context', async ({ page }) => {
  await withAccount(STREAMER, async () => {
    await logIn(page, STREAMER, DEMO_PASSWORD);
    await page.goto('/streaming?category=20&search=a');
    const first = page.getByRole('list', { name: 'Videos' }).getByRole('listitem').first();
    const name = (await first.locator('a[href^="/stream/"]:not([tabindex])').textContent())!;
    await first.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/stream\/(\d+)\?category=20&search=a$/);
    const productId = /\/stream\/(\d+)/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to videos/ })).toHaveAttribute(
      'href',
      '/streaming?category=20&search=a',
    );
    const cme = page.getByRole('link', { name: 'Take CME Test' });
    if (await cme.count()) await expect(cme).toHaveAttribute('href', `/cme/streaming/${productId}`);

    // A video title opens the video page with the list context.
    const titles = page.getByRole('list', { name: 'Videos' }).getByRole('link');
    await expect(titles.first()).toHaveAttribute(
      'href',
      new RegExp(`^/streams/details/${productId}/\\d+\\?category=20&search=a$`),
    );
    await titles.first().click();
    await expect(page).toHaveURL(new RegExp(`/streams/details/${productId}/\\d+\\?category=20&search=a$`));
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name })).toHaveAttribute(
      'href',
      `/stream/${productId}?category=20&search=a`,
    );
    await expect(breadcrumb.getByRole('link', { name: 'Videos' })).toHaveAttribute(
      'href',
      '/streaming?category=20&search=a',
    );

    // Watch tracking: the starts and progress reports this page load sends.
    const starts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/streaming/viewings') {
        starts.push(request.postData() ?? '');
      }
    });

    // The player (set up after 750 ms) with its controls, the watermark naming the customer, the copyright year.
    // Its source: the imported HLS through hls.js (a MediaSource), or the title's single file, under the playback's token.
    const video = page.locator('video');
    await expect(video).toBeVisible();
    await expect(page.getByTestId('player-frame').getByRole('button', { name: 'Play' })).toBeVisible();
    await expect
      .poll(() => video.evaluate((node) => (node as unknown as { currentSrc: string }).currentSrc))
      .toMatch(/^blob:|\/api\/hls\/[^/]+\/progressive$/);
    await expect(page.getByTestId('watermark')).toHaveText('Sam Streamer');
    await expect(page.locator('figcaption')).toContainText(`© ${new Date().getFullYear()}`);
    await playsFrom(page, 0);
    // Seek: the server answers ranges, so the browser plays from the new position.
    await video.evaluate((node) => {
      const element = node as unknown as Media;
      element.pause();
      element.currentTime = 2;
    });
    await expect.poll(() => video.evaluate((node) => (node as unknown as Media).seeking)).toBe(false);
    await playsFrom(page, 2);
    await expect.poll(() => video.evaluate((node) => (node as unknown as Media).readyState)).toBeGreaterThanOrEqual(2);
    // One start per page load (the first play), with the page's viewing id.
    expect(starts).toHaveLength(1);
    expect(JSON.parse(starts[0]!)).toMatchObject({ PRODUCTID: Number(productId), VIEWINGID: expect.any(String) });

    // Resume: a pause reports the position; the next load of the page starts there.
    await video.evaluate((node) => {
      const element = node as unknown as Media;
      element.pause();
      element.currentTime = 1;
    });
    await expect.poll(() => video.evaluate((node) => (node as unknown as Media).seeking)).toBe(false);
    // Over a second watched since the last report, so the pause has whole seconds to report.
    await playsFrom(page, 1, 1.4);
    const reported = page.waitForResponse((response) =>
      /\/api\/streaming\/viewings\/[^/]+\/progress$/.test(response.url()),
    );
    await video.evaluate((node) => (node as unknown as Media).pause());
    const answer = await reported;
    expect(answer.status(), await answer.text()).toBe(200);
    // The intervals actually played since the last heartbeat, and the position.
    const progress = answer.request().postDataJSON() as { INTERVALS: [number, number][]; POSITION: number };
    const played = progress.INTERVALS.reduce((sum, [from, to]) => sum + (to - from), 0);
    expect(played).toBeGreaterThanOrEqual(1);
    expect(progress.POSITION).toBeGreaterThanOrEqual(1);
    await page.reload();
    await expect(video).toBeVisible();
    // The player resumes there unless that is within 5 s of the end (the server starts over once finished).
    const duration = await video.evaluate(async (node) => {
      const element = node as unknown as Media & { duration: number; readyState: number };
      while (element.readyState < 1) await new Promise((resolve) => setTimeout(resolve, 50));
      return element.duration;
    });
    const resumeAt = progress.POSITION < duration - 5 ? progress.POSITION : 0;
    await expect.poll(() => video.evaluate((node) => (node as unknown as Media).currentTime)).toBe(resumeAt);

    // The breadcrumb leads back to the stream, keeping category and search.
    await breadcrumb.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/stream/${productId}\\?category=20&search=a$`));
  });
});

test('product 215: documents with several files, the Terms of Use box, then the player', async ({ page }) => {
  // A buyer of 215 of its own: the terms must still be due (a demo account accepts them once for good).
  await seriesViewer(page, 215);
  await page.goto('/stream/215');
  const documents = page.getByRole('table', { name: 'Documents' });
  await expect(documents.getByRole('row')).toHaveCount(6);
  const links = documents.getByRole('link');
  expect(await links.count()).toBeGreaterThan(5);
  const href = (await links.first().getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/media\/.+\.pdf\?token=/);
  // The product's terms cover its documents: refused until they are accepted.
  expect((await page.request.get(href)).status()).toBe(403);

  await page.getByRole('list', { name: 'Videos' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Terms of Use' })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  const agree = page.getByRole('button', { name: 'Agree to Terms' });
  await expect(agree).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have read, fully understand, and agree to the above terms.' }).check();
  await expect(agree).toBeEnabled();
  await agree.click();
  await expect(page.getByRole('heading', { name: 'Terms of Use' })).toBeHidden();
  await expect(page.locator('video')).toBeVisible();
  // Now the signed document URL given before serves the PDF.
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await playsFrom(page, 0);
  // Accepted once: a reload shows the player straight away.
  await page.reload();
  await expect(page.locator('video')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Terms of Use' })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.goto('/stream/215');
  await expect(page.getByRole('table', { name: 'Documents' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // One file per line, each a target a finger can hit (they were 16 px high and stacked).
  await expectTapTargets(page.getByRole('table', { name: 'Documents' }).getByRole('link'), 'document links');
});
