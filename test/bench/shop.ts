import { type RunningShop, startShop } from '#apps/api/bootstrap.js';
import { parseConfig } from '#libs/config/config.js';
import { freePort } from './postgres.js';

/** The whole shop on a bench database and a free port, quiet, without demo accounts unless `seedDemo`. */
export async function startBenchShop(
  databaseUrl: string,
  dataDir: string,
  serveWeb: boolean,
  seedDemo = false,
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
      LOG_LEVEL: 'silent',
    }),
  );
}
