import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningShop, startShop } from '#apps/api/bootstrap.js';
import { parseConfig } from '#libs/config/config.js';
import { freePort } from './postgres.js';

/** Where a bench shop's log lines go: `shop.log` in its data folder. */
export function benchLogFile(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  return join(dataDir, 'shop.log');
}

/**
 * The whole shop on a bench database and a free port, without demo accounts unless `seedDemo` (more
 * settings in `settings`), logging as deployed: the default level (info, a line per API request) to a
 * file (`benchLogFile`), as a shop whose stdout goes to a file or a log collector does, never to a pipe
 * the bench reads.
 */
export async function startBenchShop(
  databaseUrl: string,
  dataDir: string,
  serveWeb: boolean,
  seedDemo = false,
  settings: Record<string, string> = {},
): Promise<RunningShop> {
  return startShop(
    parseConfig({
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789',
      DOB_ENCRYPTION_KEY: 'ab'.repeat(32),
      SERVE_WEB: String(serveWeb),
      SEED_DEMO: String(seedDemo),
      // The demo videos' background import would load the machine under test.
      DEMO_VIDEOS: 'false',
      ...settings,
    }),
    { logFile: benchLogFile(dataDir) },
  );
}
