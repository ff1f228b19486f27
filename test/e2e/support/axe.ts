import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { pageAtRest } from './settled.js';

/** axe-core on the page at rest (`pageAtRest`): no serious or critical violation (the list names each one found). */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  await pageAtRest(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}
