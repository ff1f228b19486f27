/**
 * `npm run finance:export -- --from YYYY-MM-DD --to YYYY-MM-DD [--out FILE]`: writes a CSV of every paid
 * order line and every refund (days inclusive, UTC) computed from the event log alone: the OrderPaid and
 * OrderRefunded events read through the event store, with the event id, time and gateway reference per line. Amounts in dollars with two decimals. Without
 * --out the file is finance-{from}-{to}.csv in the current folder. Stop the shop first in embedded mode.
 */
import { writeFile } from 'node:fs/promises';
import { withCliDatabase } from '#libs/database/cli-database.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { dayRange, financeCsv, paidLinesFromLog } from './finance-csv.js';
import { operatorConfig } from '../infrastructure/secrets.js';

const USAGE = 'Usage: npm run finance:export -- --from YYYY-MM-DD --to YYYY-MM-DD [--out FILE]\n';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const from = option('from');
const to = option('to');
if (!from || !to) {
  process.stderr.write(USAGE);
  process.exit(1);
}
let range: { start: string; end: string };
try {
  range = dayRange(from, to);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(1);
}
const out = option('out') ?? `finance-${from}-${to}.csv`;

const config = await operatorConfig();
let failed = false;
await withCliDatabase(config, async (pool) => {
  try {
    const store = await createEventStore(config, pool);
    const rows = await paidLinesFromLog(store, range.start, range.end);
    await writeFile(out, financeCsv(rows));
    process.stdout.write(`wrote ${rows.length} line(s) (paid order lines and refunds) to ${out}\n`);
    await store.close();
  } catch (error) {
    process.stderr.write(`Finance export failed: ${error instanceof Error ? error.message : String(error)}\n`);
    failed = true;
  }
});
process.exit(failed ? 1 : 0);
