import { expect, test, type Page } from '@playwright/test';
import { CME_TEST_HEADING } from '../../libs/contracts/cme.js';
import { withAccount } from './support/accounts.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { seriesViewer } from './support/player.js';
import { DEMO_PASSWORD, withApiSession } from './support/shop.js';
import { expectTapTargets } from './support/tap-targets.js';

/**
 * Issue 19, the streaming pages for a surgeon on a phone (and at a desktop's size): dense lists, the
 * stream page's videos in the first screen, full screen with the watermark, previous / next and a
 * remembered autoplay, Take CME Test only for role cme, 44 px tap targets.
 */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
] as const;

/** A 96-row list measured 9,400 px at 390 px (96 screen-wide cards were ~40,000 px). */
const LIST_MAX_PX = 11_000;
/** Twenty tiles in two columns measured 2,100 px (one column was 6,100 px). */
const HOME_MAX_PX = 3_000;
/** Product 250: six videos, no terms to accept. */
const SERIES = 250;

const pageHeight = (page: Page): Promise<number> => page.evaluate<number>('document.documentElement.scrollHeight');

/** No sideways scroll and no WCAG violation axe-core finds. */
async function check(page: Page, where: string): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, where);
}

/** The media element's properties the journey reads (the test code is compiled without DOM types). */
interface Media {
  currentTime: number;
  duration: number;
  muted: boolean;
  paused: boolean;
  readyState: number;
  play(): Promise<void>;
}

/**
 * Whether the document's full-screen element is the player's frame, and the watermark inside it is on
 * screen: its box lies within the viewport and it is rendered (a string script: no DOM types here).
 */
const WATERMARK_IN_FULL_SCREEN = `(() => {
  const full = document.fullscreenElement;
  const mark = document.querySelector('[data-testid="watermark"]');
  if (!full || !mark || !full.contains(mark)) return 'the watermark is not inside the full-screen element';
  const box = mark.getBoundingClientRect();
  const inside = box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 &&
    box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  const style = getComputedStyle(mark);
  if (!inside || style.visibility === 'hidden' || Number(style.opacity) === 0) return 'the watermark is not visible';
  return full.getAttribute('data-testid') + ': ' + mark.textContent;
})()`;

/**
 * The player's button named `name`, as a keyboard reaches it: focused, which keeps the controls shown (a
 * pointer's hover shows them only until they idle, 2 s while playing, which a busy machine can outlast).
 */
async function playerButton(page: Page, name: string) {
  const button = page.getByTestId('player-frame').getByRole('button', { name });
  await button.focus();
  await expect(button).toBeVisible();
  return button;
}

/** Presses the player's button named `name` with the keyboard (Enter on the focused button). */
async function pressPlayerButton(page: Page, name: string): Promise<void> {
  await (await playerButton(page, name)).press('Enter');
}

