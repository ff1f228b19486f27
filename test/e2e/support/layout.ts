import { expect, type Page } from '@playwright/test';

/**
 * The page fits its viewport: no sideways scrolling (checked on phones at 390 px). Polled: right after a
 * viewport change the player lays itself out again (a resize observer), and only what stays counts.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'))
    .toBeLessThanOrEqual(0);
}
