import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DATABASE_DISK_FULL, DATABASE_UNREACHABLE } from '../../libs/contracts/errors.js';
import { freePort } from '../support/free-port.js';
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

/** The file system of the shop's DATA_DIR (a tmpfs): the cluster (about 40 MB with the demo data) and room for the load. */
const FILE_SYSTEM_SIZE = '160m';
/** How long the disk stays full. */
const FULL_MS = 15_000;

/** Mounts a tmpfs of `size` on a new folder; answers the folder, or why this machine refuses. */
function mountTmpfs(size: string): { dir: string } | { refused: string } {
  const dir = mkdtempSync(join(tmpdir(), 'shop-disk-full-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status === 0) return { dir };
  rmdirSync(dir);
  return { refused: (mounted.stderr || mounted.error?.message || `mount answered ${mounted.status}`).trim() };
}

function unmount(dir: string): void {
  spawnSync('umount', ['-l', dir]);
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Why a file system of the test's own cannot be made here, or null: mounting one needs root
 * (CAP_SYS_ADMIN), so elsewhere the test reports itself skipped with the reason, never passed.
 */
function cannotMount(): string | null {
  if (process.getuid?.() !== 0) return 'mounting a small file system needs root, and the tests run as another user';
  const probe = mountTmpfs('1m');
  if ('refused' in probe) return `this machine refuses a tmpfs mount (${probe.refused})`;
  unmount(probe.dir);
  return null;
}

/** Writes `file` until the file system has no byte left (ENOSPC). */
function fillUp(file: string): void {
  const fd = openSync(file, 'w');
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

function countBy(keys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

const refused = cannotMount();
const itMounted = refused === null ? it : it.skip;
const skipped = refused === null ? '' : ` (skipped: ${refused})`;

/**
 * The built shop (embedded PostgreSQL, demo data) on a data folder of its own small file system, under
 * a checkout load of 10 carts, while that disk is full (docs/operations.md, Database outages): requests
 * answer 503 with the disk's message (never 500), /api/ready answers 503 with the reason, the process
 * never exits, and once space is freed it is ready again by itself, takes orders, loses no acknowledged
 * order, and every gateway charge ends as a paid order.
 */
describe('a shop whose database disk is full', () => {
  let shop: ShopProcess | undefined;
  let db: pg.Pool | undefined;
  let mounted: string | undefined;

  afterAll(async () => {
    killGroup(shop);
    await db?.end().catch(() => undefined);
    if (mounted) {
      await killClusterServer(mounted);
      await sleep(300);
      unmount(mounted);
    }
  });

  itMounted(
    `answers 503 with the reason while the disk is full and serves again once space is freed${skipped}`,
    async () => {
      if (!existsSync(MAIN)) throw new Error('the disk-full test runs the built shop: `npm run build:server` first');
      const fileSystem = mountTmpfs(FILE_SYSTEM_SIZE);
      if ('refused' in fileSystem) throw new Error(`the tmpfs for the data folder was refused: ${fileSystem.refused}`);
      const dataDir = (mounted = fileSystem.dir);
      const port = await freePort();
      const pgPort = await freePort();
      shop = startShopProcess({ dataDir, port, pgPort, env: { DEMO_VIDEOS: 'false' } });
      await shop.opened(120_000);
      const base = `http://127.0.0.1:${port}`;
      const load = outageLoad(base, 10);
      const ready = watchReadiness(base);
      const filler = join(dataDir, 'filler');
      try {
        await waitFor('20 orders before the disk fills', () => load.acknowledged.length >= 20, 60_000);
        fillUp(filler);
        const from = Date.now();
        await sleep(FULL_MS);
        const freeing = Date.now();
        rmSync(filler);
        await waitFor(
          '/api/ready to answer 200',
          () => ready.samples.some((s) => s.at > freeing && s.status === 200),
          30_000,
        );
        const recoveredInMs = ready.samples.find((s) => s.at > freeing && s.status === 200)!.at - freeing;
        const before = load.acknowledged.length;
        await waitFor('10 orders after space was freed', () => load.acknowledged.length >= before + 10, 60_000);
        await load.stop();
        await ready.stop();

        expectStillServing(shop, load.answers);
        const during = load.answers.filter((a) => a.at >= from && a.at <= freeing);
        // Said on failure: what the load was answered while the disk was full, and what PostgreSQL logged of it.
        const tally = countBy(during.map((a) => `${a.status} ${a.error ?? ''}`.slice(0, 60)));
        const serverLines = shop
          .output()
          .split('\n')
          .filter((line) => /PANIC|No space left/.test(line))
          .slice(0, 5)
          .map((line) => line.slice(0, 300));
        expect({
          diskFull: (tally[`503 ${DATABASE_DISK_FULL}`.slice(0, 60)] ?? 0) > 0,
          tally,
          serverLines,
        }).toMatchObject({
          diskFull: true,
        });
        // A server that stopped on the full disk (a WAL write it could not make) is unreachable for a moment.
        const messages = [DATABASE_DISK_FULL, DATABASE_UNREACHABLE];
        expect(during.filter((a) => a.status === 503 && !messages.includes(a.error ?? ''))).toEqual([]);
        const full = ready.samples.filter((s) => s.at >= from + 1000 && s.at <= freeing);
        expect(full.length).toBeGreaterThan(0);
        expect(full.filter((s) => s.status !== 503)).toEqual([]);
        expect(full.every((s) => s.reasons.some((reason) => /disk/.test(reason)))).toBe(true);

        const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
        db = new pg.Pool({
          connectionString: `postgres://shop:${secrets.EMBEDDED_PG_PASSWORD}@127.0.0.1:${pgPort}/shop`,
          max: 2,
        });
        db.on('error', () => undefined);
        const database = db;
        await waitFor('every payment to be settled', async () => (await unsettledPayments(database)) === 0, 60_000);
        expect(await lostPayments(db, load.acknowledged)).toEqual({ acknowledgedUnpaid: [], chargedWithoutOrder: [] });
        process.stdout.write(`disk full: ready again ${recoveredInMs} ms after space was freed\n`);
      } finally {
        await load.stop();
        await ready.stop();
        rmSync(filler, { force: true });
      }
    },
  );
});
