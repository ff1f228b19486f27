import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DATABASE_DISK_FULL, DATABASE_READ_ONLY, DATABASE_UNREACHABLE } from '../../libs/contracts/errors.js';
import {
  expectStillServing,
  lostPayments,
  outageLoad,
  unsettledPayments,
  waitFor,
  watchReadiness,
  watchSignedIn,
} from './outage-load.js';
import { killClusterServer, killGroup, MAIN, type ShopProcess } from './shop-process.js';

/**
 * How long the database stays away: longer than the loops' first pauses and the readiness window, so
 * the shop has to notice, answer 503 for a while and come back by itself.
 */
export const OUTAGE_MS = 10_000;
/** The checkout load: buyers at once. */
const CARTS = 10;
const DATABASE_ANSWERS = [DATABASE_UNREACHABLE, DATABASE_DISK_FULL, DATABASE_READ_ONLY];

/** A live process (not a zombie waiting for its parent). */
export function alive(pid: number): boolean {
  try {
    return !/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

export const postmasterOf = (clusterDir: string): number =>
  Number.parseInt(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);

export interface OutageSteps {
  /** Takes the database away. */
  away(): Promise<void>;
  /** Brings it back. */
  back(): Promise<void>;
  /** The database's URL now, for what the log and the gateway hold. */
  database(): string;
}

export interface OutageScenario {
  /** A temporary folder, removed (with any server still running in it) after the file. */
  folder(name: string): Promise<string>;
  shops: ShopProcess[];
  children: ChildProcess[];
  /**
   * Runs the load on the shop at `base`, takes the database away with `away` for OUTAGE_MS and brings
   * it back with `back`, then checks everything the outage must leave as it was; answers the readiness
   * reasons met while it was away and the time from the database's return to the first ready answer.
   */
  outage(shop: ShopProcess, base: string, steps: OutageSteps): Promise<{ reasons: string[]; recoveredInMs: number }>;
}

/**
 * The built shop under a checkout load of 10 carts (the sandbox gateway) while its PostgreSQL goes
 * away and comes back (docs/operations.md, Database outages): the process never exits, requests answer
 * 503 with the database's message (never 500), /api/ready answers 503 with the reason, and once the
 * database is back the shop is ready again by itself, takes orders, loses no acknowledged order, and
 * every charge of the gateway ends as a paid order once the interrupted payments are settled. One
 * scenario per file (test/crash/database-outage-*.spec.ts), so Jest's workers run them side by side.
 */
export function useOutageScenario(): OutageScenario {
  const shops: ShopProcess[] = [];
  const children: ChildProcess[] = [];
  const folders: string[] = [];
  const pools: pg.Pool[] = [];

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

  /** A pool of the test's own on the shop's database. */
  const checkPool = (url: string): pg.Pool => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => undefined);
    pools.push(pool);
    return pool;
  };

  return {
    shops,
    children,
    folder: async (name) => {
      const dir = await mkdtemp(join(tmpdir(), `shop-${name}-`));
      folders.push(dir);
      return dir;
    },
    outage: async (shop, base, steps) => {
      const load = outageLoad(base, CARTS);
      const ready = watchReadiness(base);
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'resident@demo.test', password: 'Demo-pass-2026', version: 5 }),
      });
      const signedIn = watchSignedIn(base, ((await login.json()) as { token: string }).token);
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
        await signedIn.stop();

        expectStillServing(shop, load.answers);
        const during = load.answers.filter((a) => a.at >= from && a.at <= backing);
        expect(during.filter((a) => a.status === 503).length).toBeGreaterThan(0);
        expect(during.filter((a) => a.status === 503 && !DATABASE_ANSWERS.includes(a.error ?? ''))).toEqual([]);
        // Not ready, with the reason, the whole time the database was away (a second to notice it).
        const notReady = ready.samples.filter((s) => s.at >= from + 1000 && s.at <= backing);
        expect(notReady.length).toBeGreaterThan(0);
        expect(notReady.filter((s) => s.status !== 503)).toEqual([]);
        expect(notReady.every((s) => s.reasons.includes('The database cannot be reached.'))).toBe(true);
        // A signed-in page is told the database is away, never that its session ended (which signs it out).
        const pageDuring = signedIn.samples.filter((s) => s.at >= from && s.at <= backing);
        expect(pageDuring.filter((s) => s.status === 503).length).toBeGreaterThan(0);
        expect(signedIn.samples.filter((s) => s.status === 401)).toEqual([]);
        expect(signedIn.samples.at(-1)?.status).toBe(200);

        const db = checkPool(steps.database());
        // The payments the outage interrupted are settled by the sweep that runs after it.
        await waitFor('every payment to be settled', async () => (await unsettledPayments(db)) === 0, 60_000);
        expect(await lostPayments(db, load.acknowledged)).toEqual({ acknowledgedUnpaid: [], chargedWithoutOrder: [] });
        process.stdout.write(`database outage: ready again ${recoveredInMs} ms after the database was brought back\n`);
        return { reasons: [...new Set(notReady.flatMap((s) => s.reasons))], recoveredInMs };
      } finally {
        await load.stop();
        await ready.stop();
        await signedIn.stop();
      }
    },
  };
}
