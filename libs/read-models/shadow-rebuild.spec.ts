import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { newEvent } from '#libs/eventstore/testing/new-event.testing.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { CheckpointWaiter, Projector, rebuildReadModels } from './projector.js';
import { orderTotals, paymentRows } from './projector-models.testing.js';
import { SHADOW_SCHEMA } from './shadow-rebuild.js';

/** Rebuilds beside the live tables (issue 32): the shop keeps answering, and the swap loses nothing. */
describe('a read model rebuilt beside its live tables', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeEach(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.create(db.pool);
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  const totals = async () =>
    (await db.pool.query('SELECT customer, total_cents::int AS total, orders FROM test_order_totals ORDER BY customer'))
      .rows;
  const rebuilding = async () =>
    (await db.pool.query<{ name: string }>('SELECT name FROM projection_rebuilds ORDER BY name')).rows.map(
      (r) => r.name,
    );
  const shadowExists = async () =>
    (await db.pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [SHADOW_SCHEMA])).rowCount === 1;
  const paid = (stream: string, customer: string, cents: number) =>
    store.append(stream, [newEvent('OrderPaid', { customer, cents })], 'any');

  /**
   * The store, whose reads of the log after its start wait until `open` is called: a rebuild stops there
   * between two of its batches (the live projector follows through its subscription, not these reads).
   */
  function gatedStore(): { gated: EventStore; open: () => void; reached: Promise<void> } {
    let open = (): void => undefined;
    let reach = (): void => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const reached = new Promise<void>((resolve) => (reach = resolve));
    const gated: EventStore = {
      append: (...args) => store.append(...args),
      readStream: (...args) => store.readStream(...args),
      subscribeToAll: (...args) => store.subscribeToAll(...args),
      headPosition: () => store.headPosition(),
      close: () => Promise.resolve(),
      async readAll(after, limit) {
        if (after > 0n) {
          reach();
          await gate;
        }
        return store.readAll(after, limit);
      },
    };
    return { gated, open: () => open(), reached };
  }

  it('a new version: the old table answers and the other models follow until the swap; then the new one is followed', async () => {
    const other = paymentRows();
    const waiter = new CheckpointWaiter(db.pool, [orderTotals(), other]);
    const v1 = new Projector({ pool: db.pool, store, readModels: [orderTotals(1), other] });
    await v1.start();
    await paid('order-1', 'ann', 100);
    await paid('order-2', 'gate', 5);
    expect(await waiter.waitFor((await paid('order-3', 'ann', 20)).position)).toBe(true);
    await v1.stop();
    await db.pool.query(`UPDATE test_order_totals SET total_cents = -1`); // the old version's table

    const model = orderTotals(2);
    const { gated, open, reached } = gatedStore();
    const v2 = new Projector({ pool: db.pool, store: gated, readModels: [model, other] });
    await v2.start(); // resolves while the rebuild waits at the gate
    await reached;
    expect(await rebuilding()).toEqual(['test_order_totals']);
    expect(await totals()).toEqual([
      { customer: 'ann', total: -1, orders: 2 },
      { customer: 'gate', total: -1, orders: 1 },
    ]);
    // Another model is followed meanwhile, and a waiter does not wait for the model being rebuilt.
    const during = await paid('order-4', 'bea', 7);
    expect(await waiter.waitFor(during.position)).toBe(true);
    const { rows } = await db.pool.query('SELECT customer FROM test_payment_rows ORDER BY position');
    expect(rows.map((r) => r.customer)).toEqual(['ann', 'gate', 'ann', 'bea']);

    open();
    await v2.rebuilt;
    expect(await rebuilding()).toEqual([]);
    expect(await shadowExists()).toBe(false);
    expect(await totals()).toEqual([
      { customer: 'ann', total: 120, orders: 2 },
      { customer: 'bea', total: 7, orders: 1 },
      { customer: 'gate', total: 5, orders: 1 },
    ]);
    const after = await paid('order-5', 'bea', 3);
    expect(await waiter.waitFor(after.position)).toBe(true);
    expect((await totals()).find((r) => r.customer === 'bea')).toEqual({ customer: 'bea', total: 10, orders: 2 });
    const version = await db.pool.query('SELECT version FROM projection_checkpoints WHERE name = $1', [model.name]);
    expect(version.rows).toEqual([{ version: 2 }]);
    await v2.stop();
    await waiter.close();
  });

  it('a rebuild waits for rebuildAfter (the open port), said from the start: waits and readiness leave the model aside', async () => {
    const v1 = new Projector({ pool: db.pool, store, readModels: [orderTotals(1)] });
    await v1.start();
    const waiter = new CheckpointWaiter(db.pool, [orderTotals()]);
    expect(await waiter.waitFor((await paid('order-1', 'ann', 100)).position)).toBe(true);
    await v1.stop();
    let listening = (): void => undefined;
    const rebuildAfter = new Promise<void>((resolve) => (listening = resolve));
    const v2 = new Projector({ pool: db.pool, store, readModels: [orderTotals(2)], rebuildAfter });
    await v2.start();
    expect(await rebuilding()).toEqual(['test_order_totals']);
    // Nothing is built yet, and a command appended meanwhile does not wait for the model left aside.
    expect(await shadowExists()).toBe(false);
    expect(await waiter.waitFor((await paid('order-2', 'bea', 5)).position, 1000)).toBe(true);
    listening();
    await v2.rebuilt;
    expect(await totals()).toEqual([
      { customer: 'ann', total: 100, orders: 1 },
      { customer: 'bea', total: 5, orders: 1 },
    ]);
    expect(await rebuilding()).toEqual([]);
    await v2.stop();
    await waiter.close();
  });

  it('a rebuild beside a running projector misses nothing appended while it runs, and applies nothing twice', async () => {
    const model = orderTotals();
    const projector = new Projector({ pool: db.pool, store, readModels: [model] });
    const waiter = new CheckpointWaiter(db.pool, [model]);
    await projector.start();
    for (let i = 0; i < 300; i++) await paid(`order-a${i}`, `c${i % 4}`, 1);
    let appending = true;
    let appended = 300;
    const writer = (async () => {
      while (appending) {
        await paid(`order-b${appended}`, `c${appended % 4}`, 1);
        appended++;
      }
    })();
    const rebuilt = await rebuildReadModels(db.pool, store, [model]);
    appending = false;
    await writer;
    expect(rebuilt.events).toBeGreaterThanOrEqual(300);
    expect(await waiter.waitFor(await store.headPosition())).toBe(true);
    const rows = await totals();
    expect(rows.reduce((sum, r) => sum + r.total, 0)).toBe(appended);
    expect(rows.reduce((sum, r) => sum + r.orders, 0)).toBe(appended);
    await projector.stop();
    await waiter.close();
  });

  it('a rebuild stopped before its swap leaves the live table as it was', async () => {
    const model = orderTotals();
    const projector = new Projector({ pool: db.pool, store, readModels: [model] });
    const waiter = new CheckpointWaiter(db.pool, [model]);
    await projector.start();
    expect(await waiter.waitFor((await paid('order-1', 'ann', 100)).position)).toBe(true);
    await projector.stop();
    const { rebuildInShadow } = await import('./shadow-rebuild.js');
    const result = await rebuildInShadow(db.pool, store, [orderTotals(2)], { stopped: () => true });
    expect(result.swapped).toBe(false);
    expect(await totals()).toEqual([{ customer: 'ann', total: 100, orders: 1 }]);
    expect(await rebuilding()).toEqual([]);
    await waiter.close();
  });
});
