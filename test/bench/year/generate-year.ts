/**
 * The synthetic year of `npm run bench -- year` (docs/performance.md, "A year in the bench"): subscribers
 * registered and validated, subscriptions (some renewed), streaming products bought, orders paid (some
 * refunded) with their grants, viewings with a heartbeat every 60 s of play (the bulk), CME years with
 * their chains and certificates, and one account with 1,000 paid orders. Every event is decided by the
 * project's deciders (year-streams.ts) and appended through the event store port, a whole stream per
 * append, several appends at once. Deterministic for a seed; dates spread over the year before `now`.
 */
import type pg from 'pg';
import { type Entitlements, entitlementsDecider } from '#libs/domain/entitlements/entitlements.decider.js';
import { entitlementsStreamId } from '#libs/domain/entitlements/entitlements.events.js';
import type { OrderPaid } from '#libs/domain/order/order.events.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { type DecidedStream, Random } from './decide-all.js';
import {
  type YearCatalog,
  cmeYearStream,
  entitlementEvents,
  paidOrderStream,
  subscriberStream,
  viewingStream,
} from './year-streams.js';

const DAY = 86_400_000;
/** Order numbers of the year: far above the shop's own sequence (checkout_order_numbers starts at 100001). */
const FIRST_ONUM = 5_000_001;

export interface YearOptions {
  /** Events to write at least (the last subscriber's streams complete the count). */
  events: number;
  seed: number;
  /** Appends in flight at once. */
  concurrency: number;
  /** The end of the year. */
  now: Date;
  /** The account given 1,000 paid orders (a demo account that signs in), and how many. */
  heavy: { customerId: string; orders: number };
  /** The share of subscribers who take CME tests in the calendar year (0.15). */
  cmeShare?: number;
  /** The first order number (FIRST_ONUM) and subscriber number (1): a second run into the same log starts above the first's. */
  firstOnum?: number;
  firstSubscriber?: number;
  /**
   * Write each paid order's grants (true): false while a shop runs on the log, whose OrderPaid process
   * manager grants them itself.
   */
  grants?: boolean;
}

export interface YearStats {
  events: number;
  streams: number;
  subscribers: number;
  orders: number;
  refunds: number;
  viewings: number;
  heartbeats: number;
  cmeYears: number;
  certificates: number;
  seconds: number;
}

/** Appends streams, `concurrency` at a time, counting what was written. */
class Appender {
  readonly stats = { events: 0, streams: 0, heartbeats: 0, certificates: 0 };
  private readonly queue: DecidedStream[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly concurrency: number,
  ) {}

  add(stream: DecidedStream): void {
    if (stream.events.length === 0) return;
    this.queue.push(stream);
    this.stats.events += stream.events.length;
    this.stats.streams += 1;
    for (const e of stream.events) {
      if (e.type === 'WatchIntervalsReported') this.stats.heartbeats += 1;
      else if (e.type === 'CmeCertificateIssued') this.stats.certificates += 1;
    }
  }

  async flush(): Promise<void> {
    const work = this.queue.splice(0);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < work.length) {
        const stream = work[next++]!;
        let expected: 'no_stream' | number = 'no_stream';
        if (stream.existing) {
          const history = await this.store.readStream(stream.streamId);
          expected = history.length === 0 ? 'no_stream' : history.length - 1;
        }
        await this.store.append(stream.streamId, stream.events, expected);
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, worker));
  }
}

/** A time in [from, to). */
const between = (random: Random, from: number, to: number): Date => new Date(from + random.next() * (to - from));

/** An order line of one streaming title at its catalog price. */
function streamingLine(product: YearCatalog['streamingProducts'][number]) {
  return {
    PRODUCTID: product.id,
    PRODUCTNAME: product.name,
    TYPE: 'STREAMING',
    UNITPRICE: product.price,
    QTY: 1,
    TERM: null,
    OFFER: null,
  };
}

