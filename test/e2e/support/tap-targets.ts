import { expect, type Locator } from '@playwright/test';

/** The smallest tap target a phone user can hit reliably (WCAG 2.5.5, platform guidelines). */
export const MIN_TAP_PX = 44;

/**
 * Every visible element matched by `targets` is at least 44x44 px on screen (its own box; padding
 * counts, a larger invisible hit area around it does not). The failure lists each small one.
 */
export async function expectTapTargets(targets: Locator, what: string): Promise<void> {
  const boxes: { label: string; width: number; height: number }[] = [];
  for (const target of await targets.all()) {
    const box = (await target.isVisible()) ? await target.boundingBox() : null;
    if (!box || box.width === 0 || box.height === 0) continue;
    const label = (await target.getAttribute('aria-label')) ?? (await target.textContent()) ?? '';
    boxes.push({ label: label.trim().slice(0, 40), width: Math.round(box.width), height: Math.round(box.height) });
  }
  expect(boxes.length, `${what}: no visible tap target found`).toBeGreaterThan(0);
  const small = boxes
    .filter((box) => box.width < 44 || box.height < 44)
    .map((box) => `${what}: "${box.label}" is ${box.width}x${box.height} px`);
  expect(small).toEqual([]);
}
