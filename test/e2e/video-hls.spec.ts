import { expect, test, type Page } from '@playwright/test';
import { PLAYBACK_ELSEWHERE, PLAYBACK_SPEEDS } from '../../libs/contracts/streaming.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_MEDIA_WAIT_MS, demoMedia, media, SERIES_VIDEO_PAGE, seriesViewer } from './support/player.js';
import { expectTapTargets } from './support/tap-targets.js';

/**
 * Issue 22, "Done when": a generated demo video plays through HLS (hls.js picks a rendition; the quality
 * menu forces a lower one and its segments are fetched); speed and captions are changed and, on a
 * "second device" (another browser with the same session), found remembered with the position resumed;
 * a chapter of the list jumps; the first page stops with the message when another page of the account
 * starts playing, and "Play here" takes the playback back. Both sizes; axe on the player.
 */
/**
 * At the phone's size, where the settings are a sheet over the chapter list (video-player walks every
 * control by keyboard at both sizes; the gate checks the page at both).
 */
const SIZES = [{ name: 'phone', viewport: { width: 390, height: 844 } }] as const;
const PAGE = SERIES_VIDEO_PAGE;
/** Where the first page pauses: a fixed point well before the end (a resume within 5 s of it starts over). */
const PAUSE_AT = 6;
/** Another page's play stops this one within 5 s: its lease check runs every LEASE_CHECK_SECONDS. */
const TAKEOVER_NOTICE_MS = 5_000;

/**
 * Presses one of the player's controls with the keyboard: focused, then Enter. A keyboard in the player
 * keeps its controls shown, where a pointer's hover shows them only until they idle (2 s while playing),
 * which a busy machine can outlast between the hover and the click.
 */
async function press(page: Page, name: string): Promise<void> {
  await page.locator(`[data-testid="player-frame"] button[aria-label="${name}"]`).focus();
  await page.keyboard.press('Enter');
}

const SETTINGS = '[data-testid="player-frame"] button[aria-label="Settings"]';

/**
 * Opens the settings menu and one of its submenus. The menu is first seen open (a press it did not take
 * fails here, in 5 s, and says so, not as a submenu item missing for 20 s).
 */
async function settings(page: Page, submenu: RegExp): Promise<void> {
  await press(page, 'Settings');
  await expect(page.locator(SETTINGS)).toHaveAttribute('aria-expanded', 'true', { timeout: 5_000 });
  await page.getByRole('menuitem', { name: submenu }).click();
}

/** Closes the settings menu: Escape leaves a submenu first, then the menu. */
async function closeSettings(page: Page): Promise<void> {
  const button = page.locator(SETTINGS);
  for (let i = 0; i < 3; i++) {
    if ((await button.getAttribute('aria-expanded', { timeout: 5_000 })) !== 'true') break;
    await page.keyboard.press('Escape');
  }
  await expect(button).toHaveAttribute('aria-expanded', 'false');
}

