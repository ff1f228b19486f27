import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DATABASE_DISK_FULL, DATABASE_READ_ONLY, DATABASE_UNREACHABLE } from '../../libs/contracts/errors.js';
import { freePort } from '../support/free-port.js';
import { type ChildServer, startInChild } from './embedded-child.js';
import {
  expectStillServing,
  lostPayments,
  outageLoad,
  unsettledPayments,
  waitFor,
  watchReadiness,
} from './outage-load.js';
import { killClusterServer, killGroup, MAIN, type ShopProcess, startShopProcess } from './shop-process.js';

jest.setTimeout(240_000);

/** How long the database stays away. */
const OUTAGE_MS = 20_000;
/** The checkout load: buyers at once. */
const CARTS = 10;
const DATABASE_ANSWERS = [DATABASE_UNREACHABLE, DATABASE_DISK_FULL, DATABASE_READ_ONLY];

/** A live process (not a zombie waiting for its parent). */
function alive(pid: number): boolean {
  try {
    return !/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const postmasterOf = (clusterDir: string): number =>
  Number.parseInt(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);

/** A pool of the test's own on the shop's database, for what the log and the gateway hold. */
function checkPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * The built shop under a checkout load of 10 carts (the sandbox gateway) while its PostgreSQL goes away
 * for 20 s and comes back (docs/operations.md, Database outages): the process never exits, requests
 * answer 503 with the database's message (never 500), /api/ready answers 503 with the reason, and once
 * the database is back the shop is ready again by itself, takes orders, loses no acknowledged order,
 * and every charge of the gateway ends as a paid order once the interrupted payments are settled.
 */
describe('a shop that outlives its database', () => {
  const shops: ShopProcess[] = [];
  const children: ChildProcess[] = [];
  const folders: string[] = [];
  const pools: pg.Pool[] = [];
  const folder = async (name: string): Promise<string> => {
    const dir = await mkdtemp(join(tmpdir(), `shop-${name}-`));
    folders.push(dir);
    return dir;
  };

  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error('the outage tests run the built shop: `npm run build:server` first');
  });

  afterAll(async () => {
    for (const shop of shops) killGroup(shop);
    for (const child of children) child.kill('SIGINT');
    await sleep(500);
    for (const pool of pools) await pool.end().catch(() => undefined);
    for (const dir of folders) {
      await killClusterServer(dir);
      await rm(dir, { recursive: true, force: true });
    }
  });

  /**
   * Runs the load on the shop at `base`, takes the database away with `away` for 20 s and brings it
   * back with `back`, then checks everything the outage must leave as it was; answers the time from
   * the database's return to the first ready answer.
   */
  async function outage(
    shop: ShopProcess,
    base: string,
    steps: { away(): Promise<void>; back(): Promise<void>; database(): string },
  ): Promise<{ reasons: string[]; recoveredInMs: number }> {
    const load = outageLoad(base, CARTS);
    const ready = watchReadiness(base);
    try {
      await waitFor('20 orders before the outage', () => load.acknowledged.length >= 20, 60_000);
      await steps.away();
      const from = Date.now();
      await sleep(OUTAGE_MS);
      // The time to ready counts from the start of `back`: the server's own start is in it.
      const backing = Date.now();
      await steps.back();
      const readyAgain = (): number | undefined => ready.samples.find((s) => s.at > backing && s.status === 200)?.at;
      await waitFor('/api/ready to answer 200', () => readyAgain() !== undefined, 30_000);
      const recoveredInMs = readyAgain()! - backing;
      const before = load.acknowledged.length;
      await waitFor('10 orders after the outage', () => load.acknowledged.length >= before + 10, 60_000);
      await load.stop();
      await ready.stop();

      expectStillServing(shop, load.answers);
      const during = load.answers.filter((a) => a.at >= from && a.at <= backing);
      expect(during.filter((a) => a.status === 503).length).toBeGreaterThan(0);
      expect(during.filter((a) => a.status === 503 && !DATABASE_ANSWERS.includes(a.error ?? ''))).toEqual([]);
      // Not ready, with the reason, the whole time the database was away (a second to notice it).
      const notReady = ready.samples.filter((s) => s.at >= from + 1000 && s.at <= backing);
      expect(notReady.length).toBeGreaterThan(0);
      expect(notReady.filter((s) => s.status !== 503)).toEqual([]);
      expect(notReady.every((s) => s.reasons.includes('The database cannot be reached.'))).toBe(true);

      const db = checkPool(steps.database());
      pools.push(db);
      // The payments the outage interrupted are settled by the sweep that runs after it.
      await waitFor('every payment to be settled', async () => (await unsettledPayments(db)) === 0, 60_000);
      expect(await lostPayments(db, load.acknowledged)).toEqual({ acknowledgedUnpaid: [], chargedWithoutOrder: [] });
      process.stdout.write(`database outage: ready again ${recoveredInMs} ms after the database was brought back\n`);
      return { reasons: [...new Set(notReady.flatMap((s) => s.reasons))], recoveredInMs };
    } finally {
      await load.stop();
      await ready.stop();
    }
  }

  it('embedded: its PostgreSQL stopped (fast shutdown, as pg_ctl stop -m fast) and kept from starting for 20 s under checkout load; the shop starts it again itself', async () => {
    const dataDir = await folder('outage-embedded');
    const pgPort = await freePort();
    const settings = { dataDir, port: await freePort(), pgPort, env: { DEMO_VIDEOS: 'false' } };
    const shop = startShopProcess(settings);
    shops.push(shop);
    await shop.opened(120_000);
    const clusterDir = join(dataDir, 'pg');
    const away = join(dataDir, 'pg.away');
    const first = postmasterOf(clusterDir);
    const password = (JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>)
      .EMBEDDED_PG_PASSWORD!;

    const { reasons } = await outage(shop, `http://127.0.0.1:${settings.port}`, {
      // The folder moved aside first (the running server keeps working in it), so the shop's starts
      // fail until it is back: the database is away for the whole 20 s, not only until the first restart.
      away: async () => {
        renameSync(clusterDir, away);
        process.kill(first, 'SIGINT');
        await waitFor('the server to stop', () => !alive(first), 30_000);
      },
      back: async () => renameSync(away, clusterDir),
      database: () => `postgres://shop:${password}@127.0.0.1:${pgPort}/shop`,
    });
    expect(reasons).toEqual(
      expect.arrayContaining([expect.stringMatching(/^The embedded PostgreSQL in .+ stopped .*/)]),
    );
    // Started again by the shop: another server process on the same folder.
    const again = postmasterOf(clusterDir);
    expect(again).not.toBe(first);
    expect(alive(again)).toBe(true);
  });

  it('DATABASE_URL: its PostgreSQL stopped for 20 s under checkout load and started again; the shop waits for it', async () => {
    const serverDir = await folder('outage-server');
    const pgPort = await freePort();
    const start = async (): Promise<ChildServer & { url: string }> => {
      const server = await startInChild('durable', serverDir, pgPort, children);
      if (!server.url) throw new Error(`the database did not start: ${server.error}`);
      return server as ChildServer & { url: string };
    };
    const server = await start();
    const port = await freePort();
    const shop = startShopProcess({
      dataDir: await folder('outage-shop'),
      port,
      pgPort: await freePort(),
      env: {
        DATABASE_URL: server.url,
        JWT_SECRET: 'outage-test-jwt-secret-that-is-long-enough-0123',
        DOB_ENCRYPTION_KEY: '2'.repeat(64),
        DEMO_VIDEOS: 'false',
      },
    });
    shops.push(shop);
    await shop.opened(120_000);

    let url = server.url;
    await outage(shop, `http://127.0.0.1:${port}`, {
      away: () => server.stop(), // the server's fast shutdown, and its process gone
      back: async () => {
        url = (await start()).url;
      },
      database: () => url,
    });
    expect(url).toBe(server.url);
  });
});
