import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../libs/config/config.js';
import { type RunningShop, startShop } from '../../apps/api/bootstrap.js';
import { createTestDatabase } from './database.js';
import { freePort } from './free-port.js';

export interface TestApp {
  baseUrl: string;
  shop: RunningShop;
  app: RunningShop['app'];
  close(): Promise<void>;
}

export interface TestAppOptions {
  smtpUrl?: string;
  seedDemo?: boolean;
  env?: Record<string, string>;
}

/**
 * The whole API, as `npm start` builds it, on a fresh database of the run's PostgreSQL and a free
 * port: tests talk to it over real HTTP (`fetch(baseUrl + '/api/...')`). Each shop has an HLS_DIR of
 * its own (removed at close) and imports no demo videos unless `env` says DEMO_VIDEOS=true.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const port = await freePort();
  const hlsDir = mkdtempSync(join(tmpdir(), 'shop-test-hls-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    DATA_DIR: '/tmp/shop-test-unused',
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    DOB_ENCRYPTION_KEY: '0'.repeat(64),
    SERVE_WEB: 'false',
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    LOG_LEVEL: 'silent',
    HLS_DIR: hlsDir,
    DEMO_VIDEOS: 'false',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  const shop = await startShop(config);
  return {
    baseUrl: shop.url,
    shop,
    app: shop.app,
    close: async () => {
      await shop.close();
      await db.drop();
      rmSync(hlsDir, { recursive: true, force: true });
    },
  };
}

/**
 * The shop of one test file: started in `beforeAll` (`createTestApp(options)`) and closed in
 * `afterAll`. Its fields read the running shop, so they are used inside hooks and cases; a
 * `beforeAll` registered after this call runs after the start.
 */
export function useTestShop(options: TestAppOptions = {}): TestApp {
  let started: TestApp | undefined;
  const running = (): TestApp => {
    if (!started) throw new Error('the test shop starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await createTestApp(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get baseUrl() {
      return running().baseUrl;
    },
    get shop() {
      return running().shop;
    },
    get app() {
      return running().app;
    },
    close: () => running().close(),
  };
}
