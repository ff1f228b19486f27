import { expect, type Page } from '@playwright/test';

/** The page fits its viewport: no sideways scrolling (checked on phones at 390 px). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}
