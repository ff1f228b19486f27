/** One line of the budget table (docs/performance.md). */
export interface BudgetRow {
  budget: string;
  measured: string;
  baseline: string;
  ratio: string;
  verdict: string;
}

/** A measured budget: the row, and whether the bench itself failed while measuring it. */
export interface BudgetResult {
  row: BudgetRow;
  crashed: boolean;
  /** Extra lines printed under the table (e.g. how the samples spread over time). */
  notes?: string[];
}

export const WITHIN = 'within';
export const OVER = 'OVER budget';

export function verdict(ok: boolean): string {
  return ok ? WITHIN : OVER;
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const COLUMNS: { key: keyof BudgetRow; title: string }[] = [
  { key: 'budget', title: 'Budget' },
  { key: 'measured', title: 'Measured' },
  { key: 'baseline', title: 'Baseline (same run)' },
  { key: 'ratio', title: 'Ratio' },
  { key: 'verdict', title: 'Verdict' },
];

/** The table as Markdown, so it can be pasted into docs/performance.md as printed. */
export function formatTable(rows: readonly BudgetRow[]): string {
  const cells = (row: BudgetRow): string[] => COLUMNS.map((c) => row[c.key].replaceAll('|', '\\|'));
  const widths = COLUMNS.map((c, i) => Math.max(c.title.length, ...rows.map((r) => cells(r)[i]!.length)));
  const line = (values: string[]): string => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(COLUMNS.map((c) => c.title)),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map((r) => line(cells(r))),
  ].join('\n');
}
