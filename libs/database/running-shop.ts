import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { clusterOwner } from './orphan-postgres.js';
import { secretsFileOf } from './secrets-file.js';

/**
 * The connection string of the embedded PostgreSQL a running shop started on `dataDir`, or null when
 * none runs there. For the commands that run beside the shop (a backup, a rebuild of the read models):
 * the server's port from its `postmaster.pid` (PostgreSQL's own file: the port on its fourth line), the
 * password from the folder's `secrets.json`.
 */
export async function runningShopDatabaseUrl(dataDir: string): Promise<string | null> {
  const clusterDir = join(resolve(dataDir), 'pg');
  if ((await clusterOwner(clusterDir)).kind !== 'running') return null;
  const pidFile = await readFile(join(clusterDir, 'postmaster.pid'), 'utf8');
  const port = Number(pidFile.split('\n')[3]);
  const secrets = JSON.parse(await readFile(secretsFileOf(dataDir), 'utf8')) as { EMBEDDED_PG_PASSWORD?: string };
  if (!Number.isInteger(port) || !secrets.EMBEDDED_PG_PASSWORD) {
    throw new Error(`the running shop's database in ${clusterDir} cannot be reached (no port or password)`);
  }
  return `postgres://shop:${encodeURIComponent(secrets.EMBEDDED_PG_PASSWORD)}@127.0.0.1:${port}/shop`;
}
