import { access } from 'node:fs/promises';
import type { Config } from '#libs/config/config.js';
import { createPool } from '#libs/database/pools.js';
import { BackupRefused } from './read-backup.js';
import type { ShopSchema } from './schema-catalog.js';
import { databaseToBackUp } from './shop-database.js';
import { secretsToBackUp } from './shop-secrets.js';
import { type BackupResult, takeBackup } from './take-backup.js';

type BackupConfig = Pick<
  Config,
  'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT' | 'EVENTSTORE_URL' | 'JWT_SECRET' | 'DOB_ENCRYPTION_KEY'
>;

export interface ShopBackupOptions {
  file: string;
  passphrase: string;
  createdAt: Date;
  shopVersion: string;
  media: { setting: string; folder: string }[];
  /** The tables the shop's code creates (apps/api/backup/shop-schema.ts). */
  schema: Pick<ShopSchema, 'tables'>;
}

/**
 * `npm run backup` (docs/operations.md, Backups and restore): refuses what it cannot back up (an
 * EventStoreDB log, a FILE that exists, secrets it cannot find), then writes the backup from the
 * shop's database (shop-database.ts: the running embedded shop's server too) while the shop serves.
 */
export async function backupShop(
  config: BackupConfig,
  options: ShopBackupOptions,
): Promise<BackupResult & { where: string }> {
  if (config.EVENTSTORE_URL) {
    throw new BackupRefused(
      'EVENTSTORE_URL is set: the event log is in EventStoreDB; back it up with its own tools (docs/operations.md)',
    );
  }
  if (await exists(options.file)) throw new BackupRefused(`${options.file} exists; a backup never replaces a file`);
  const secrets = await secretsToBackUp(config);
  const database = await databaseToBackUp(config);
  // A connection closing as the command ends is not a failure: the pool's listener takes it.
  const pool = createPool({ connectionString: database.url, max: 1 });
  try {
    return { ...(await takeBackup(pool, { ...options, secrets })), where: database.where };
  } finally {
    await pool.end();
    await database.stop();
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
