import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type RunningPostgres } from '../../libs/database/embedded-postgres'; // Jest loads this file without its module mapper: no .js here

declare global {
  var __TEST_POSTGRES__: RunningPostgres | undefined;
}

/**
 * One real PostgreSQL for the whole Jest run: DATABASE_URL when set, else an embedded server in a
 * temporary folder. Each test file makes its own database in it (test/support/database.ts).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-test-pg-'));
  const port = 55000 + Math.floor(Math.random() * 5000);
  const pg = await startEmbeddedPostgres({ dataDir, port });
  globalThis.__TEST_POSTGRES__ = pg;
  process.env.TEST_ADMIN_DATABASE_URL = pg.url;
}
