import { resolve } from 'node:path';
import type { Config } from '#libs/config/config.js';
import { runningShopDatabaseUrl } from '#libs/database/running-shop.js';

export interface ShopDatabase {
  url: string;
  /** Where it is, for the command's lines: `DATABASE_URL`, or the embedded database of DATA_DIR. */
  where: string;
  stop(): Promise<void>;
}

type DatabaseConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>;

/**
 * The shop's database for a backup: DATABASE_URL; else the embedded server of DATA_DIR, the running
 * shop's own when it runs (a backup does not stop the shop: its port from `postmaster.pid`, its password
 * from `secrets.json`), or one started for the command. Start failures are one line (EmbeddedPostgresStartError).
 */
export async function databaseToBackUp(config: DatabaseConfig): Promise<ShopDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, where: 'DATABASE_URL', stop: async () => undefined };
  const running = await runningShopDatabaseUrl(config.DATA_DIR);
  if (running === null) return startEmbedded(config);
  return {
    url: running,
    where: `the running shop's embedded database in ${resolve(config.DATA_DIR)}`,
    stop: async () => undefined,
  };
}

/** The target of a restore: DATABASE_URL, or the embedded server of DATA_DIR started (or made) for it. */
export async function databaseToRestoreInto(config: DatabaseConfig): Promise<ShopDatabase> {
  if (config.DATABASE_URL)
    return { url: config.DATABASE_URL, where: 'the database of DATABASE_URL', stop: async () => undefined };
  return startEmbedded(config);
}

async function startEmbedded(config: DatabaseConfig): Promise<ShopDatabase> {
  // Loaded only when used, as the shop does: with DATABASE_URL the embedded server is never needed.
  const { startEmbeddedPostgres } = await import('#libs/database/embedded-postgres.js');
  const server = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
  return { url: server.url, where: `the embedded database in ${resolve(config.DATA_DIR)}`, stop: () => server.stop() };
}
