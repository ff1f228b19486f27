import type pg from 'pg';
import type { RestoreCheck } from '#libs/backup/restore-backup.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { publishedJwks } from '#libs/signing/pg-signer.js';
import { catalogActivityFacts, cmeAudit } from '../cme/index.js';

/** A CME stream is `cme-{customerId}-{year}` (docs/conventions.md, streams); the seals' stream is not one. */
const CME_YEAR = /^cme-.+-(\d{4})$/;

/**
 * `npm run cme:audit -- --year Y --verify` for every year the restored log holds CME records of: the
 * hash chains, every credit scored again, the seals and their signatures with the restored public keys.
 */
export async function cmeChainsCheck(pool: pg.Pool, store: EventStore): Promise<RestoreCheck> {
  const { rows } = await pool.query<{ stream: string }>(
    `SELECT DISTINCT stream_id AS stream FROM es_events WHERE stream_id LIKE 'cme-%'`,
  );
  const years = [...new Set(rows.map((r) => CME_YEAR.exec(r.stream)?.[1]).filter((y) => y !== undefined))]
    .map(Number)
    .sort();
  if (years.length === 0) return { name: 'CME audit --verify', ok: true, detail: 'no CME records in the log' };
  const activities = catalogActivityFacts(pool);
  const jwks = await publishedJwks(pool);
  let streams = 0;
  const findings: string[] = [];
  for (const year of years) {
    const report = await cmeAudit(store, { year, verify: true, activities, jwks });
    streams += report.heads.length;
    findings.push(...report.findings.map((f) => `${f.stream} revision ${f.revision}: ${f.problem}`));
  }
  const checked = `${streams} CME stream(s) of ${years.join(', ')}`;
  return findings.length === 0
    ? { name: 'CME audit --verify', ok: true, detail: `${checked}: every chain, credit and seal verifies` }
    : {
        name: 'CME audit --verify',
        ok: false,
        detail: `${checked}: ${findings.length} finding(s), the first: ${findings[0]} (npm run cme:audit -- --year Y --verify lists them)`,
      };
}
