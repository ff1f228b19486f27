/**
 * `npm run bench -- year` (docs/performance.md, "A year in the bench"): a shop's first start (the demo
 * catalog and accounts), a synthetic year of `YEAR_EVENTS` events (default 1,000,000) written through the
 * deciders and the event store (generate-year.ts), then every row of the year measured through the
 * shop's public entry points: the built shop and its HTTP API, and the operator commands.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { allReadModels } from '#libs/read-models/index.js';
import { ignoreIdleErrors } from '../postgres.js';
import { type BudgetResult, median, ms, verdict } from '../report.js';
import { generateYear, markProcessManagersDone, type YearStats } from './generate-year.js';
import { yearCatalog } from './year-facts.js';
import { heartbeats, login, medianGet, signedInCheckout } from './year-http.js';
import {
  type CommandRun,
  runCommand,
  shopEnv,
  startShopProcess,
  untilReady,
  type ShopProcess,
} from './shop-process.js';

const HEAVY = 'reader@demo.test';
const FRESH = 'learner@demo.test';
/** The model whose version the start after a change finds changed: the heartbeats' one, the largest. */
const CHANGED_MODEL = 'viewing-progress';

const row = (budget: string, measured: string, baseline = '-', ratio = '-', verdictText = '-'): BudgetResult => ({
  crashed: false,
  row: { budget, measured, baseline, ratio, verdict: verdictText },
});
const s = (seconds: number): string => `${seconds.toFixed(1)} s`;
const n = (value: number): string => Math.round(value).toLocaleString('en-US');

