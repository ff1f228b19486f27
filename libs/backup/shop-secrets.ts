import { readFile } from 'node:fs/promises';
import type { Config } from '#libs/config/config.js';
import { loadOrCreateSecrets, secretsFileOf } from '#libs/database/secrets-file.js';
import { BackupRefused } from './read-backup.js';
import type { ShopSecrets } from './secrets-box.js';

type SecretsConfig = Pick<Config, 'JWT_SECRET' | 'DOB_ENCRYPTION_KEY' | 'DATA_DIR'>;
const KEYS = ['JWT_SECRET', 'DOB_ENCRYPTION_KEY'] as const;

/** DATA_DIR/secrets.json as stored, or {} when there is none. */
async function storedSecrets(dataDir: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(secretsFileOf(dataDir), 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`${secretsFileOf(dataDir)} cannot be read (${(error as Error).message})`, { cause: error });
  }
}

/**
 * The secrets the shop reads its data with, found as the shop finds them (apps/api/infrastructure/secrets.ts):
 * configured, else DATA_DIR/secrets.json. Never generated here: a backup of keys nobody used reads nothing.
 */
export async function secretsToBackUp(config: SecretsConfig): Promise<ShopSecrets> {
  const stored = await storedSecrets(config.DATA_DIR);
  const found: Partial<ShopSecrets> = {};
  for (const key of KEYS) {
    const value = config[key] ?? stored[key];
    if (typeof value !== 'string' || value === '') {
      throw new BackupRefused(
        `no ${key}: set it as the shop has it, or set DATA_DIR to the shop's folder (its secrets.json holds it)`,
      );
    }
    found[key] = value;
  }
  return found as ShopSecrets;
}

/**
 * Checked before a restore touches anything: a configured secret, or one in DATA_DIR/secrets.json, that
 * differs from the backup's would leave the restored shop unable to read its dates of birth and signing
 * keys (or its sessions). Answers the problem, or null.
 */
export async function secretsConflict(config: SecretsConfig, secrets: ShopSecrets): Promise<string | null> {
  for (const key of KEYS) {
    if (config[key] !== undefined && config[key] !== secrets[key]) {
      return `${key} is set and is not the backup's: unset it (the restore keeps the backup's in DATA_DIR/secrets.json)`;
    }
  }
  const stored = await storedSecrets(config.DATA_DIR);
  for (const key of KEYS) {
    if (stored[key] !== undefined && stored[key] !== secrets[key]) {
      return `${secretsFileOf(config.DATA_DIR)} holds another ${key} than the backup's: restore into an empty DATA_DIR`;
    }
  }
  return null;
}

/**
 * Keeps the backup's secrets where the restored shop will find them: DATA_DIR/secrets.json (added to
 * what it holds, e.g. the embedded database's password), unless both are configured (and equal, as
 * secretsConflict checked). Answers where they are.
 */
export async function keepRestoredSecrets(config: SecretsConfig, secrets: ShopSecrets): Promise<string> {
  if (config.JWT_SECRET !== undefined && config.DOB_ENCRYPTION_KEY !== undefined) return 'as configured';
  await loadOrCreateSecrets(config.DATA_DIR, {
    JWT_SECRET: () => secrets.JWT_SECRET,
    DOB_ENCRYPTION_KEY: () => secrets.DOB_ENCRYPTION_KEY,
  });
  return `in ${secretsFileOf(config.DATA_DIR)}`;
}
