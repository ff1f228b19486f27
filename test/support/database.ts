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

/** A fresh, empty database on this worker's PostgreSQL (see global-setup.ts), for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = workerServerUrl();
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
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
