import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../libs/config/config.js';
import { type RunningShop, startShop } from '../../apps/api/bootstrap.js';
import { createTestDatabase, templateDatabase, templateName } from './database.js';
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

/** The configuration of a test shop on `databaseUrl` serving on `port`. */
function testConfig(options: TestAppOptions, databaseUrl: string, port: number, hlsDir: string) {
  return parseConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
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
}

/**
 * The demo data of a shop with the default test configuration, seeded once per run and worker into a
 * template database (a shop started on it, then stopped): seeding is most of a seeded file's start
 * (the catalog import, the accounts' password hashes, their orders and CME records), and 30 files
 * start such a shop. Each file gets a copy; its shop seeds again at start, which appends nothing.
 */
async function seededDatabase() {
  const template = await templateDatabase(templateName('demo'), async (url) => {
    const hlsDir = mkdtempSync(join(tmpdir(), 'shop-test-hls-'));
    try {
      // Without the jobs a shop runs at start (a renewal pass, a CME seal): they raced the seed, so the
      // template would hold what they found by chance. Each copy's shop runs them at its own start.
      const env = { RENEWALS_EVERY_MINUTES: '0', SEAL_EVERY_HOURS: '0' };
      const shop = await startShop(testConfig({ seedDemo: true, env }, url, await freePort(), hlsDir));
      await shop.close();
    } finally {
      rmSync(hlsDir, { recursive: true, force: true });
    }
  });
  return createTestDatabase(template);
}

/**
 * The whole API, as `npm start` builds it, on a fresh database of the run's PostgreSQL and a free
 * port: tests talk to it over real HTTP (`fetch(baseUrl + '/api/...')`). Each shop has an HLS_DIR of
 * its own (removed at close) and imports no demo videos unless `env` says DEMO_VIDEOS=true. A shop
 * with the demo data and no `env` of its own starts on a copy of the run's seeded template.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const seededCopy = options.seedDemo === true && Object.keys(options.env ?? {}).length === 0;
  const db = seededCopy ? await seededDatabase() : await createTestDatabase();
  const port = await freePort();
  const hlsDir = mkdtempSync(join(tmpdir(), 'shop-test-hls-'));
  const shop = await startShop(testConfig(options, db.url, port, hlsDir));
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
