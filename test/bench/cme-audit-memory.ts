import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ensureCatalogSchema, importCatalog } from '#libs/catalog/index.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { catalogActivityFacts } from '../../apps/api/cme/cme-audit-credits.js';
import { appendCmeLog, catalogActivities } from './cme-log-size.js';
import { ignoreIdleErrors } from './postgres.js';
import { type BudgetResult, verdict } from './report.js';

/** Peak memory each operator command may reach (docs/performance.md). */
const BUDGET_MB = 300;
const DEMO_CATALOG = 'libs/catalog/data';

interface Measured {
  command: string;
  peakMb: number;
  seconds: number;
}

/** Runs a built command under /usr/bin/time: its peak RSS (the kernel's maxrss) and wall time. */
async function measure(command: string, file: string, args: string[], env: NodeJS.ProcessEnv): Promise<Measured> {
  const run = promisify(execFile);
  const { stderr } = await run('/usr/bin/time', ['-f', 'bench-time %M %e', process.execPath, file, ...args], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string; code?: number }) => {
    // --verify exits 2 with findings: still measured, but a bench log has none.
    throw new Error(`${command} failed (exit ${String(error.code)}): ${String(error.stderr).slice(-500)}`);
  });
  const [, kb, seconds] = /bench-time (\d+) ([\d.]+)/.exec(stderr) ?? [];
  if (!kb) throw new Error(`${command}: no measurement in ${stderr.slice(-300)}`);
  return { command, peakMb: Number(kb) / 1024, seconds: Number(seconds) };
}

/**
 * Budget: `cme:audit` (CSV), `cme:audit --verify`, the PARS export and `cme:seal` each under 300 MB of
 * peak RSS on a log of BENCH_AUDIT_EVENTS events (default 1,000,000: physicians who register, watch
 * two videos with a heartbeat every 30 s and take six tests, cme-log-size.ts), the demo catalog
 * imported. Each command is the built one, run as the operator runs it, in a process of its own under
 * /usr/bin/time. `cme:seal` runs twice: the first reads the whole log into the seals' table, the second
 * only the physicians appended after it (1 % more). Times are printed, not budgeted.
 */
export async function cmeAuditMemory(databaseUrl: string, scratch: string): Promise<BudgetResult> {
  const events = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
  const year = new Date().getUTCFullYear() - 1;
  const dobKey = randomBytes(32).toString('hex');
  const pool = ignoreIdleErrors(new pg.Pool({ connectionString: databaseUrl, max: 10 }));
  const generated = performance.now();
  try {
    await ensureCatalogSchema(pool);
    await importCatalog(pool, DEMO_CATALOG);
    const store = await PostgresEventStore.create(pool);
    try {
      const activities = await catalogActivities(pool, catalogActivityFacts(pool));
      let shown = 0;
      const progress = (n: number) => {
        if (n - shown < 100_000) return;
        shown = n;
        process.stderr.write(`bench: CME log ${n} events\n`);
      };
      const size = await appendCmeLog(store, { events, year, activities, dobKey, progress });
      const env = {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: join(scratch, 'audit-data-unused'),
        JWT_SECRET: randomBytes(32).toString('hex'),
        DOB_ENCRYPTION_KEY: dobKey,
        LOG_LEVEL: 'silent',
      };
      const generatedSeconds = (performance.now() - generated) / 1000;
      const runs: Measured[] = [];
      const audit = 'dist/apps/api/cme/cme-audit.js';
      const seal = 'dist/apps/api/cme-seal/cme-seal.js';
      runs.push(await measure('cme:seal (whole log)', seal, [], env));
      const more = await appendCmeLog(store, {
        events: Math.ceil(events / 100),
        year,
        activities,
        dobKey,
        firstPhysician: size.physicians + 1,
      });
      runs.push(await measure('cme:seal (1 % more)', seal, [], env));
      const csv = join(scratch, 'audit.csv');
      runs.push(await measure('cme:audit', audit, ['--year', String(year), '--out', csv], env));
      runs.push(await measure('cme:audit --verify', audit, ['--year', String(year), '--verify', '--out', csv], env));
      const pars = join(scratch, 'pars.txt');
      runs.push(await measure('PARS', audit, ['--year', String(year), '--format', 'pars', '--out', pars], env));
      const peak = Math.max(...runs.map((r) => r.peakMb));
      const total = size.events + more.events;
      return {
        crashed: false,
        row: {
          budget: `CME audit and seal, peak RSS at ${total.toLocaleString('en-US')} events`,
          measured: `${peak.toFixed(0)} MB (the largest)`,
          baseline: `${BUDGET_MB} MB`,
          ratio: (peak / BUDGET_MB).toFixed(2),
          verdict: verdict(peak < BUDGET_MB),
        },
        notes: [
          `CME log: ${total} events, ${size.physicians + more.physicians} physicians, ` +
            `${size.cmeEvents + more.cmeEvents} CME events, generated in ${generatedSeconds.toFixed(0)} s`,
          ...runs.map((r) => `  ${r.command}: peak RSS ${r.peakMb.toFixed(0)} MB, ${r.seconds.toFixed(1)} s`),
        ],
      };
    } finally {
      await store.close();
    }
  } finally {
    await pool.end();
  }
}
