import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** The PostgreSQL server of this Jest worker (global-setup.ts starts one per worker). */
function workerServerUrl(): string {
  const urls = (process.env.TEST_ADMIN_DATABASE_URL ?? '').split(' ').filter(Boolean);
  if (urls.length === 0) {
    throw new Error('TEST_ADMIN_DATABASE_URL is not set: run the tests through jest (global-setup.ts)');
  }
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  return urls[(Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % urls.length]!;
}

/** The URL of database `name` on the server of `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database on this worker's PostgreSQL (see global-setup.ts), for one test file: empty, or a
 * copy of `template` (a template of this run, `templateDatabase`).
 */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const adminUrl = workerServerUrl();
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl(adminUrl, name));
  const pool = new pg.Pool({ connectionString: url.toString(), max: 30 });
  // DROP ... WITH (FORCE) may end a connection the pool is still closing: that is expected, not a failure.
  let dropping = false;
  pool.on('error', (error) => {
    if (!dropping) throw error;
  });
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      dropping = true;
      await pool.end();
      const c = new pg.Client(adminUrl);
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A template database's name: a word of this run (TEST_RUN_ID, global-setup.ts) and the caller's. */
export function templateName(purpose: string): string {
  const run = process.env.TEST_RUN_ID;
  if (!run) throw new Error('TEST_RUN_ID is not set: run the tests through jest (global-setup.ts)');
  return `template_${run}_${purpose}`;
}

/**
 * The template `name` on this worker's PostgreSQL, built by `build` (given its URL, and closing every
 * connection it opened) the first time a test file of the run asks for it, then kept for the run. Its
 * builder holds an advisory lock, so a file asking meanwhile waits for it; a template is marked
 * `IS_TEMPLATE` once built, so a build that failed half-way is built again, never copied.
 */
export async function templateDatabase(name: string, build: (url: string) => Promise<void>): Promise<string> {
  const adminUrl = workerServerUrl();
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const { rows } = await admin.query<{ datistemplate: boolean }>(
      'SELECT datistemplate FROM pg_database WHERE datname = $1',
      [name],
    );
    if (rows[0]?.datistemplate) return name;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      await build(databaseUrl(adminUrl, name));
      // A backend of the builder's closed connections may still be ending: a copy needs it gone.
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      throw error;
    }
    return name;
  } finally {
    await admin.end(); // ends the session, and its advisory lock with it
  }
}

/** Drops this run's templates on `adminUrl` (a server of the developer's own, DATABASE_URL, outlives the run). */
export async function dropTemplates(adminUrl: string, run: string): Promise<void> {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `template\\_${run}\\_%`,
    ]);
    for (const { datname } of rows) {
      await admin.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
