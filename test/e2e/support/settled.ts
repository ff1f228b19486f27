import { expect, type Page, type Request } from '@playwright/test';

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
 * Installed before the page's own scripts (`page.addInitScript`): counts the page's `fetch` calls
 * still unanswered in `window.__fetchesInFlight` and the time the count last changed in
 * `window.__fetchesChangedAt`. The app reads the API through `fetch` only.
 */
const COUNT_FETCHES = `(() => {
  if (window.__fetchesInFlight !== undefined) return;
  window.__fetchesInFlight = 0;
  window.__fetchesChangedAt = performance.now();
  const original = window.fetch.bind(window);
  const change = (by) => {
    window.__fetchesInFlight += by;
    window.__fetchesChangedAt = performance.now();
  };
  window.fetch = (...args) => {
    change(1);
    return original(...args).finally(() => change(-1));
  };
})()`;

/** How long the page must have asked nothing for its reads to count as answered. */
const QUIET_MS = 500;

/**
 * True once the app has replaced web/public/boot.js's first view (`.boot-page`) and no fetch has been
 * in flight for QUIET_MS. (Asked with `page.evaluate`: `waitForFunction` evaluates a string with
 * `eval`, which the shop's Content-Security-Policy forbids.)
 */
const READS_ANSWERED = `(() => {
  if (document.querySelector('.boot-page')) return false;
  if (window.__fetchesInFlight !== 0) return false;
  return performance.now() - window.__fetchesChangedAt >= ${QUIET_MS};
})()`;

const counting = new WeakSet<Page>();

/**
 * Makes `pageAtRest` exact for this page from its next navigation on: the page counts its own fetches
 * in flight. Call it before `page.goto`.
 */
export async function countRequestsInFlight(page: Page): Promise<void> {
  if (counting.has(page)) return;
  await page.addInitScript(COUNT_FETCHES);
  counting.add(page);
}

/**
 * Resolves once every finite CSS transition and animation of the page has ended (endless ones, such
 * as a progress spinner, are left alone). An accessibility check must measure colours at rest: mid
 * fade-in a snackbar is partly transparent and its text fails color-contrast against the page.
 * `getAnimations()` flushes pending style changes first, so a transition that starts with the
 * element's insertion is already listed.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate<boolean>(FINITE_ANIMATIONS_FINISHED);
}

/**
 * The page at rest: its reads answered and the transitions they started ended, so a check of colours
 * measures none mid-change (a Subscribe button fading from disabled grey to its colour fails contrast).
 *
 * A visible heading alone is no sign of rest: web/public/boot.js draws the home's and a list's heading
 * before the app has run. Nor is Playwright's `networkidle`: it is reached once per navigation and
 * stays reached, and boot.js holds the app back until the first picture has loaded, so on a busy
 * machine the network is idle for half a second before the app has asked for anything (the home's
 * Subscribe buttons were checked still disabled, grey, and failed color-contrast). On a page that
 * counts its fetches (`countRequestsInFlight`) rest is: the app drawn, no fetch in flight for half a
 * second; on another, `networkidle` is the best there is.
 */
/** Requests that never settle by themselves: a player's media and segments, a live connection. */
const ENDLESS = (request: Request): boolean =>
  ['media', 'websocket', 'eventsource'].includes(request.resourceType()) ||
  /\.(m4s|m3u8|mp4|vtt|jpg)(\?|$)/.test(new URL(request.url()).pathname);

/**
 * Watches every request of the page, scripts included (a screen's or a component's lazy chunk is
 * fetched as a script, which the page's fetch counter does not see), and answers a wait for the
 * network to have been quiet for `quietMs`: nothing in flight, nothing started or ended meanwhile.
 */
export function networkQuiet(page: Page, quietMs = 300): () => Promise<void> {
  let inFlight = 0;
  let changedAt = Date.now();
  const change = (request: Request, by: number) => {
    if (ENDLESS(request)) return;
    inFlight += by;
    changedAt = Date.now();
  };
  page.on('request', (request) => change(request, 1));
  page.on('requestfinished', (request) => change(request, -1));
  page.on('requestfailed', (request) => change(request, -1));
  return () => expect.poll(() => inFlight <= 0 && Date.now() - changedAt >= quietMs, { intervals: [50] }).toBe(true);
}

/**
 * After a change of the viewport's size, on a page that was at rest: no read in flight, and the
 * transitions the new layout started ended. No quiet half second: a resize starts no reads of its own.
 */
export async function layoutSettled(page: Page): Promise<void> {
  if (counting.has(page)) {
    await expect.poll(() => page.evaluate<boolean>('window.__fetchesInFlight === 0'), { intervals: [50] }).toBe(true);
  }
  await animationsSettled(page);
}

export async function pageAtRest(page: Page): Promise<void> {
  if (counting.has(page))
    await expect.poll(() => page.evaluate<boolean>(READS_ANSWERED), { intervals: [100] }).toBe(true);
  else await page.waitForLoadState('networkidle');
  await animationsSettled(page);
}
