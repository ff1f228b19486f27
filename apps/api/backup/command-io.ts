import { type Clock } from '#libs/application/clock.js';
import { BackupRefused } from '#libs/backup/read-backup.js';
import { MIN_PASSPHRASE_LENGTH } from '#libs/backup/secrets-box.js';
import { ConfigError } from '#libs/config/config.js';
import { EmbeddedPostgresStartError } from '#libs/database/start-error.js';

/** What `npm run backup` and `npm run restore` read and write: given by their entry files, or a test. */
export interface CommandIo {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
  clock: Clock;
}

/**
 * Exit codes of both commands (docs/operations.md): 0 done; 1 a usage error or a failure (a damaged
 * file, the database); 2 refused, nothing changed (the target is not empty, FILE exists, the passphrase
 * is missing or does not open the backup); 3 restored, but a check of the restored shop failed.
 */
export const EXIT = { done: 0, failed: 1, refused: 2, checkFailed: 3 } as const;

/** The one FILE both commands take; an error line otherwise. */
export function fileArgument(argv: readonly string[], usage: string): { file: string } | { error: string } {
  if (argv.length !== 1 || argv[0]!.startsWith('-') || argv[0]!.trim() === '') return { error: usage };
  return { file: argv[0]! };
}

/** BACKUP_PASSPHRASE, or the line refusing to go on without it. */
export function passphraseOf(env: CommandIo['env']): { passphrase: string } | { error: string } {
  const passphrase = env.BACKUP_PASSPHRASE ?? '';
  if (passphrase === '') {
    return {
      error: "BACKUP_PASSPHRASE is not set: it seals the shop's secrets inside the backup (docs/operations.md)",
    };
  }
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
    return { error: `BACKUP_PASSPHRASE is shorter than ${MIN_PASSPHRASE_LENGTH} characters` };
  }
  return { passphrase };
}

/** The exit code of an error, with its one line written: a refusal is 2, anything else 1. */
export function reportFailure(io: CommandIo, what: string, error: unknown): number {
  const text = error instanceof Error ? error.message : String(error);
  if (error instanceof BackupRefused) {
    io.err(`${what} refused: ${text}`);
    return EXIT.refused;
  }
  // These two already say what to do in one line.
  if (error instanceof ConfigError || error instanceof EmbeddedPostgresStartError) io.err(`${what} failed: ${text}`);
  else io.err(`${what} failed: ${text.split('\n')[0]}`);
  return EXIT.failed;
}

/** Megabytes with one decimal, for the summary lines. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
