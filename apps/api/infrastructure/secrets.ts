import { randomBytes } from 'node:crypto';
import { type Config, loadConfig } from '#libs/config/config.js';
import { loadOrCreateSecrets } from '#libs/database/secrets-file.js';

/** Secrets every process needs; filled from configuration, or generated once and kept in DATA_DIR. */
export interface Secrets {
  jwtSecret: string;
  dobEncryptionKey: string;
}

/**
 * In embedded mode nobody sets secrets by hand, yet sessions and encrypted dates of birth must survive
 * a restart: so a missing secret is generated on first start and kept in DATA_DIR/secrets.json (mode
 * 600, written atomically; the embedded database's password is kept in the same file, see
 * libs/database/embedded-postgres.ts).
 */
export async function resolveSecrets(
  config: Config,
): Promise<Config & { JWT_SECRET: string; DOB_ENCRYPTION_KEY: string }> {
  if (config.JWT_SECRET && config.DOB_ENCRYPTION_KEY) {
    return { ...config, JWT_SECRET: config.JWT_SECRET, DOB_ENCRYPTION_KEY: config.DOB_ENCRYPTION_KEY };
  }
  const stored = await loadOrCreateSecrets(config.DATA_DIR, {
    JWT_SECRET: () => randomBytes(48).toString('base64url'),
    DOB_ENCRYPTION_KEY: () => randomBytes(32).toString('hex'),
  });
  return {
    ...config,
    JWT_SECRET: config.JWT_SECRET ?? stored.JWT_SECRET,
    DOB_ENCRYPTION_KEY: config.DOB_ENCRYPTION_KEY ?? stored.DOB_ENCRYPTION_KEY,
  };
}

/**
 * The configuration of an operator's command (`npm run cme:audit`, `order:refund`, ...): the shop's own,
 * secrets included as the shop reads them (the environment's, else those kept in DATA_DIR), so a
 * command in the embedded mode decrypts and signs with the keys the shop uses.
 */
export const operatorConfig = async (): Promise<Awaited<ReturnType<typeof resolveSecrets>>> =>
  resolveSecrets(loadConfig());
