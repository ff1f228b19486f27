import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, empty database on the run's PostgreSQL (see global-setup.ts), for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ADMIN_DATABASE_URL is not set: run the tests through jest (global-setup.ts)');
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
