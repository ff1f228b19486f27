import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { eventStoreContract } from '../event-store.contract.testing.js';
import { type RecordedEvent, WrongExpectedRevisionError } from '../event-store.port.js';
import { newEvent } from '../testing/new-event.testing.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { APPEND_EVENTS, EXPECT_NO_STREAM } from './postgres-event-store.sql.js';

eventStoreContract('PostgreSQL', async () => {
  const db: TestDatabase = await createTestDatabase();
  const store = await PostgresEventStore.create(db.pool);
  return {
    store,
    cleanup: async () => {
      await store.close();
      await db.drop();
    },
  };
});

eventStoreContract(
  'PostgreSQL, the compact category',
  async () => {
    const db: TestDatabase = await createTestDatabase();
    const store = await PostgresEventStore.create(db.pool);
    return {
      store,
      cleanup: async () => {
        await store.close();
        await db.drop();
      },
    };
  },
  { category: 'viewing' },
);

describe('PostgreSQL event store', () => {
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

  it('creates its table idempotently, also when several processes start at once', async () => {
    const stores = await Promise.all([1, 2, 3].map(() => PostgresEventStore.create(db.pool)));
    await Promise.all(stores.map((s) => s.close()));
  });

  it('never lets a subscriber pass an append that is still in flight (no skipped event)', async () => {
    // An append whose transaction is still open: it has its position, but has not committed yet.
    const slow = await db.pool.connect();
    const early = newEvent('Early');
    await slow.query('BEGIN');
    await slow.query(APPEND_EVENTS, [
      'inflight-early',
      EXPECT_NO_STREAM,
      [early.id],
      [early.type],
      [JSON.stringify(early.data)],
      [JSON.stringify(early.metadata)],
    ]);
    // A later append commits first: its position is higher, and it is committed.
    const late = await store.append('inflight-late', [newEvent('Late')], 'no_stream');
    expect(await store.readStream('inflight-late')).toHaveLength(1);

    const received: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({
      after: 0n,
      handler: async (event) => {
        if (event.streamId.startsWith('inflight-')) received.push(event);
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Delivering 'Late' now would move the subscriber past 'Early' for ever.
    expect(received).toEqual([]);
    expect((await store.readAll(0n, 1000)).some((e) => e.streamId === 'inflight-late')).toBe(false);
    expect(await store.headPosition()).toBeLessThan(late.position);

    await slow.query('COMMIT');
    slow.release();
    const deadline = Date.now() + 5000;
    while (received.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await subscription.stop();
    expect(received.map((e) => e.type)).toEqual(['Early', 'Late']);
    expect(received[0]!.position < received[1]!.position).toBe(true);
    expect(await store.headPosition()).toBeGreaterThanOrEqual(late.position);
  });

  it('lets exactly one of two racing appends with the same expected revision win', async () => {
    await store.append('race-exact', [newEvent('A')], 'no_stream');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => store.append('race-exact', [newEvent('B')], 0)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(r.reason).toMatchObject({ streamId: 'race-exact', expected: 0, actual: 1 });
    }
    expect((await store.readStream('race-exact')).map((e) => e.revision)).toEqual([0, 1]);
  });

  it('appends every racing `any` append, one after the other', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.append('race-any', [newEvent('Any', { i })], 'any')),
    );
    expect(results.map((r) => r.nextExpectedRevision).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const events = await store.readStream('race-any');
    expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The stream's order is the log's order.
    const positions = events.map((e) => e.position);
    expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
  });

  it('wakes a subscriber in another process through NOTIFY', async () => {
    const other = await PostgresEventStore.create(db.pool, { idlePollMs: 60_000 });
    const head = await store.headPosition();
    const received: string[] = [];
    const subscription = other.subscribeToAll({
      after: head,
      handler: async (event) => {
        received.push(event.type);
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // caught up and asleep (LISTEN)
    const started = Date.now();
    await store.append('notify-1', [newEvent('Notified')], 'no_stream');
    while (received.length === 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 5));
    expect(received).toEqual(['Notified']);
    expect(Date.now() - started).toBeLessThan(2000); // far below the 60 s idle poll
    await subscription.stop();
    await other.close();
  });

  it('ends its subscriptions on close', async () => {
    const own = await PostgresEventStore.create(db.pool);
    const subscription = own.subscribeToAll({ after: 0n, handler: async () => undefined });
    await own.close();
    await expect(subscription.done).resolves.toBeUndefined();
  });
});
