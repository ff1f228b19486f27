/**
 * `npm run finance:export -- --from YYYY-MM-DD --to YYYY-MM-DD [--out FILE]`: writes a CSV of every paid
 * order line (days inclusive, UTC) computed from the event log alone: the OrderPaid events read through
 * the event store, with the event id and time per line. Amounts in dollars with two decimals. Without
 * --out the file is finance-{from}-{to}.csv in the current folder. Stop the shop first in embedded mode.
 */
import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { loadConfig } from '#libs/config/config.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { dayRange, financeCsv, paidLinesFromLog } from './finance-csv.js';

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

const config = loadConfig();
const { startEmbeddedPostgres } = config.DATABASE_URL
  ? { startEmbeddedPostgres: null }
  : await import('#libs/database/embedded-postgres.js');
const embedded = startEmbeddedPostgres
  ? await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT })
  : null;
const pool = new pg.Pool({ connectionString: config.DATABASE_URL ?? embedded?.url });
pool.on('error', () => undefined);
let failed = false;
try {
  const store = await createEventStore(config, pool);
  const rows = await paidLinesFromLog(store, range.start, range.end);
  await writeFile(out, financeCsv(rows));
  process.stdout.write(`wrote ${rows.length} paid order line(s) to ${out}\n`);
  await store.close();
} catch (error) {
  process.stderr.write(`Finance export failed: ${error instanceof Error ? error.message : String(error)}\n`);
  failed = true;
} finally {
  await pool.end();
  await embedded?.stop();
}
process.exit(failed ? 1 : 0);