async function withPool<T>(url: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = ignoreIdleErrors(new pg.Pool({ connectionString: url, max: 10 }));
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

/** Every read model table (`allReadModels`). */
const tables = (): string[] => allReadModels.flatMap((m) => [...m.tables]);

/** Per table: its rows and an MD5 of every row's text in order. */
async function fingerprints(url: string): Promise<Map<string, string>> {
  return withPool(url, async (pool) => {
    const found = new Map<string, string>();
    for (const t of tables()) {
      const { rows } = await pool.query<{ n: number; digest: string | null }>(
        `SELECT count(*)::int AS n, md5(string_agg(r::text, E'\\n' ORDER BY r::text)) AS digest FROM ${t} r`,
      );
      found.set(t, `${rows[0]!.n} rows, ${rows[0]!.digest ?? '-'}`);
    }
    return found;
  });
}

/** The tables of the live database that differ from the rebuilt one's (the restore's). */
async function differences(liveUrl: string, rebuiltUrl: string): Promise<string[]> {
  const [live, rebuilt] = [await fingerprints(liveUrl), await fingerprints(rebuiltUrl)];
  return tables()
    .filter((t) => live.get(t) !== rebuilt.get(t))
    .map((t) => `${t}: live ${live.get(t)}, rebuilt ${rebuilt.get(t)}`);
}

/** The year's own events appended while the shop runs, to time the live projection following them. */
const LIVE_EVENTS = (target: number): number => Math.min(100_000, Math.max(5_000, Math.round(target / 10)));

/**
 * Writes events of the year (generate-year.ts) into the database; answers what was written. With
 * `heavyEmail` (the year itself, the shop stopped) that account gets the 1,000 orders and every grant is
 * written with its order; without it (the live appends, the shop running) the shop's own OrderPaid
 * process manager grants.
 */
async function writeYear(
  url: string,
  target: number,
  seed: number,
  first: { onum: number; subscriber: number },
  heavyEmail: string | null,
): Promise<YearStats> {
  return withPool(url, async (pool) => {
    const catalog = await yearCatalog(pool);
    const heavy = heavyEmail
      ? (await pool.query<{ customer_id: string }>('SELECT customer_id FROM customers WHERE email = $1', [heavyEmail]))
          .rows[0]!.customer_id
      : 'none';
    const store = await createEventStore({ EVENTSTORE_URL: undefined }, pool);
    try {
      const stats = await generateYear(store, catalog, {
        events: target,
        seed,
        concurrency: 8,
        now: new Date(),
        heavy: { customerId: heavy, orders: heavyEmail ? 1000 : 0 },
        firstOnum: first.onum,
        firstSubscriber: first.subscriber,
        grants: heavyEmail !== null,
      });
      // Grants written with their orders: the process managers have nothing left to do. Without a heavy
      // account (the live appends) the running shop's process managers grant.
      if (heavyEmail) await markProcessManagersDone(pool, await store.headPosition());
      return stats;
    } finally {
      await store.close();
    }
  });
}

/** The database's size of the event store's tables (every table whose name starts with es_, indexes and TOAST included). */
async function eventStoreBytes(url: string): Promise<number> {
  return withPool(url, async (pool) => {
    const { rows } = await pool.query<{ bytes: string }>(
      `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::text AS bytes FROM pg_class c
         JOIN pg_namespace ns ON ns.oid = c.relnamespace
        WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname LIKE 'es\\_%'`,
    );
    return Number(rows[0]!.bytes);
  });
}

/** Seconds until every projection checkpoint reached the head of the log as it is now. */
async function untilProjected(url: string, limitSeconds: number): Promise<number> {
  const started = performance.now();
  return withPool(url, async (pool) => {
    const store = await createEventStore({ EVENTSTORE_URL: undefined }, pool);
    try {
      const head = await store.headPosition();
      for (;;) {
        const { rows } = await pool.query<{ position: string }>(
          'SELECT min(position)::text AS position FROM projection_checkpoints',
        );
        if (BigInt(rows[0]!.position) >= head) return (performance.now() - started) / 1000;
        if (performance.now() - started > limitSeconds * 1000)
          throw new Error(`the projection did not reach the head in ${limitSeconds} s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await store.close();
    }
  });
}

/** Events after the process managers' checkpoint (what they left at the last stop, run by the next start). */
async function processManagersBehind(url: string): Promise<number> {
  return withPool(url, async (pool) => {
    const { rows } = await pool.query<{ n: string }>(
      `WITH done AS (SELECT coalesce(min(position), 0) AS p FROM process_manager_checkpoints)
       SELECT ((SELECT count(*) FROM es_events, done WHERE position > done.p)
             + (SELECT count(*) FROM es_viewing_events, done WHERE position > done.p))::text AS n`,
    );
    return Number(rows[0]!.n);
  });
}

const rebuildRate = (run: CommandRun): { events: number; seconds: number; rate: number } => {
  const replayed = /replayed (\d+) events in (\d+) ms/.exec(run.stdout);
  if (!replayed) throw new Error(`projections:rebuild printed no replay line: ${run.stdout.slice(-300)}`);
  const seconds = Number(replayed[2]) / 1000;
  return { events: Number(replayed[1]), seconds, rate: Number(replayed[1]) / seconds };
};

export async function yearBench(databaseUrl: string, restoreUrl: string, scratch: string): Promise<BudgetResult[]> {
  const target = Number(process.env.YEAR_EVENTS ?? 1_000_000);
  const seed = Number(process.env.YEAR_SEED ?? 2026);
  const dataDir = join(scratch, 'year-data');
  await mkdir(dataDir, { recursive: true });
  const env = shopEnv(databaseUrl, dataDir);
  const results: BudgetResult[] = [];
  const notes: string[] = [];
  // Each row is printed as soon as it is measured: a long run stopped early keeps what it measured.
  const record = (result: BudgetResult): void => {
    results.push(result);
    process.stderr.write(
      `year row: ${result.row.budget} | ${result.row.measured} | ${result.row.baseline} | ${result.row.ratio} | ${result.row.verdict}\n`,
    );
  };
  let shop: ShopProcess | null = null;
  const stopShop = async (): Promise<void> => {
    const running = shop;
    shop = null;
    await running?.stop();
  };
  try {
    // 1. The first start: the catalog and the demo accounts (the 1,000 orders go to one of them).
    process.stderr.write('year: first start (demo catalog and accounts)\n');
    shop = await startShopProcess({ ...env, SEED_DEMO: 'true' });
    await untilReady(shop.base, 600);
    await stopShop();

    // 2. The year, through the deciders and the event store port; its size on disk.
    const g = await writeYear(databaseUrl, target, seed, { onum: 5_000_001, subscriber: 1 }, HEAVY);
    record(
      row(
        'year generated through the deciders and the event store (YEAR_EVENTS)',
        `${n(g.events)} events in ${n(g.streams)} streams, ${s(g.seconds)}: ${n(g.events / g.seconds)} events/s`,
        `${n(g.subscribers)} subscribers, ${n(g.orders)} orders paid (${n(g.refunds)} refunded), ${n(g.viewings)} viewings, ${n(g.heartbeats)} heartbeats (${((100 * g.heartbeats) / g.events).toFixed(0)} %), ${n(g.cmeYears)} CME years, ${n(g.certificates)} certificates`,
      ),
    );
    const bytes = await eventStoreBytes(databaseUrl);
    const perEvent = bytes / g.events;
    record(
      row(
        'bytes per event on disk (every es_ table, indexes and TOAST included)',
        `${n(perEvent)} bytes/event (${(bytes / 1048576).toFixed(0)} MB for the year's ${n(g.events)} events and the demo's)`,
        'wanted 300 bytes per heartbeat',
        `${(perEvent / 300).toFixed(2)} x 300`,
        verdict(perEvent <= 300),
      ),
    );

    // 3. cme:audit --verify reads the whole log.
    const year = new Date().getUTCFullYear();
    const audit = await runCommand(
      ['dist/apps/api/cme/cme-audit.js', '--year', String(year), '--verify', '--out', join(scratch, 'audit.csv')],
      env,
      [0, 2],
    );
    record(
      row(
        'cme:audit --verify of the year, peak < 300 MB',
        `${s(audit.seconds)}, peak ${n(audit.peakMb)} MB, ${audit.code === 0 ? 'no findings' : 'FINDINGS'}`,
        '-',
        `${(audit.peakMb / 300).toFixed(2)} x 300 MB`,
        verdict(audit.peakMb < 300 && audit.code === 0),
      ),
    );
    if (audit.code !== 0) notes.push(`cme:audit findings: ${audit.stderr.slice(0, 800)}`);

    // 4. projections:rebuild of the whole year (the shop stopped).
    const rebuild = await runCommand(['dist/apps/projector/rebuild.js'], env);
    const replay = rebuildRate(rebuild);
    record(
      row(
        'npm run projections:rebuild >= 25,000 events/s',
        `${s(rebuild.seconds)}: ${n(replay.events)} events replayed in ${s(replay.seconds)}, ${n(replay.rate)} events/s, peak ${n(rebuild.peakMb)} MB`,
        'wanted 25,000 events/s',
        `${(replay.rate / 25_000).toFixed(2)} x wanted`,
        verdict(replay.rate >= 25_000),
      ),
    );

    // 5. A start with every read model up to date, and requests to it.
    shop = await startShopProcess(env);
    const open = shop.openSeconds;
    const ready = open + (await untilReady(shop.base, 600));
    record(row('start with read models up to date (spawn to ready)', `${s(ready)} (port open after ${s(open)})`));
    await measureRequests(shop.base, record);

    // 6. The live projection following appends: the year's own events written while the shop runs.
    const live = await writeYear(
      databaseUrl,
      LIVE_EVENTS(target),
      seed + 1,
      { onum: 9_000_001, subscriber: 1_000_001 },
      null,
    );
    const behind = await untilProjected(databaseUrl, 1800);
    record(
      row(
        'live projection catching up with appends while the shop runs',
        `${n(live.events)} events appended in ${s(live.seconds)} (${n(live.events / live.seconds)}/s); the checkpoints at the head ${s(behind)} after the last append`,
        '-',
        `${n(live.events / (live.seconds + behind))} events/s end to end`,
      ),
    );
    await untilReady(shop.base, 600);
    await stopShop();

    // 7. Backup of the live database, and its restore into an empty database and data folder.
    const file = join(scratch, 'year.backup');
    const backup = await runCommand(['dist/apps/api/backup/backup.js', file], env);
    const restoreDir = join(scratch, 'year-restored');
    await mkdir(restoreDir, { recursive: true });
    const restore = await runCommand(['dist/apps/api/backup/restore.js', file], shopEnv(restoreUrl, restoreDir));
    record(
      row(
        'restore into an empty database (read models rebuilt, CME log verified), peak < 300 MB',
        `${s(restore.seconds)}, peak ${n(restore.peakMb)} MB`,
        `backup ${s(backup.seconds)}, peak ${n(backup.peakMb)} MB`,
        `${(restore.peakMb / 300).toFixed(2)} x 300 MB`,
        verdict(restore.peakMb < 300),
      ),
    );

    // 8. The restore's rebuilt read models against the live ones (the first rebuild, then the live projection).
    const unequal = await differences(databaseUrl, restoreUrl);
    record(
      row(
        'rebuilt read models (the restore) equal the live ones (rows and MD5 of every table)',
        unequal.length ? unequal.join('; ') : `${tables().length} tables equal`,
        '-',
        '-',
        verdict(unequal.length === 0),
      ),
    );

    // 9. A start after one read model's version changed (its checkpoint says another version), against
    // a plain start at the same point (after the live step and the restore: the same caches). The
    // plain one first: it also runs what the process managers had left at the live step's stop.
    const leftAtStop = await processManagersBehind(databaseUrl);
    shop = await startShopProcess(env, 3600);
    const plain = shop.openSeconds;
    await untilReady(shop.base, 600);
    await stopShop();
    shop = await startShopProcess(env, 3600);
    const again = shop.openSeconds;
    await untilReady(shop.base, 600);
    await stopShop();
    await withPool(databaseUrl, (pool) =>
      pool.query('UPDATE projection_checkpoints SET version = version - 1 WHERE name = $1', [CHANGED_MODEL]),
    );
    shop = await startShopProcess(env, 3600);
    const closed = shop.openSeconds;
    const readyAfter = closed + (await untilReady(shop.base, 3600));
    await stopShop();
    record(
      row(
        `start after one read model's version changed (${CHANGED_MODEL}): port closed for`,
        `${s(closed)} (ready after ${s(readyAfter)})`,
        `a plain start at the same point: ${s(again)} (the one before it ${s(plain)}: the process managers ran the ${n(leftAtStop)} events left at the live step's stop)`,
        `${(closed / again).toFixed(2)} x plain`,
      ),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`year: ${error instanceof Error ? error.stack : message}\n`);
    results.push({
      crashed: true,
      row: {
        budget: 'year bench',
        measured: `bench error: ${message.split('\n')[0]}`,
        baseline: '-',
        ratio: '-',
        verdict: '-',
      },
    });
  } finally {
    await stopShop();
  }
  if (results.length > 0 && notes.length > 0) results[results.length - 1]!.notes = notes;
  return results;
}

/** Checkout of the 1,000-order account against a fresh one, its orders, and the pages that must stay flat. */
async function measureRequests(base: string, record: (result: BudgetResult) => void): Promise<void> {
  const [heavyToken, freshToken, streamer, cme] = [
    await login(base, HEAVY),
    await login(base, FRESH),
    await login(base, 'streamer@demo.test'),
    await login(base, 'cme@demo.test'),
  ];
  const heavyPays: number[] = [];
  const freshPays: number[] = [];
  // Nine of each, alternating: a median of five moved by a quarter from run to run.
  for (let i = 0; i < 9; i++) {
    heavyPays.push(await signedInCheckout(base, heavyToken));
    freshPays.push(await signedInCheckout(base, freshToken));
  }
  const [heavyPay, freshPay] = [median(heavyPays), median(freshPays)];
  record(
    row(
      'checkout (pay) of the account with 1,000 orders, flat: <= 1.25 x a fresh account',
      `median ${ms(heavyPay)} (${heavyPays.map((v) => v.toFixed(0)).join(', ')} ms)`,
      `fresh account median ${ms(freshPay)}`,
      `${(heavyPay / freshPay).toFixed(2)} x fresh`,
      verdict(heavyPay <= 1.25 * freshPay),
    ),
  );
  const orders = await medianGet(base, '/api/orders', heavyToken);
  const freshOrders = await medianGet(base, '/api/orders', freshToken);
  record(
    row(
      'GET /api/orders (first page) of the account with 1,000 orders',
      `median ${ms(orders.ms)}, ${(orders.bytes / 1024).toFixed(1)} KB`,
      `fresh account ${ms(freshOrders.ms)}, ${(freshOrders.bytes / 1024).toFixed(1)} KB`,
      `${(orders.ms / freshOrders.ms).toFixed(2)} x fresh`,
    ),
  );
  const year = new Date().getUTCFullYear();
  const pages = [
    ['catalog list', await medianGet(base, '/api/products?category=0&size=48&sort=NAME_ASC', null)],
    ['streaming list', await medianGet(base, '/api/streaming', streamer)],
    ['CME center', await medianGet(base, `/api/cme/summary?year=${year}`, cme)],
  ] as const;
  const beat = await heartbeats(base, streamer, 250, 5001);
  record(
    row(
      'pages that must not grow with the log (medians)',
      `${pages.map(([name, t]) => `${name} ${ms(t.ms)}`).join(', ')}, heartbeat ${ms(beat)}`,
    ),
  );
}
