import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { pageAtRest } from './settled.js';

/** axe-core's own build, evaluated in the page once per document (`axeViolations`). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2.0, 2.1 and 2.2, levels A and AA (axe-core's tags). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export interface AxeViolation {
  id: string;
  impact: string | null;
  /** One CSS selector path per element found. */
  targets: string[];
}

export interface AxeOptions {
  /** Only the rules with these tags (WCAG_AA_TAGS); every rule of axe-core when left out. */
  tags?: readonly string[];
}

/**
 * axe-core run inside the page (`axe.run`), its source evaluated once per document. Not
 * `@axe-core/playwright`'s builder: that one evaluates the 500 KB source again and opens a new page of
 * the context to finish each analysis, which cost 3 to 10 times the CPU of the analysis itself
 * (docs/decisions.md, "axe-core in the page"). Frames are left out (`iframes: false`): the shop has
 * none of its own, and Stripe's card fields are Stripe's; the frame element itself is still checked.
 * Only violations are collected (`resultTypes`), the rest is never serialised.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate<boolean>("typeof window.axe === 'object'"))) await page.evaluate(AXE_SOURCE);
  const runOptions = JSON.stringify({
    iframes: false,
    resultTypes: ['violations'],
    ...(options.tags ? { runOnly: { type: 'tag', values: options.tags } } : {}),
  });
  // A string: the journeys' TypeScript has no DOM types (support/page-dom.d.ts), nor axe's global.
  return page.evaluate<AxeViolation[]>(
    `window.axe.run(document, ${runOptions}).then((results) =>
      results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      })),
    )`,
  );
}

/** One line per violation, naming the page, the rule, its impact and the elements. */
export function violationLines(violations: AxeViolation[], where: string): string[] {
  return violations.map(
    (violation) => `${where}: ${violation.id} (${violation.impact}) ${violation.targets.join(', ')}`,
  );
}

/**
 * axe-core on the page at rest (`pageAtRest`) with the WCAG 2.2 A and AA rules: no violation of any
 * impact (the list names each one found). The journeys call it in the states they reach (a dialog or
 * menu open, the player playing, a form's errors shown); the gate (accessibility-gate.spec.ts) checks
 * every route at rest.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  await pageAtRest(page);
  expect(violationLines(await axeViolations(page, { tags: WCAG_AA_TAGS }), where)).toEqual([]);
}
