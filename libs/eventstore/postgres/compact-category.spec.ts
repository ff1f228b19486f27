import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import type { NewEvent } from '../event-store.port.js';
import { newEvent } from '../testing/new-event.testing.js';
import { COMPACT_TABLE } from './compact-streams.sql.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { APPEND_EVENTS, EXPECT_ANY } from './postgres-event-store.sql.js';

/** A heartbeat as the shop appends it: a customer's uuid as actor, the request's id as correlation and causation. */
function heartbeat(customerId: string, minute: number): NewEvent {
  const from = minute * 60 + 0.517;
  const correlationId = randomUUID();
  return {
    id: randomUUID(),
    type: 'WatchIntervalsReported',
    data: {
      intervals: [[from, from + 60.012]],
      added: [[from, from + 60.012]],
      uniqueSeconds: Math.floor((minute + 1) * 60),
      position: Math.floor(from + 60),
    },
    metadata: {
      correlationId,
      causationId: correlationId,
      actorId: customerId,
      occurredAt: new Date(Date.UTC(2026, 10, 29, 18, minute, 7, 123)).toISOString(),
      schemaVersion: 2,
    },
  };
}

describe('PostgreSQL event store: the compact category (viewing streams)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.create(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const rowsOf = async (table: string, streamId: string): Promise<number> => {
    const where = table === 'es_events' ? 'stream_id = $1' : `'viewing-' || stream = $1`;
    const { rows } = await db.pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE ${where}`, [
      streamId,
    ]);
    return Number(rows[0]!.n);
  };

  it('keeps a viewing stream in its own table and gives back the very envelope appended', async () => {
    const streamId = `viewing-${randomUUID()}`;
    const customer = randomUUID();
    const plain = heartbeat(customer, 1);
    // Everything a column cannot hold: an actor and a correlation that are no uuids, another causation,
    // a time not in toISOString's form, a trace context, a type the category does not list.
    const odd = newEvent('SomethingElse', { note: 'ü "quoted"', nested: { a: [1.5, null, true] } }, 7);
    odd.metadata = { ...odd.metadata, occurredAt: '2026-11-29T18:00:00Z', traceparent: '00-abc-def-01' };
    await store.append(streamId, [plain, odd], 'no_stream');

    expect(await rowsOf(COMPACT_TABLE, streamId)).toBe(2);
    expect(await rowsOf('es_events', streamId)).toBe(0);
    const { rows } = await db.pool.query<{ extra: unknown }>(
      `SELECT extra FROM ${COMPACT_TABLE} WHERE 'viewing-' || stream = $1 ORDER BY revision`,
      [streamId],
    );
    expect(rows[0]!.extra).toEqual({}); // a heartbeat's metadata is all in its columns
    const read = await store.readStream(streamId);
    expect(read.map(({ id, type, data, metadata }) => ({ id, type, data, metadata }))).toEqual(
      [plain, odd].map(({ id, type, data, metadata }) => ({ id, type, data, metadata })),
    );
    const all = (await store.readAll(0n, 1000)).filter((e) => e.streamId === streamId);
    expect(all).toEqual(read);
  });

  it('stores the listed shapes as their values, and gives back the same data, its keys in their order', async () => {
    const streamId = `viewing-${randomUUID()}`;
    const customer = randomUUID();
    const same = heartbeat(customer, 1);
    const other = heartbeat(customer, 2);
    other.data = { intervals: [[30, 90.5]], added: [[60.25, 90.5]], uniqueSeconds: 90, position: 90 };
    const reordered = heartbeat(customer, 3);
    reordered.data = { added: [], intervals: [[1, 2]], position: 2, uniqueSeconds: 90 };
    const array = newEvent('LongViewReached', {}, 1);
    array.data = [1, 2, 3, 4, 5, 6, 7];
    const started = newEvent('VideoStarted', {
      viewingId: streamId.slice('viewing-'.length),
      customerId: customer,
      productId: 130,
      videoId: 1,
      planType: 2,
      startedAt: '2026-11-29T18:00:00.000Z',
    });
    const events = [started, same, other, reordered, array];
    await store.append(streamId, events, 'no_stream');
    const { rows } = await db.pool.query<{ data: string }>(
      `SELECT data::text FROM ${COMPACT_TABLE} WHERE 'viewing-' || stream = $1 ORDER BY revision`,
      [streamId],
    );
    expect(rows.map((r) => r.data)).toEqual([
      `["${streamId.slice('viewing-'.length)}","${customer}",130,1,2,"2026-11-29T18:00:00.000Z"]`,
      '[[[60.517,120.529]],120,120]',
      '[[[30,90.5]],[[60.25,90.5]],90,90]',
      JSON.stringify(reordered.data),
      '[1,2,3,4,5,6,7]',
    ]);
    const read = await store.readStream(streamId);
    expect(read.map((e) => e.data)).toEqual(events.map((e) => e.data));
    // Data stored as values comes back with the keys in the order they were appended.
    expect(read.slice(0, 3).map((e) => JSON.stringify(e.data))).toEqual(
      events.slice(0, 3).map((e) => JSON.stringify(e.data)),
    );
  });

  it('reads a viewing stream begun in es_events (before the table existed) from both tables, revisions continuing', async () => {
    const streamId = `viewing-${randomUUID()}`;
    const old = [newEvent('VideoStarted', { viewingId: streamId.slice(8) }), newEvent('WatchIntervalsReported')];
    await db.pool.query(APPEND_EVENTS, [
      streamId,
      EXPECT_ANY,
      old.map((e) => e.id),
      old.map((e) => e.type),
      old.map((e) => JSON.stringify(e.data)),
      old.map((e) => JSON.stringify(e.metadata)),
    ]);
    await expect(store.append(streamId, [heartbeat(randomUUID(), 2)], 0)).rejects.toMatchObject({ actual: 1 });
    await expect(store.append(streamId, [heartbeat(randomUUID(), 2)], 'no_stream')).rejects.toMatchObject({
      actual: 1,
    });
    const result = await store.append(streamId, [heartbeat(randomUUID(), 2)], 1);
    expect(result.nextExpectedRevision).toBe(2);
    await store.append(streamId, [heartbeat(randomUUID(), 3)], 'any');
    expect(await rowsOf('es_events', streamId)).toBe(2);
    expect(await rowsOf(COMPACT_TABLE, streamId)).toBe(2);

    const read = await store.readStream(streamId);
    expect(read.map((e) => [e.revision, e.type])).toEqual([
      [0, 'VideoStarted'],
      [1, 'WatchIntervalsReported'],
      [2, 'WatchIntervalsReported'],
      [3, 'WatchIntervalsReported'],
    ]);
    expect(read.slice(0, 2).map((e) => e.id)).toEqual(old.map((e) => e.id));
    const positions = read.map((e) => e.position);
    expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
    expect((await store.readAll(0n, 10_000)).filter((e) => e.streamId === streamId)).toEqual(read);
    expect(await store.headPosition()).toBeGreaterThanOrEqual(positions[3]!);
  });

  it('reads the log merged by position, a page at a time, across both tables', async () => {
    const head = await store.headPosition();
    const viewing = `viewing-${randomUUID()}`;
    const order = `order-${randomUUID()}`;
    await store.append(order, [newEvent('O1')], 'no_stream');
    await store.append(viewing, [newEvent('V1'), newEvent('V2')], 'no_stream');
    await store.append(order, [newEvent('O2')], 0);
    await store.append(viewing, [newEvent('V3')], 1);
    const pages: string[][] = [];
    for (let after = head; ;) {
      const page = await store.readAll(after, 2);
      if (page.length === 0) break;
      pages.push(page.map((e) => e.type));
      after = page.at(-1)!.position;
    }
    expect(pages).toEqual([['O1', 'V1'], ['V2', 'O2'], ['V3']]);
  });

  it('stores a heartbeat in at most 300 bytes on disk, its table and indexes together', async () => {
    // COMPACT_SIZE_VIEWINGS=400 measures 24,000 heartbeats (docs/performance.md); the default keeps the test short.
    const VIEWINGS = Number(process.env.COMPACT_SIZE_VIEWINGS ?? 40);
    const WARM_UP = 20;
    const BEATS = 60; // 2,400 heartbeats measured: an hour of each viewing
    // The table's pages that hold rows (a busy table is extended many empty pages at a time, which the
    // next appends fill), and its indexes whole.
    const sizes = async (): Promise<Map<string, number>> => {
      const { rows } = await db.pool.query<{ name: string; bytes: string }>(
        `SELECT '${COMPACT_TABLE}' AS name, (count(DISTINCT (ctid::text::point)[0]) * 8192)::text AS bytes
           FROM ${COMPACT_TABLE}
         UNION ALL SELECT relname, pg_relation_size(oid)::text FROM pg_class
           WHERE relname LIKE '${COMPACT_TABLE}%' AND relkind = 'i'`,
      );
      const parts = new Map(rows.map((r) => [r.name, Number(r.bytes)]));
      return parts.set(
        'total',
        [...parts.values()].reduce((a, b) => a + b, 0),
      );
    };
    const viewings = Array.from({ length: VIEWINGS }, () => ({
      stream: `viewing-${randomUUID()}`,
      customer: randomUUID(),
    }));
    // Viewings take turns, as they do in the shop: every minute each of them reports, in parallel.
    const report = (minute: number) =>
      Promise.all(
        viewings.map((v) =>
          store.append(v.stream, [heartbeat(v.customer, minute)], minute === 0 ? 'no_stream' : minute - 1),
        ),
      );
    // Measured on a table in use: the pages each connection is still filling count at both ends alike.
    for (let minute = 0; minute < WARM_UP; minute++) await report(minute);
    const before = await sizes();
    for (let minute = WARM_UP; minute < WARM_UP + BEATS; minute++) await report(minute);
    const after = await sizes();
    const per = (name: string): number => (after.get(name)! - before.get(name)!) / (VIEWINGS * BEATS);
    const each = [...after.keys()].map((name) => `${name} ${per(name).toFixed(1)}`).join(', ');
    process.stdout.write(`compact heartbeats, bytes on disk per event: ${each}\n`);
    expect(per('total')).toBeLessThanOrEqual(300);
  });
});
