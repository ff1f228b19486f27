/**
 * `npm run restore -- FILE` (docs/operations.md, Backups and restore): see restore-command.ts.
 * Into an empty DATA_DIR (no shop running on it) or an empty DATABASE_URL database.
 */
import { SystemClock } from '#libs/application/clock.js';
import { keepHeapNearLive } from '#libs/application/flat-heap.js';
import { restoreCommand } from './restore-command.js';

// A restore streams the whole log several times (its code, the load, the rebuild, the CME audit).
keepHeapNearLive();

process.exit(
  await restoreCommand(process.argv.slice(2), {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    clock: new SystemClock(),
  }),
);