/** Starts the video (muted) and pauses it: before its start a phone's player shows only its play button. */
async function startedAndPaused(page: Page): Promise<void> {
  const video = page.locator('video');
  // Its source loaded first: a play asked before that is cut short by the load.
  await expect
    .poll(() => video.evaluate((node) => (node as unknown as Media).readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  await video.evaluate(async (node) => {
    const element = node as unknown as Media;
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => video.evaluate((node) => (node as unknown as Media).currentTime)).toBeGreaterThan(0);
  await video.evaluate((node) => (node as unknown as Media & { pause(): void }).pause());
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });
    test.describe.configure({ timeout: 150_000 });

    test(`${size.name}: the list, My Videos and a stream page are dense, fit and have large tap targets`, async ({
      page,
    }) => {
      await withAccount('complete@demo.test', async () => {
        await withApiSession(page, 'complete@demo.test', DEMO_PASSWORD);

        // The list: compact rows on a phone, 96 of them in a bounded page.
        await page.goto('/streaming');
        const cards = page.getByRole('list', { name: 'Videos' }).getByRole('listitem');
        await expect(cards.first()).toBeVisible();
        if (size.phone) {
          await expect(cards).toHaveCount(96);
          expect(await pageHeight(page)).toBeLessThan(LIST_MAX_PX);
          // A row, not a card: the picture is small.
          const image = await cards.first().locator('img').boundingBox();
          expect(image!.width).toBeLessThanOrEqual(100);
        }
        await expectTapTargets(page.getByRole('button', { name: /(to|from) favorites$/ }), 'favourite hearts');
        await expectTapTargets(page.getByRole('button', { name: /page \d+$/ }), 'pages');
        await check(page, 'streaming list');

        // My Videos: the select's label sits above "Choose a category"; the Favorites tile is a favourite.
        await page.goto('/user/home');
        const tiles = page.getByRole('list', { name: 'Tiles' }).getByRole('link');
        await expect(tiles.first()).toBeVisible();
        const favorites = page.getByRole('list', { name: 'Tiles' }).getByRole('link', { name: 'Favorites' });
        // complete@'s favourites are 250 and 215 (docs/demo-data.md).
        await expect(favorites.locator('img')).toHaveAttribute('src', /\/assets\/img\/products\/(250|215)\/\1\.jpeg$/);
        if (size.phone) {
          expect(await pageHeight(page)).toBeLessThan(HOME_MAX_PX);
          const select = page.getByRole('combobox', { name: 'Category' });
          await expect(select.locator('option:checked')).toHaveText('Choose a category');
          const label = await page.locator('label', { hasText: 'Category' }).boundingBox();
          const field = await select.boundingBox();
          // The label is shrunk onto the outline, above the chosen text (it overlapped it).
          expect(label!.y + label!.height).toBeLessThanOrEqual(field!.y + field!.height / 2);
        }
        await expectTapTargets(tiles, 'tiles');
        await check(page, 'user home');

        // The stream page: the videos start in the first screen; the poster starts the first one.
        await page.goto('/stream/215');
        const videos = page.getByRole('list', { name: 'Videos' }).getByRole('link');
        await expect(videos.first()).toBeVisible();
        expect((await videos.first().boundingBox())!.y).toBeLessThan(size.viewport.height);
        await expectTapTargets(page.getByRole('link', { name: /Back to videos/ }), 'back link');
        await expectTapTargets(videos, 'video titles');
        // complete@ has no CME role: no dead-end button, a way to get access instead.
        await expect(page.getByRole('link', { name: 'Take CME Test' })).toHaveCount(0);
        await expect(page.getByTestId('cme-access')).toHaveText(
          'The CME test of this course is for CME subscribers. Get the CME Credit Package',
        );
        await expectTapTargets(page.getByRole('link', { name: 'Get the CME Credit Package' }), 'CME access link');
        await check(page, 'stream page');
        const first = (await videos.first().getAttribute('href'))!;
        const poster = page.getByRole('link', { name: /^Play the first video: / });
        await expectTapTargets(poster, 'poster');
        await poster.click();
        await expect(page).toHaveURL(first);

        // The video page (the terms box of 215): breadcrumb links a finger can hit.
        await expect(page.getByRole('heading', { name: 'Terms of Use' })).toBeVisible();
        await expectTapTargets(
          page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link'),
          'breadcrumb links',
        );
      });
    });

    // At the phone's size, where full screen matters most; the list's order and autoplay are the app's at any size.
    if (size.name === 'phone') {
      test(`${size.name}: full screen keeps the watermark; previous, next and a remembered autoplay`, async ({
        page,
      }) => {
        // A buyer of the series of its own (the watermark names it): no journey waits for streamer@.
        await seriesViewer(page, SERIES);
        await page.goto(`/stream/${SERIES}`);
        const links = page.getByRole('list', { name: 'Videos' }).getByRole('link');
        await expect(links).toHaveCount(6);
        const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
        const titles = (await links.allTextContents()).map((text) => text.replace(/^\d+\. /, ''));
        await links.nth(0).click();
        await expect(page).toHaveURL(hrefs[0]!);

        const video = page.locator('video');
        await expect(video).toBeVisible();
        const steps = page.getByRole('navigation', { name: 'Videos of this stream' });
        await expect(steps.getByRole('link', { name: /^Previous video/ })).toHaveCount(0);
        const next = steps.getByRole('link', { name: `Next video: ${titles[1]}` });
        await expect(next).toHaveAttribute('href', hrefs[1]!);
        await expectTapTargets(steps.getByRole('link'), 'previous / next');
        await expectTapTargets(page.locator('label', { hasText: 'Autoplay next video' }), 'autoplay switch');
        await startedAndPaused(page);
        await expectTapTargets(await playerButton(page, 'Full screen'), 'full-screen button');
        await expectTapTargets(
          page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link'),
          'breadcrumb links',
        );
        await check(page, 'video page');

        // Full screen takes the frame with the watermark; the same button leaves it.
        await pressPlayerButton(page, 'Full screen');
        await expect.poll(() => page.evaluate<string>(WATERMARK_IN_FULL_SCREEN)).toBe('player-frame: Robin Tester');
        await expect(await playerButton(page, 'Full screen')).toHaveAttribute('aria-pressed', 'true');
        await pressPlayerButton(page, 'Full screen');
        await expect.poll(() => page.evaluate<boolean>('document.fullscreenElement === null')).toBe(true);

        // Next and previous follow the stream page's order.
        await next.click();
        await expect(page).toHaveURL(hrefs[1]!);
        await expect(page.getByRole('heading', { level: 1, name: titles[1] })).toBeVisible();
        await expect(steps.getByRole('link', { name: `Previous video: ${titles[0]}` })).toHaveAttribute(
          'href',
          hrefs[0]!,
        );
        await expect(steps.getByRole('link', { name: `Next video: ${titles[2]}` })).toHaveAttribute('href', hrefs[2]!);

        // Autoplay: off at first, remembered once chosen.
        const autoplay = page.getByRole('switch', { name: 'Autoplay next video' });
        await expect(autoplay).not.toBeChecked();
        await autoplay.check();
        await page.reload();
        await expect(autoplay).toBeChecked();

        // At the end of a video the next one opens and plays, still in full screen.
        await expect(video).toBeVisible();
        await startedAndPaused(page);
        await pressPlayerButton(page, 'Full screen');
        await expect.poll(() => page.evaluate<string>(WATERMARK_IN_FULL_SCREEN)).toBe('player-frame: Robin Tester');
        await video.evaluate(async (node) => {
          const element = node as unknown as Media;
          while (element.readyState < 1) await new Promise((resolve) => setTimeout(resolve, 50));
          element.muted = true;
          element.currentTime = Math.max(0, element.duration - 0.5);
          await element.play();
        });
        await expect(page).toHaveURL(hrefs[2]!, { timeout: 15_000 });
        await expect(page.getByRole('heading', { level: 1, name: titles[2] })).toBeVisible();
        await expect
          .poll(() => video.evaluate((node) => (node as unknown as Media).currentTime), { timeout: 15_000 })
          .toBeGreaterThan(0.2);
        await expect.poll(() => page.evaluate<string>(WATERMARK_IN_FULL_SCREEN)).toBe('player-frame: Robin Tester');
        await pressPlayerButton(page, 'Full screen');

        // Switched off, it stays off.
        await autoplay.uncheck();
        await page.reload();
        await expect(autoplay).not.toBeChecked();
      });
    }

    // At the phone's size: the link is the app's at any size; the page at both sizes is the accessibility gate's.
    if (size.name === 'phone') {
      test(`${size.name}: cme@ sees Take CME Test on a stream and reaches the test`, async ({ page }) => {
        await withAccount('cme@demo.test', async () => {
          await withApiSession(page, 'cme@demo.test', DEMO_PASSWORD);
          await page.goto('/stream/215');
          const take = page.getByRole('link', { name: 'Take CME Test' });
          await expect(take).toBeVisible();
          await expect(page.getByTestId('cme-access')).toHaveCount(0);
          await expectTapTargets(take, 'Take CME Test');
          await take.click();
          await expect(page).toHaveURL(/\/cme\/streaming\/215$/);
          await expect(page.getByRole('heading', { level: 1, name: CME_TEST_HEADING })).toBeVisible();
        });
      });
    }
  });
}
