import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import type { Config } from '#libs/config/config.js';
import { createPool } from './pools.js';

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
  const running = !config.DATABASE_URL && besideRunningShop ? await runningEmbeddedUrl(config.DATA_DIR) : null;
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

/**
 * The connection string of the embedded server a running shop started on `dataDir`, or null when none
 * runs: its `postmaster.pid` names a live process and the port (PostgreSQL's own file: pid on the
 * first line, port on the fourth), `secrets.json` the password.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  const folder = resolve(dataDir);
  try {
    const lines = (await readFile(join(folder, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
    try {
      process.kill(pid, 0); // throws when no such process runs
    } catch (error) {
      // EPERM: it runs, as another user (the server runs as `postgres` under root).
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
    }
    const secrets = JSON.parse(await readFile(join(folder, 'secrets.json'), 'utf8')) as Record<string, unknown>;
    const password = secrets.EMBEDDED_PG_PASSWORD;
    if (typeof password !== 'string') return null;
    return `postgres://shop:${encodeURIComponent(password)}@127.0.0.1:${port}/shop`;
  } catch {
    return null;
  }
}
