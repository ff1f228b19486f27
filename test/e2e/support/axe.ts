import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { animationsSettled } from './settled.js';

/**
 * axe-core on the page at rest: no serious or critical violation (the list names each one found). At rest:
 * its reads answered (no request for half a second) and the transitions they started ended, so no colour
 * is measured mid-change (a Subscribe button fading from disabled grey to its colour fails contrast).
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}
