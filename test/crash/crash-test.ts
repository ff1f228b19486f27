import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/free-port.js';
import { killGroup, MAIN, type ShopProcess, type ShopSettings, startShopProcess } from './shop-process.js';

/** A start of the built shop: the process, and the base URL it answers on. */
export interface StartedShop {
  shop: ShopProcess;
  base: string;
}

/**
 * The harness of a crash test file: a fresh database and data folder (in `beforeAll`), the built shop
 * with the demo data started on them as often as the test needs (each time on fresh ports; a fault
 * point in `env` makes it kill itself), and in `afterAll` every shop killed, the database dropped and
 * the folder removed.
 */
export function useCrashTest(name: string) {
  let db: TestDatabase | undefined;
  let dataDir = '';
  const shops: ShopProcess[] = [];
  const database = (): TestDatabase => {
    if (!db) throw new Error('the crash test database is created in beforeAll');
    return db;
  };

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error('the crash tests run the built shop: `npm run build:server` first');
    db = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), `shop-${name}-`));
  });
  afterAll(async () => {
    for (const shop of shops) killGroup(shop);
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const settings = async (env: NodeJS.ProcessEnv): Promise<ShopSettings> => ({
    dataDir,
    port: await freePort(),
    pgPort: await freePort(),
    env: {
      DATABASE_URL: database().url,
      JWT_SECRET: 'crash-test-jwt-secret-that-is-long-enough-0123',
      DOB_ENCRYPTION_KEY: '1'.repeat(64),
      SEED_DEMO: 'true',
      // The demo videos' background import would load the machine under test.
      DEMO_VIDEOS: 'false',
      ...env,
    },
  });

  return {
    get db(): TestDatabase {
      return database();
    },
    get dataDir(): string {
      return dataDir;
    },
    /** Starts the built shop (e.g. `{ SHOP_FAULT_POINT: 'pay:after-charge' }`) and waits until it is open. */
    async start(env: NodeJS.ProcessEnv = {}): Promise<StartedShop> {
      const started = await settings(env);
      const shop = startShopProcess(started);
      shops.push(shop);
      await shop.opened(120_000);
      return { shop, base: `http://127.0.0.1:${started.port}` };
    },
    /** Starts the built shop without waiting for it to open (a fault point may kill it while it starts). */
    async launch(env: NodeJS.ProcessEnv = {}): Promise<ShopProcess> {
      const shop = startShopProcess(await settings(env));
      shops.push(shop);
      return shop;
    },
    /** The request the fault point kills the shop in gets no answer; then the shop and its database are gone. */
    async killedDuring(shop: ShopProcess, request: Promise<unknown>): Promise<void> {
      await expect(request).rejects.toThrow();
      await shop.exited();
      killGroup(shop);
    },
    /** The `n` of a `SELECT count(*) AS n ...` on the test's database. */
    async count(sql: string, params: unknown[] = []): Promise<number> {
      return Number((await database().pool.query<{ n: string }>(sql, params)).rows[0]?.n);
    },
  };
}