/** The paths under /api/hls/{token}/ the page requests from now on (the token left out). */
function hlsRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/hls\/[^/]+\/(.+)$/.exec(new URL(request.url()).pathname);
    if (match) paths.push(match[1]!);
  });
  return paths;
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    // A player control that does not come fails in seconds, not at the end of the long timeout below.
    test.use({ viewport: size.viewport, actionTimeout: 20_000 });
    test.describe.configure({ timeout: DEMO_MEDIA_WAIT_MS + 180_000 });

    test(`${size.name}: HLS with a forced rendition, speed and captions remembered on a second device, chapters, one playback`, async ({
      page,
      browser,
    }) => {
      // A buyer of the series of its own: its speed and captions start at the defaults, and no other
      // journey waits for it (or it for them).
      const { token } = await seriesViewer(page);
      const chapters = await demoMedia(page, token);
      expect(chapters.length).toBeGreaterThan(1);

      // The player picks a rendition and plays it through hls.js (a MediaSource: a blob: source).
      const requested = hlsRequests(page);
      await page.goto(PAGE);
      const frame = page.getByTestId('player-frame');
      await expect(frame.locator('video')).toBeAttached();
      await expect.poll(() => media(page, (v) => v.src)).toMatch(/^blob:/);
      await expect.poll(() => requested.some((path) => /^\d+p\/seg_\d{5}\.m4s$/.test(path))).toBe(true);
      expect(requested).toContain('master.m3u8');
      await expect(page.getByTestId('watermark')).toHaveText('Robin Tester');
      await expect(frame.getByRole('button', { name: 'Play' })).toBeVisible();
      await expectTapTargets(frame.getByRole('button'), 'player buttons');
      await expectTapTargets(page.getByRole('navigation', { name: 'Chapters' }).getByRole('button'), 'chapters');
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, 'video page with the player');

      // Keyboard: the play button takes the focus and Space plays.
      await media(page, (v) => {
        v.muted = true;
      });
      await frame.getByRole('button', { name: 'Play' }).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => media(page, (v) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);

      // The player shows the rendition it picked (the line is fast here: above 360p). The quality menu
      // lists the ladder; 360p is forced and its segments come. (Forced while the pick was still pending,
      // the player's own report of its pick would undo the choice.)
      await expect.poll(() => media(page, (v) => v.videoHeight), { timeout: 20_000 }).toBeGreaterThan(360);
      await settings(page, /^Quality/);
      await expect(page.getByRole('menuitemradio', { name: /^(Auto|\d+p)/ })).toHaveText([
        /^Auto/,
        /^1080p/,
        /^720p/,
        /^360p/,
      ]);
      await expectNoAxeViolations(page, 'the player playing, its quality menu open');
      const before = requested.length;
      // By keyboard, as every other step of the menu here: a pointer pick followed by Escape twice ended
      // the whole menu at the first Escape in two CI runs (the focus left outside the submenu), after
      // which a press on Settings did not open it (docs/decisions.md, open).
      await page.getByRole('menuitemradio', { name: /^360p/ }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => requested.slice(before).some((path) => /^360p\/seg_\d{5}\.m4s$/.test(path))).toBe(true);
      await expect.poll(() => media(page, (v) => v.videoHeight), { timeout: 15_000 }).toBe(360);
      await closeSettings(page);

      // Speed: the settings slider offers exactly PLAYBACK_SPEEDS; two steps up from 1 is 1.5, saved.
      await settings(page, /^Speed/);
      const slider = page.getByRole('slider', { name: 'Speed' });
      await expect(slider).toHaveAttribute('aria-valuemin', String(PLAYBACK_SPEEDS[0]));
      await expect(slider).toHaveAttribute('aria-valuemax', String(PLAYBACK_SPEEDS[PLAYBACK_SPEEDS.length - 1]));
      // Each arrow is one step of PLAYBACK_SPEEDS, saved once the slider rests. The second step waits for
      // the first one's save: Vidstack's slider drops a step taken within 25 ms of the one before, and on a
      // busy machine the player's own correction (useSpeedFollowsSlider) was seen to lose that race too.
      const saved = (speed: number) =>
        page.waitForRequest(
          (r) => r.method() === 'PUT' && r.url().endsWith('/api/account/player') && r.postDataJSON().SPEED === speed,
          { timeout: 15_000 },
        );
      await slider.focus();
      const firstSaved = saved(1.25);
      await page.keyboard.press('ArrowRight');
      await firstSaved;
      const speedSaved = saved(1.5);
      await page.keyboard.press('ArrowRight');
      await expect(slider).toHaveAttribute('aria-valuenow', '1.5');
      expect((await speedSaved).postDataJSON()).toEqual({ SPEED: 1.5, CAPTIONS: false });
      await expect.poll(() => media(page, (v) => v.playbackRate)).toBe(1.5);
      await closeSettings(page);

      // Captions on, saved.
      const captionsSaved = page.waitForRequest(
        (r) => r.method() === 'PUT' && r.url().endsWith('/api/account/player') && r.postDataJSON().CAPTIONS === true,
        { timeout: 15_000 },
      );
      await press(page, 'Captions');
      expect((await captionsSaved).postDataJSON()).toEqual({ SPEED: 1.5, CAPTIONS: true });

      // A pause reports the intervals played and the position. The 36 s video may have played far (or to
      // its end) while the steps above ran: it goes back to a fixed point first, plays on past it, pauses.
      await expect.poll(() => media(page, (v) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(4);
      await page.locator('[data-testid="player-frame"] video').evaluate((node, at) => {
        const video = node as unknown as { currentTime: number; play(): Promise<void> };
        video.currentTime = at;
        return video.play();
      }, PAUSE_AT);
      await expect
        .poll(() => media(page, (v) => !v.seeking && !v.paused && v.currentTime), { timeout: 15_000 })
        .toBeGreaterThan(PAUSE_AT + 0.5);
      const heartbeat = page.waitForResponse((r) => /\/api\/streaming\/viewings\/[^/]+\/progress$/.test(r.url()), {
        timeout: 15_000,
      });
      await media(page, (v) => v.pause());
      const answer = await heartbeat;
      expect(answer.status(), await answer.text()).toBe(200);
      const report = answer.request().postDataJSON() as { INTERVALS: [number, number][]; POSITION: number };
      expect(report.INTERVALS.length).toBeGreaterThan(0);
      expect(report.POSITION).toBeGreaterThanOrEqual(PAUSE_AT);
      // Well before the end, where the second device resumes it (within 5 s of the end it starts over).
      expect(report.POSITION).toBeLessThan(20);

      // A second device (another browser with this session): speed, captions and the position come back.
      const device = await browser.newContext({
        viewport: size.viewport,
        storageState: await page.context().storageState(),
      });
      try {
        const second = await device.newPage();
        await second.goto(PAGE);
        await expect(second.getByTestId('player-frame').locator('video')).toBeAttached();
        await expect.poll(() => media(second, (v) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
        await expect.poll(() => media(second, (v) => Math.floor(v.currentTime))).toBe(report.POSITION);
        expect(await media(second, (v) => v.playbackRate)).toBe(1.5);
        // The captions toggle is pressed (before the first play a phone's player keeps it out of sight).
        const captions = second.locator('[data-testid="player-frame"] button[aria-label="Captions"]');
        await expect(captions).toHaveAttribute('aria-pressed', 'true');

        // A chapter of the list jumps there and plays.
        const target = chapters[2] ?? chapters[1]!;
        await media(second, (v) => {
          v.muted = true;
        });
        const list = second.getByRole('navigation', { name: 'Chapters' });
        await list.getByRole('button', { name: new RegExp(target.TITLE) }).click();
        await expect
          .poll(() => media(second, (v) => v.currentTime), { timeout: 15_000 })
          .toBeGreaterThanOrEqual(target.START);
        await expect(list.getByRole('button', { name: new RegExp(target.TITLE) })).toHaveAttribute(
          'aria-current',
          'true',
        );
        await media(second, (v) => v.pause());
      } finally {
        await device.close();
      }

      // One playback per account: another page of this browser starts playing, this one stops.
      await media(page, (v) => v.play());
      const other = await page.context().newPage();
      await other.goto(PAGE);
      await expect(other.getByTestId('player-frame').locator('video')).toBeAttached();
      await media(other, (v) => {
        v.muted = true;
      });
      await other.getByTestId('player-frame').getByRole('button', { name: 'Play' }).click();
      await expect.poll(() => media(other, (v) => v.paused)).toBe(false);
      // The first page learns it from its lease check (every LEASE_CHECK_SECONDS), not its next heartbeat.
      const stopped = page.getByRole('alert').filter({ hasText: PLAYBACK_ELSEWHERE });
      await expect(stopped).toBeVisible({ timeout: TAKEOVER_NOTICE_MS });
      expect(await media(page, (v) => v.paused)).toBe(true);
      await expectTapTargets(stopped.getByRole('button', { name: 'Play here' }), 'Play here');
      await expectNoSidewaysScroll(page);

      // "Play here" takes it back: this page plays again, the other one is stopped.
      await stopped.getByRole('button', { name: 'Play here' }).click();
      await expect(stopped).toBeHidden();
      await expect.poll(() => media(page, (v) => v.paused), { timeout: 15_000 }).toBe(false);
      await expect(other.getByRole('alert').filter({ hasText: PLAYBACK_ELSEWHERE })).toBeVisible({
        timeout: TAKEOVER_NOTICE_MS,
      });
      expect(await media(other, (v) => v.paused)).toBe(true);
      await other.close();
    });
  });
}
