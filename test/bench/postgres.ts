import pg from 'pg';
import { startEmbeddedPostgres } from '#libs/database/embedded-postgres.js';
import { freePort } from '../support/free-port.js';

export { freePort } from '../support/free-port.js';

/**
 * `pool.end()` resolves before the sockets close; when the server stops right after, a closing idle
 * connection reports "terminating connection": the bench's own pools and clients ignore such errors.
 */
export function ignoreIdleErrors<T extends { on(event: 'error', listener: (error: Error) => void): unknown }>(
  target: T,
): T {
  target.on('error', () => undefined);
  return target;
}

export interface BenchPostgres {
  /** A new empty database on the bench's server; returns its connection string. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The bench's own embedded PostgreSQL in `dataDir`, with exactly the shop's settings: durable (fsync and
 * synchronous commit on), so every budget, the append-against-INSERT comparison included, is measured
 * as the shop runs (docs/performance.md). It does not pass `unsafeNonDurableForTests`.
 */
export async function startBenchPostgres(dataDir: string): Promise<BenchPostgres> {
  const port = await freePort();
  const server = await startEmbeddedPostgres({ dataDir, port, database: 'bench' });
  return {
    createDatabase: async (name) => {
      const admin = ignoreIdleErrors(new pg.Client({ connectionString: server.url }));
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      return url.toString();
    },
    stop: () => server.stop(),
  };
}
