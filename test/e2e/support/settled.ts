import type { Page } from '@playwright/test';

/**
 * Runs in the page (a string: this project's TypeScript has no DOM types). Every finite CSS transition
 * and animation; a replaced or cancelled one rejects `finished` and no longer changes the colours.
 */
const FINITE_ANIMATIONS_FINISHED = `Promise.all(
  document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined)),
).then(() => true)`;

/**
 * Resolves once every finite CSS transition and animation of the page has ended (endless ones, such
 * as a progress spinner, are left alone). An accessibility check must measure colours at rest: mid
 * fade-in a snackbar is partly transparent and its text fails color-contrast against the page.
 * `getAnimations()` flushes pending style changes first, so a transition that starts with the
 * element's insertion is already listed.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate<boolean>(FINITE_ANIMATIONS_FINISHED);
}

/**
 * The page at rest: its reads answered (no request for half a second) and the transitions they started
 * ended, so a check of colours measures none mid-change (a Subscribe button fading from disabled grey to
 * its colour fails contrast). A visible heading alone is no sign of rest: web/public/boot.js draws the
 * home's and a list's heading before the app has run.
 */
export async function pageAtRest(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
}
