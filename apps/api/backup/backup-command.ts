import { resolve } from 'node:path';
import { backupShop } from '#libs/backup/backup-shop.js';
import { parseConfig } from '#libs/config/config.js';
import { type CommandIo, EXIT, fileArgument, megabytes, passphraseOf, reportFailure } from './command-io.js';
import { shopSchema } from './shop-schema.js';

export const BACKUP_USAGE = 'Usage: npm run backup -- FILE   (with BACKUP_PASSPHRASE set; FILE must not exist)';

/**
 * `npm run backup -- FILE`: a consistent, compressed backup of the shop's database and its sealed
 * secrets, taken while the shop serves (libs/backup). Answers the exit code (command-io.ts EXIT).
 */
export async function backupCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const argument = fileArgument(argv, BACKUP_USAGE);
  if ('error' in argument) {
    io.err(argument.error);
    return EXIT.failed;
  }
  const secret = passphraseOf(io.env);
  if ('error' in secret) {
    io.err(`Backup refused: ${secret.error}`);
    return EXIT.refused;
  }
  const started = io.clock.now();
  try {
    const config = parseConfig(io.env);
    // Imported video (HLS_DIR, default DATA_DIR/hls) and paid media are files: named, not packed.
    const media = [
      { setting: 'MEDIA_DIR', folder: resolve(config.MEDIA_DIR) },
      { setting: 'HLS_DIR', folder: resolve(config.HLS_DIR) },
    ];
    const result = await backupShop(config, {
      file: argument.file,
      passphrase: secret.passphrase,
      createdAt: started,
      shopVersion: io.env.npm_package_version ?? 'unknown',
      media,
      schema: shopSchema,
    });
    const { header } = result;
    const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
    const seconds = ((io.clock.now().getTime() - started.getTime()) / 1000).toFixed(1);
    io.out(
      `Backup written to ${argument.file} (${megabytes(result.bytes)}) from ${result.where} in ${seconds} s: ` +
        `${header.tables.length} tables, ${rows} rows, ${header.eventLog.events} events; the file authenticated and the secrets sealed with BACKUP_PASSPHRASE.`,
    );
    io.out(`Files are not in it: copy ${media.map((m) => `${m.setting} (${m.folder})`).join(' and ')} with it.`);
    return EXIT.done;
  } catch (error) {
    return reportFailure(io, 'Backup', error);
  }
}
