/**
 * `npm run backup -- FILE` (docs/operations.md, Backups and restore): see backup-command.ts.
 * Runs beside the shop: the embedded shop's own database server, or DATABASE_URL's.
 */
import { SystemClock } from '#libs/application/clock.js';
import { backupCommand } from './backup-command.js';

process.exit(
  await backupCommand(process.argv.slice(2), {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    clock: new SystemClock(),
  }),
);
