import { expect, type Locator } from '@playwright/test';

/** The smallest tap target a phone user can hit reliably (WCAG 2.5.5, platform guidelines). */
export const MIN_TAP_PX = 44;

/**
 * Every visible element matched by `targets` is at least 44x44 px on screen (its own box; padding
 * counts, a larger invisible hit area around it does not). The failure lists each small one.
 *
 * Measured in the page in one call: a loop of `isVisible`/`boundingBox` per element resolved the role
 * query once per element and per call (96 favourite hearts made about 400 whole-page queries, most of
 * a phone journey's time).
 */
export async function expectTapTargets(targets: Locator, what: string): Promise<void> {
  const boxes = await targets.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      // Visible as Playwright means it: a non-empty box, and not hidden by visibility.
      if (box.width === 0 || box.height === 0 || !element.checkVisibility({ visibilityProperty: true })) return [];
      const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
      return [{ label: label.trim().slice(0, 40), width: Math.round(box.width), height: Math.round(box.height) }];
    }),
  );
  expect(boxes.length, `${what}: no visible tap target found`).toBeGreaterThan(0);
  const small = boxes
    .filter((box) => box.width < MIN_TAP_PX || box.height < MIN_TAP_PX)
    .map((box) => `${what}: "${box.label}" is ${box.width}x${box.height} px`);
  expect(small).toEqual([]);
}
