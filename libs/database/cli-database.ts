import type pg from 'pg';
import type { Config } from '#libs/config/config.js';
import { createPool } from './pools.js';
import { runningShopDatabaseUrl } from './running-shop.js';

/**
 * For the command-line tools (catalog import, finance export, projections rebuild): runs `work` with a
 * pool on DATABASE_URL, or on the embedded PostgreSQL of DATA_DIR, started for the command and stopped
 * after it (stop the shop first in embedded mode: one server per data folder).
 */
export async function withCliDatabase<T>(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
  work: (pool: pg.Pool) => Promise<T>,
  { besideRunningShop = false }: { besideRunningShop?: boolean } = {},
): Promise<T> {
  // A command safe beside the shop (a rebuild in the shadow) uses the server of a shop running on DATA_DIR.
  const running = !config.DATABASE_URL && besideRunningShop ? await runningShopDatabaseUrl(config.DATA_DIR) : null;
  const embedded = config.DATABASE_URL || running ? null : await startForCommand(config);
  // The embedded server stops right after the pool ends: the pool's listener takes a connection still closing.
  const pool = createPool({ connectionString: config.DATABASE_URL ?? running ?? embedded?.url });
  try {
    return await work(pool);
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

async function startForCommand(config: Pick<Config, 'DATA_DIR' | 'EMBEDDED_PG_PORT'>) {
  const { startEmbeddedPostgres } = await import('./embedded-postgres.js');
  try {
    return await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
  } catch (error) {
    // One line naming the cause and the fix (a running shop on this DATA_DIR, a taken port, ...).
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`The embedded database in ${config.DATA_DIR} could not be started: ${reason}\n`);
    process.exit(1);
  }
}
