import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RunningPostgres } from '../../libs/database/embedded-postgres';
import { freePort } from './free-port';

declare global {
  var __TEST_POSTGRES__: { server: RunningPostgres; dataDir: string }[] | undefined;
}

type Resolve = (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) => string;
// `_resolveFilename` is Node's (undocumented but stable) resolver hook; typed here because @types/node omits it.
const loader = Module as unknown as { _resolveFilename: Resolve };

/**
 * Jest runs this file without its moduleNameMapper, so the sources' ESM-style relative imports
 * (`./orphan-postgres.js`) would not resolve to their `.ts` files. While the embedded-postgres module
 * loads, such a request from a `.ts` file is answered with the `.ts` sibling.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('../../libs/database/embedded-postgres')> {
  const original = loader._resolveFilename;
  loader._resolveFilename = (request, parent, ...rest) => {
    if (request.startsWith('.') && request.endsWith('.js') && parent?.filename?.endsWith('.ts')) {
      const source = join(dirname(parent.filename), request.replace(/\.js$/, '.ts'));
      if (existsSync(source)) return source;
    }
    return original(request, parent, ...rest);
  };
  try {
    return await import('../../libs/database/embedded-postgres');
  } finally {
    loader._resolveFilename = original;
  }
}

/**
 * Real PostgreSQL for the Jest run: DATABASE_URL when set (then Jest runs one file at a time,
 * jest.config.cjs), else one embedded server per Jest worker, each in a temporary folder. Each test
 * file makes its own database on its worker's server (test/support/database.ts). A server of its own per
 * worker because the event log is read only up to the transactions no longer in flight anywhere on the
 * server (the event store's `readAll`, the projector, the relay, the seals): a file running beside
 * another on one server could find an event it just appended hidden for a moment by the other's
 * transaction. Only these throw-away clusters run without fsync (`unsafeNonDurableForTests`): the shop
 * keeps PostgreSQL's durable defaults. The teardown stops them and removes their folders. The servers' URLs, space-separated, are TEST_ADMIN_DATABASE_URL.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  // Names this run's template databases (test/support/database.ts, templateDatabase).
  process.env.TEST_RUN_ID = randomBytes(4).toString('hex');
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const { startEmbeddedPostgres } = await loadEmbeddedPostgres();
  const servers = await Promise.all(
    Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'shop-test-pg-'));
      const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), unsafeNonDurableForTests: true });
      return { server, dataDir };
    }),
  );
  globalThis.__TEST_POSTGRES__ = servers;
  process.env.TEST_ADMIN_DATABASE_URL = servers.map(({ server }) => server.url).join(' ');
}
