import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '#libs/config/config.js';

/** Secrets every process needs; filled from configuration, or generated once and kept in DATA_DIR. */
export interface Secrets {
  jwtSecret: string;
  dobEncryptionKey: string;
}

interface StoredSecrets {
  JWT_SECRET?: string;
  DOB_ENCRYPTION_KEY?: string;
}

/**
 * In embedded mode nobody sets secrets by hand, yet sessions and encrypted dates of birth must survive
 * a restart: so a missing secret is generated on first start and kept in DATA_DIR/secrets.json (mode 600).
 */
export async function resolveSecrets(
  config: Config,
): Promise<Config & { JWT_SECRET: string; DOB_ENCRYPTION_KEY: string }> {
  if (config.JWT_SECRET && config.DOB_ENCRYPTION_KEY) {
    return { ...config, JWT_SECRET: config.JWT_SECRET, DOB_ENCRYPTION_KEY: config.DOB_ENCRYPTION_KEY };
  }
  const dir = resolve(config.DATA_DIR);
  const file = join(dir, 'secrets.json');
  let stored: StoredSecrets;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
  } catch {
    stored = {};
  }
  const next: Required<StoredSecrets> = {
    JWT_SECRET: stored.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    DOB_ENCRYPTION_KEY: stored.DOB_ENCRYPTION_KEY ?? randomBytes(32).toString('hex'),
  };
  if (next.JWT_SECRET !== stored.JWT_SECRET || next.DOB_ENCRYPTION_KEY !== stored.DOB_ENCRYPTION_KEY) {
    await mkdir(dir, { recursive: true });
    await writeFile(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  }
  return {
    ...config,
    JWT_SECRET: config.JWT_SECRET ?? next.JWT_SECRET,
    DOB_ENCRYPTION_KEY: config.DOB_ENCRYPTION_KEY ?? next.DOB_ENCRYPTION_KEY,
  };
}