/** Writes the year; prints its progress and rate to stderr. */
export async function generateYear(store: EventStore, catalog: YearCatalog, options: YearOptions): Promise<YearStats> {
  const started = performance.now();
  const random = new Random(options.seed);
  const appender = new Appender(store, options.concurrency);
  const end = options.now.getTime();
  const start = end - 365 * DAY;
  const cmeYear = options.now.getUTCFullYear();
  const yearStart = Date.UTC(cmeYear, 0, 1);
  const counts = { subscribers: 0, orders: 0, refunds: 0, viewings: 0, cmeYears: 0 };
  let onum = options.firstOnum ?? FIRST_ONUM;

  // The heavy account: 1,000 streaming products bought one by one over the year, each granted.
  const heavy = options.heavy.customerId;
  const heavyOrders: { paid: OrderPaid['data']; refundedAt: string | null }[] = [];
  for (let i = 0; i < options.heavy.orders; i++) {
    const product = catalog.streamingProducts[i % catalog.streamingProducts.length]!;
    const at = new Date(start + ((i + 0.5) / options.heavy.orders) * (end - start - DAY));
    const { order, paid } = paidOrderStream(onum++, heavy, 0, [streamingLine(product)], at, random, null);
    appender.add(order);
    heavyOrders.push({ paid, refundedAt: null });
    counts.orders += 1;
  }
  const held = heavyOrders.length ? await store.readStream(entitlementsStreamId(heavy)) : [];
  const heldState = held.reduce<Entitlements>(
    (s, e) => entitlementsDecider.evolve(s, e as unknown as Parameters<typeof entitlementsDecider.evolve>[1]),
    entitlementsDecider.initialState,
  );
  appender.add({
    streamId: entitlementsStreamId(heavy),
    events: entitlementEvents(heavy, heavyOrders, random, heldState).events,
    existing: true,
  });
  await appender.flush();

  let lastReport = performance.now();
  while (appender.stats.events < options.events) {
    for (let batch = 0; batch < 100 && appender.stats.events < options.events; batch++) {
      const n = (options.firstSubscriber ?? 1) + counts.subscribers++;
      const customerId = random.uuid();
      // A third subscribed a year before this one and renews in it; the others register during it.
      const renewing = random.next() < 0.3;
      const registeredAt = renewing
        ? between(random, start - 365 * DAY, start - 30 * DAY)
        : between(random, start, end - DAY);
      appender.add(subscriberStream(customerId, n, registeredAt, random));

      const orders: { paid: OrderPaid['data']; refundedAt: string | null }[] = [];
      const buy = (lines: Parameters<typeof paidOrderStream>[3], at: Date): void => {
        const refund = at.getTime() + 5 * DAY < end && random.next() < 0.04;
        const { order, paid } = paidOrderStream(onum++, customerId, n, lines, at, random, refund ? 3 : null);
        appender.add(order);
        orders.push({ paid, refundedAt: refund ? new Date(at.getTime() + 3 * DAY).toISOString() : null });
        counts.orders += 1;
        if (refund) counts.refunds += 1;
      };
      const subscription = renewing || random.next() < 0.75 ? random.pick(catalog.subscriptions) : null;
      const subscriptionLine = subscription && {
        PRODUCTID: subscription.id,
        PRODUCTNAME: subscription.name,
        TYPE: subscription.type,
        UNITPRICE: subscription.price,
        QTY: 1,
        TERM: 1 as const,
        OFFER: null,
      };
      if (subscriptionLine) {
        const firstAt = new Date(registeredAt.getTime() + 3_600_000);
        buy([subscriptionLine], firstAt);
        if (renewing) buy([subscriptionLine], new Date(firstAt.getTime() + 358 * DAY));
      }
      const owned: number[] = [];
      if (!subscription || random.next() < 0.2) {
        for (let k = 1 + random.int(3); k > 0; k--) {
          const product = random.pick(catalog.streamingProducts);
          buy([streamingLine(product)], between(random, Math.max(start, registeredAt.getTime()), end - DAY));
          owned.push(product.id);
        }
      }
      if (orders.length > 0 && options.grants !== false) {
        appender.add({
          streamId: entitlementsStreamId(customerId),
          events: entitlementEvents(customerId, orders, random).events,
        });
      }

      // Viewings: subscribers watch anything, buyers what they bought; a heartbeat per minute played.
      const videos = subscription ? catalog.videos : catalog.videos.filter((v) => owned.includes(v.productId));
      const planType = subscription?.planType ?? 0;
      const from = Math.max(start, registeredAt.getTime());
      for (let k = videos.length ? 10 + random.int(20) : 0; k > 0; k--) {
        const video = random.pick(videos);
        const played = Math.max(60, Math.round(video.seconds * (0.4 + 0.6 * random.next())));
        appender.add(viewingStream(customerId, video, planType, between(random, from, end - DAY), played, random));
        counts.viewings += 1;
      }

      // CME: some subscribers take tests this calendar year; a certificate once they have credits.
      const cmeFrom = Math.max(yearStart, from);
      if (subscription && cmeFrom < end - 30 * DAY && random.next() < (options.cmeShare ?? 0.15)) {
        const tests = 2 + random.int(Math.min(5, catalog.activities.length - 1));
        appender.add(cmeYearStream(customerId, n, cmeYear, new Date(cmeFrom), options.now, tests, catalog, random));
        counts.cmeYears += 1;
      }
    }
    await appender.flush();
    if (performance.now() - lastReport > 5000) {
      lastReport = performance.now();
      const s = (lastReport - started) / 1000;
      process.stderr.write(
        `year: ${appender.stats.events} events in ${s.toFixed(0)} s (${(appender.stats.events / s).toFixed(0)} events/s)\n`,
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(
    `year: ${appender.stats.events} events, ${appender.stats.streams} streams in ${seconds.toFixed(1)} s ` +
      `(${(appender.stats.events / seconds).toFixed(0)} events/s)\n`,
  );
  return { ...counts, ...appender.stats, seconds };
}

/** The process managers' checkpoint moved to the head: the year's grants were written with its orders. */
export async function markProcessManagersDone(pool: pg.Pool, head: bigint): Promise<void> {
  await pool.query(
    `INSERT INTO process_manager_checkpoints (name, position) VALUES ('process-managers', $1)
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position`,
    [head.toString()],
  );
}
