import type pg from 'pg';
import type { Config } from '#libs/config/config.js';
import { createPool } from '#libs/database/pools.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { allReadModels } from '#libs/read-models/index.js';
import { rebuildReadModels } from '#libs/read-models/projector.js';
import { decryptPrivateKey, signingKeyEncryptionKey } from '#libs/signing/key-encryption.js';
import type { BackupHeader } from './backup-format.js';
import { fileMacKey } from './backup-mac.js';
import { BackupRefused, readBackupHeader, verifyBackup } from './read-backup.js';
import { assertEmptyDatabase, type LoadResult, loadBackup } from './restore-load.js';
import type { ShopSchema } from './schema-catalog.js';
import { openSecrets, type ShopSecrets } from './secrets-box.js';
import { databaseToRestoreInto } from './shop-database.js';
import { keepRestoredSecrets, secretsConflict } from './shop-secrets.js';

/** One check run on the restored shop: what, whether it passed, and its one-line result. */
export interface RestoreCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** What the caller checks on the restored database once the read models are rebuilt (the CME audit). */
export type RestoreVerifier = (pool: pg.Pool, store: EventStore) => Promise<RestoreCheck[]>;

export interface RestoreResult {
  header: BackupHeader;
  /** The target, in words. */
  where: string;
  /** Where the restored shop finds its secrets. */
  secretsKept: string;
  load: LoadResult;
  rebuilt: { models: number; events: number };
  checks: RestoreCheck[];
}

type RestoreConfig = Pick<
  Config,
  'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT' | 'EVENTSTORE_URL' | 'JWT_SECRET' | 'DOB_ENCRYPTION_KEY'
>;

/**
 * `npm run restore` (docs/operations.md, Backups and restore): opens the backup's secrets with the
 * passphrase and reads the whole file once to check its code (verifyBackup), before anything is
 * written anywhere; refuses a target that is not empty or keeps other secrets (BackupRefused, nothing
 * changed), keeps the secrets where the shop finds them, loads the backup in one transaction into the
 * schema the shop's code creates (restore-load.ts), rebuilds every read model from the restored log,
 * then checks it: the signing keys decrypt with the restored key, and the caller's checks (the CME
 * audit's --verify).
 */
export async function restoreBackup(
  config: RestoreConfig,
  file: string,
  passphrase: string,
  schema: ShopSchema,
  verify: RestoreVerifier,
): Promise<RestoreResult> {
  if (config.EVENTSTORE_URL) {
    throw new BackupRefused('EVENTSTORE_URL is set: these backups restore the PostgreSQL event store; unset it');
  }
  const header = await readBackupHeader(file);
  const secrets = await openSecrets(header.secrets, passphrase);
  if (!secrets) throw new BackupRefused(`BACKUP_PASSPHRASE does not open the secrets of ${file}`);
  const key = await fileMacKey(passphrase, header.authentication);
  await verifyBackup(file, key);
  const conflict = await secretsConflict(config, secrets);
  if (conflict) throw new BackupRefused(conflict);
  const database = await databaseToRestoreInto(config);
  // The embedded server stops right after the pool ends: the pool's listener takes a connection still closing.
  const pool = createPool({ connectionString: database.url, max: 4 });
  try {
    await assertEmptyDatabase(pool, database.where);
    const secretsKept = await keepRestoredSecrets(config, secrets);
    const load = await loadBackup(pool, { file, key }, schema, database.where);
    const store = await PostgresEventStore.create(pool);
    try {
      const rebuilt = await rebuildReadModels(pool, store, allReadModels);
      const checks = [await signingKeysCheck(pool, secrets), ...(await verify(pool, store))];
      return {
        header,
        where: database.where,
        secretsKept,
        load,
        rebuilt: { models: allReadModels.length, events: rebuilt.events },
        checks,
      };
    } finally {
      await store.close();
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}

/** Every signing key decrypts with the restored DOB_ENCRYPTION_KEY: the shop can sign again at once. */
async function signingKeysCheck(pool: pg.Pool, secrets: ShopSecrets): Promise<RestoreCheck> {
  const exists = await pool.query<{ found: boolean }>(`SELECT to_regclass('signing_keys') IS NOT NULL AS found`);
  if (!exists.rows[0]?.found) return { name: 'signing keys', ok: true, detail: 'none yet' };
  const { rows } = await pool.query<{ kid: string; private_jwk_encrypted: string }>(
    'SELECT kid, private_jwk_encrypted FROM signing_keys ORDER BY created_at',
  );
  const key = signingKeyEncryptionKey(secrets.DOB_ENCRYPTION_KEY);
  const unreadable = rows.filter((row) => {
    try {
      decryptPrivateKey(row.private_jwk_encrypted, key, row.kid);
      return false;
    } catch {
      return true;
    }
  });
  return unreadable.length === 0
    ? { name: 'signing keys', ok: true, detail: `${rows.length} key(s) decrypt with the restored key` }
    : { name: 'signing keys', ok: false, detail: `${unreadable.length} of ${rows.length} key(s) do not decrypt` };
}
