import { restoreBackup } from '#libs/backup/restore-backup.js';
import { SEQUENCE_GAP } from '#libs/backup/restore-load.js';
import { parseConfig } from '#libs/config/config.js';
import { type CommandIo, EXIT, fileArgument, passphraseOf, reportFailure } from './command-io.js';
import { cmeChainsCheck } from './restore-checks.js';
import { shopSchema } from './shop-schema.js';

export const RESTORE_USAGE =
  'Usage: npm run restore -- FILE   (with BACKUP_PASSPHRASE set; into an empty DATA_DIR, or an empty DATABASE_URL database)';

/**
 * `npm run restore -- FILE`: the backup into an empty DATA_DIR (its embedded server made for it) or an
 * empty DATABASE_URL database; the read models rebuilt from the log; the restored shop checked (its
 * signing keys, `cme:audit --verify` for every year). Answers the exit code (command-io.ts EXIT).
 */
export async function restoreCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const argument = fileArgument(argv, RESTORE_USAGE);
  if ('error' in argument) {
    io.err(argument.error);
    return EXIT.failed;
  }
  const secret = passphraseOf(io.env);
  if ('error' in secret) {
    io.err(`Restore refused: ${secret.error}`);
    return EXIT.refused;
  }
  try {
    const config = parseConfig(io.env);
    const result = await restoreBackup(config, argument.file, secret.passphrase, shopSchema, async (pool, store) => [
      await cmeChainsCheck(pool, store),
    ]);
    const { header, load } = result;
    const rows = load.tables.reduce((sum, t) => sum + t.rows, 0);
    io.out(
      `Restored ${argument.file} (taken ${header.createdAt} by shop ${header.shopVersion}) into ${result.where}: ` +
        `${load.tables.length} tables, ${rows} rows, ${load.events} events (numbered 1 to ${load.events}).`,
    );
    if (load.sequences.length > 0) {
      const next = load.sequences.map((s) => `${s.name} ${s.next}`).join(', ');
      io.out(
        `Sequences skip ${SEQUENCE_GAP} numbers past the backup's, so none taken after it is used again; next: ${next}.`,
      );
    }
    io.out(`Read models rebuilt: ${result.rebuilt.models} models from ${result.rebuilt.events} events.`);
    io.out(`The backup's secrets (JWT_SECRET, DOB_ENCRYPTION_KEY) are kept ${result.secretsKept}.`);
    for (const check of result.checks) io.out(`Check ${check.name}: ${check.ok ? 'ok' : 'FAILED'}: ${check.detail}`);
    io.out(
      `Files are not in the backup: copy back ${header.media.map((m) => `${m.setting} (was ${m.folder})`).join(' and ')}.`,
    );
    return result.checks.every((c) => c.ok) ? EXIT.done : EXIT.checkFailed;
  } catch (error) {
    return reportFailure(io, 'Restore', error);
  }
}
