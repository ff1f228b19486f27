/**
 * `npm run bench`: the budgets of docs/performance.md, each measured against a baseline in the same run,
 * on the bench's own embedded PostgreSQL in a temporary folder. Prints one table; exits 0 whatever the
 * verdicts (a benchmark is not a test) and 1 only when the bench itself failed.
 * Adding a budget is one function returning a `BudgetResult`, listed in `BUDGETS`.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { appendThroughput } from './append-throughput.js';
import { catalogList } from './catalog-list.js';
import { cmeAuditMemory } from './cme-audit-memory.js';
import { hlsPlaylist, hlsSegments } from './hls-serving.js';
import { homeUsable } from './home-usable.js';
import { initialJavaScript } from './initial-js.js';
import { lighthouseScores } from './lighthouse.js';
import { lighthouseSignedIn } from './lighthouse-signed-in.js';
import { mediaRange } from './media-range.js';
import { projectionLag } from './projection-lag.js';
import { type BenchPostgres, startBenchPostgres } from './postgres.js';
import { type BudgetResult, type BudgetRow, formatTable } from './report.js';
import { scaledCheckout } from './scaled-checkout.js';
import { soak } from './soak.js';
import { yearBench } from './year/year.js';

interface BenchContext {
  /** A new empty database on the bench's PostgreSQL. */
  database(name: string): Promise<string>;
  /** Scratch folder of this run (removed at the end). */
  scratch: string;
}

interface Budget {
  name: string;
  /** Several rows for a budget measuring several things (the year). */
  run(context: BenchContext): Promise<BudgetResult | BudgetResult[]>;
  /** Measured only when named (`npm run bench -- year`): it takes many minutes. */
  onlyWhenNamed?: boolean;
}

const BUDGETS: Budget[] = [
  {
    name: 'catalog list',
    run: async (c) => catalogList(await c.database('bench_catalog'), join(c.scratch, 'catalog-data')),
  },
  { name: 'event append throughput', run: async (c) => appendThroughput(await c.database('bench_append')) },
  { name: 'projection lag', run: async (c) => projectionLag(await c.database('bench_projection')) },
  { name: 'initial JavaScript', run: () => initialJavaScript(resolve('web/dist')) },
  {
    name: 'home page usable',
    run: async (c) => homeUsable(await c.database('bench_shop'), join(c.scratch, 'shop-data')),
  },
  {
    name: 'lighthouse',
    run: async (c) => lighthouseScores(await c.database('bench_lighthouse'), join(c.scratch, 'lighthouse-data')),
  },
  {
    name: 'lighthouse signed-in',
    run: async (c) =>
      lighthouseSignedIn(await c.database('bench_lighthouse_signed_in'), join(c.scratch, 'lighthouse-signed-in-data')),
  },
  {
    name: 'video range readers',
    run: async (c) => mediaRange(await c.database('bench_media'), join(c.scratch, 'media-data')),
  },
  {
    name: 'video segments hls',
    run: async (c) => hlsSegments(await c.database('bench_hls_segments'), join(c.scratch, 'hls-segments-data')),
  },
  {
    name: 'video playlists hls',
    run: async (c) => hlsPlaylist(await c.database('bench_hls_playlists'), join(c.scratch, 'hls-playlists-data')),
  },
  { name: 'scaled out checkout', run: async (c) => scaledCheckout(await c.database('bench_scaled')) },
  { name: 'soak', run: async (c) => soak(await c.database('bench_soak'), join(c.scratch, 'soak-data')) },
  {
    name: 'year',
    onlyWhenNamed: true,
    run: async (c) => yearBench(await c.database('bench_year'), await c.database('bench_year_restored'), c.scratch),
  },
  {
    // A log of a million events by default: run when named (`npm run bench -- audit`), as the year is.
    name: 'CME audit memory',
    onlyWhenNamed: true,
    run: async (c) => cmeAuditMemory(await c.database('bench_cme_audit'), c.scratch),
  },
];

function crashedRow(name: string, error: unknown): BudgetResult {
  const message = error instanceof Error ? error.message : String(error);
  return {
    crashed: true,
    row: { budget: name, measured: `bench error: ${message.split('\n')[0]}`, baseline: '-', ratio: '-', verdict: '-' },
  };
}

async function main(): Promise<number> {
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  const scratch = await mkdtemp(join(tmpdir(), 'medshop-bench-'));
  // The embedded server runs as an unprivileged user when we are root: it must reach its folder.
  await chmod(scratch, 0o755);
  let postgres: BenchPostgres | undefined;
  const cleanUp = async (): Promise<void> => {
    const server = postgres;
    postgres = undefined;
    await server?.stop().catch((error: unknown) => process.stderr.write(`stopping PostgreSQL: ${String(error)}\n`));
    await rm(scratch, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    process.stderr.write(`bench: ${signal}, cleaning up\n`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const results: BudgetResult[] = [];
  try {
    process.stderr.write('bench: starting embedded PostgreSQL\n');
    postgres = await startBenchPostgres(join(scratch, 'pg'));
    const server = postgres;
    const context: BenchContext = { database: (name) => server.createDatabase(name), scratch };
    // `npm run bench -- append lag` measures only the budgets whose names contain one of the words.
    const only = process.argv.slice(2).map((w) => w.toLowerCase());
    const selected = only.length
      ? BUDGETS.filter((b) => only.some((w) => b.name.toLowerCase().includes(w)))
      : BUDGETS.filter((b) => !b.onlyWhenNamed);
    for (const budget of selected) {
      const t0 = performance.now();
      process.stderr.write(`bench: ${budget.name}...\n`);
      try {
        results.push(...[await budget.run(context)].flat());
      } catch (error) {
        process.stderr.write(`bench: ${budget.name} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
        results.push(crashedRow(budget.name, error));
      }
      process.stderr.write(`bench: ${budget.name} took ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    }
  } catch (error) {
    process.stderr.write(`bench: ${error instanceof Error ? error.stack : String(error)}\n`);
    results.push(crashedRow('bench setup', error));
  } finally {
    await cleanUp();
  }

  const rows: BudgetRow[] = results.map((r) => r.row);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  process.stdout.write(
    `\nPerformance budgets (docs/performance.md), ${new Date().toISOString()}, node ${process.version}, ` +
      `${availableParallelism()} CPUs, load average ${loadBefore.toFixed(1)} at start and ` +
      `${loadavg()[0]!.toFixed(1)} at end, ${seconds} s\n\n${formatTable(rows)}\n\n`,
  );
  const notes = results.flatMap((r) => r.notes ?? []);
  if (notes.length > 0) process.stdout.write(`${notes.join('\n')}\n\n`);
  return results.some((r) => r.crashed) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
