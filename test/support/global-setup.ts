import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RunningPostgres } from '../../libs/database/embedded-postgres';
import { freePort } from './free-port';

declare global {
  var __TEST_POSTGRES__: RunningPostgres | undefined;
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
 * One real PostgreSQL for the whole Jest run: DATABASE_URL when set, else an embedded server in a
 * temporary folder. Each test file makes its own database in it (test/support/database.ts). Only this
 * throw-away cluster runs without fsync (`unsafeNonDurableForTests`): the shop keeps PostgreSQL's
 * durable defaults.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const { startEmbeddedPostgres } = await loadEmbeddedPostgres();
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-test-pg-'));
  const port = await freePort();
  const pg = await startEmbeddedPostgres({ dataDir, port, unsafeNonDurableForTests: true });
  globalThis.__TEST_POSTGRES__ = pg;
  process.env.TEST_ADMIN_DATABASE_URL = pg.url;
}
