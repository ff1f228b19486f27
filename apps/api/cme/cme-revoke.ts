/**
 * `npm run cme:revoke -- NUMBER --reason "..." [--by NAME]`: revokes a CME certificate (docs/audit.md,
 * Certificates): records CmeCertificateRevoked in its year stream, so verification answers "Revoked on
 * {date}: {reason}" and the year issues no new certificate. --by names the operator (default: the OS
 * user). Run twice, it records once. Exit code 0: done; 1: bad arguments, an unknown number or a
 * failure. Stop the shop first in embedded mode.
 */
import { userInfo } from 'node:os';
import { SystemClock } from '#libs/application/clock.js';
import { withCliDatabase } from '#libs/database/cli-database.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { parseRevokeArguments, revokeCertificate } from './certificate-revoke.js';
import { operatorConfig } from '../infrastructure/secrets.js';

const USAGE = 'Usage: npm run cme:revoke -- NUMBER --reason "..." [--by NAME]\n';

const operator = (): string => {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'operator';
  }
};

const parsed = parseRevokeArguments(process.argv.slice(2), operator());
if ('error' in parsed) {
  process.stderr.write(`${parsed.error}\n${USAGE}`);
  process.exit(1);
}

const config = await operatorConfig();
let code = 0;
await withCliDatabase(config, async (pool) => {
  const store = await createEventStore(config, pool);
  try {
    const result = await revokeCertificate({ store, pool, clock: new SystemClock() }, parsed);
    const e = result.event;
    const verb = result.outcome === 'revoked' ? 'Revoked' : 'Already revoked (nothing recorded now):';
    process.stdout.write(
      `${verb} certificate ${e.number} on ${e.revokedAt.slice(0, 10)} by ${e.revokedBy}: ${e.reason}\n`,
    );
  } catch (error) {
    process.stderr.write(
      `Revoking ${parsed.number} failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    code = 1;
  } finally {
    await store.close();
  }
});
process.exit(code);
