import type { Page } from '@playwright/test';

/**
 * Holds every request for the app's entry module until the returned release is called, so a journey
 * can check the first view web/public/boot.js draws before the app takes over.
 */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The box of the first match of `selector`: left, top, width, height in CSS pixels. */
export const boxOf = (page: Page, selector: string): Promise<number[]> =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return [box.left, box.top, box.width, box.height].map(Math.round);
    });
