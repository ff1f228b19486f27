import type { BudgetResult } from './report.js';

/**
 * Budget: catalog list (48 products, sorted) throughput at least half of a bare HTTP route returning
 * the same bytes from memory; p99 under 25 ms at that load. The catalog arrives with a later feature:
 * measuring it means replacing this function's body (start the shop, seed 48 products, load the list
 * route and a bare node:http route serving the same bytes with the same concurrency, compare).
 */
export function catalogList(): Promise<BudgetResult> {
  return Promise.resolve({
    crashed: false,
    row: {
      budget: 'Catalog list (48 products, sorted) >= 0.5 x bare route throughput; p99 < 25 ms',
      measured: 'not measured yet (catalog feature not built)',
      baseline: '-',
      ratio: '-',
      verdict: 'not measured yet (catalog feature not built)',
    },
  });
}
