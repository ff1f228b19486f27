/**
 * `npm run cme:audit -- --year YYYY [--email E] [--format csv|json|pars] [--verify] [--out FILE]`: the
 * accreditor's CME audit (docs/audit.md), computed from the event log alone. CSV (default) on stdout
 * (or --out) with the totals, attempts, stream heads and findings on stderr; JSON is the whole report.
 * With --verify the hash chains are recomputed and every credit scored again from its answers; any
 * finding makes the exit code 2. `--format pars` writes ACCME PARS's tab-delimited learner file
 * instead; a line missing a required field writes nothing, names the physician and the field on
 * stderr and exits 2. Stop the shop first in embedded mode.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { keepHeapNearLive } from '#libs/application/flat-heap.js';
import { withCliDatabase } from '#libs/database/cli-database.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { publishedJwks } from '#libs/signing/pg-signer.js';
import { catalogActivityFacts } from './cme-audit-credits.js';
import { auditCsvHeader, auditCsvLine, auditSummaryLines } from './cme-audit-format.js';
import { cmeParsExport, parsProblemLines, parsText } from './cme-audit-pars.js';
import { cmeAudit } from './cme-audit-report.js';
import { operatorConfig } from '../infrastructure/secrets.js';

keepHeapNearLive();

const USAGE = 'Usage: npm run cme:audit -- --year YYYY [--email E] [--format csv|json|pars] [--verify] [--out FILE]\n';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const year = Number(option('year'));
const format = option('format') ?? 'csv';
const email = option('email');
const out = option('out');
const verify = process.argv.includes('--verify');
if (!Number.isInteger(year) || year < 2000 || year > 2100 || !['csv', 'json', 'pars'].includes(format)) {
  process.stderr.write(USAGE);
  process.exit(1);
}

const config = await operatorConfig();
let code = 0;
await withCliDatabase(config, async (pool) => {
  try {
    const store = await createEventStore(config, pool);
    try {
      if (format === 'pars') {
        if (!config.DOB_ENCRYPTION_KEY) throw new Error('DOB_ENCRYPTION_KEY is needed to read the dates of birth');
        const pars = await cmeParsExport(store, { year, ...(email ? { email } : {}), key: config.DOB_ENCRYPTION_KEY });
        if (pars.problems.length > 0) {
          process.stderr.write(`${parsProblemLines(pars)}PARS file not written: fill in the fields above first.\n`);
          code = 2;
          return;
        }
        if (out) await writeFile(out, parsText(pars));
        else process.stdout.write(parsText(pars));
        process.stderr.write(`PARS ${year}: ${pars.rows.length} learner line(s)\n`);
        return;
      }
      const activities = catalogActivityFacts(pool);
      const jwks = verify ? { jwks: await publishedJwks(pool) } : {};
      const options = { year, ...(email ? { email } : {}), verify, activities, ...jwks };
      let lines = 0;
      let report;
      if (format === 'json') {
        // The JSON is one document: its lines are kept until it is written (the year's lines, not the log).
        report = await cmeAudit(store, options);
        const text = `${JSON.stringify(report, null, 2)}\n`;
        if (out) await writeFile(out, text);
        else process.stdout.write(text);
        lines = report.lines.length;
      } else {
        // CSV: each line written as the audit makes it, so no line stays in memory.
        const sink = out ? createWriteStream(out) : process.stdout;
        const write = async (text: string) => {
          if (!sink.write(text)) await once(sink, 'drain');
        };
        await write(auditCsvHeader());
        report = await cmeAudit(store, { ...options, onLine: (line) => (lines++, write(auditCsvLine(line))) });
        if (sink !== process.stdout) {
          sink.end();
          await once(sink, 'close');
        }
      }
      if (format === 'csv' || out) {
        for (const line of auditSummaryLines(report, verify, lines)) {
          if (!process.stderr.write(line)) await once(process.stderr, 'drain');
        }
      }
      if (verify && report.findings.length > 0) code = 2;
    } finally {
      await store.close();
    }
  } catch (error) {
    process.stderr.write(`CME audit failed: ${error instanceof Error ? error.message : String(error)}\n`);
    code = 1;
  }
});
// What is still queued for a pipe is written before the exit (a long summary on stderr was cut short).
await Promise.all([process.stdout, process.stderr].map((out) => new Promise((done) => out.write('', done))));
process.exit(code);
