import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { newEvent } from '#libs/eventstore/testing/new-event.testing.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { customersReadModel, findCustomerById } from './customers.js';
import { CheckpointWaiter, Projector } from './projector.js';
import { orderTotals, paymentRows } from './projector-models.testing.js';
import type { ReadModel } from './read-model.js';

describe('Projector, behind the log', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const errors: { err?: unknown; msg?: string }[] = [];
  const logger = { info: () => undefined, error: (obj: object, msg?: string) => errors.push({ ...obj, msg }) };

  beforeEach(async () => {
    errors.length = 0;
    db = await createTestDatabase();
    store = await PostgresEventStore.create(db.pool);
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  /** Projects one payment, stops, then appends `count` payments of 1..count cents, one append each: the projector is behind. */
  async function fallBehind(models: ReadModel[], count: number): Promise<{ before: bigint; last: bigint }> {
    const waiter = new CheckpointWaiter(db.pool, models);
    const first = new Projector({ pool: db.pool, store, readModels: models });
    await first.start();
    const start = await store.append('order-0', [newEvent('OrderPaid', { customer: 'gu', cents: 1000 })], 'no_stream');
    expect(await waiter.waitFor(start.position)).toBe(true);
    await first.stop();
    await waiter.close();
    let last = 0n;
    for (let i = 1; i <= count; i++) {
      last = (await store.append(`order-${i}`, [newEvent('OrderPaid', { customer: 'gu', cents: i })], 'no_stream'))
        .position;
    }
    return { before: start.position, last };
  }

  /** Transactions (xmin) that wrote the payment rows after `after`, and the one that last moved the checkpoints. */
  async function writers(after: bigint): Promise<{ rows: number; rowWriters: string[]; checkpointWriters: string[] }> {
    const rows = await db.pool.query<{ xmin: string }>(
      'SELECT xmin::text AS xmin FROM test_payment_rows WHERE position > $1',
      [after.toString()],
    );
    const checkpoints = await db.pool.query<{ xmin: string }>(
      `SELECT DISTINCT xmin::text AS xmin FROM projection_checkpoints WHERE name IN ('test_payment_rows', 'test_order_totals')`,
    );
    return {
      rows: rows.rowCount ?? 0,
      rowWriters: [...new Set(rows.rows.map((r) => r.xmin))],
      checkpointWriters: checkpoints.rows.map((r) => r.xmin),
    };
  }

  const state = async () => ({
    totals: (await db.pool.query('SELECT customer, total_cents::int AS total, orders FROM test_order_totals')).rows,
    payments: Number((await db.pool.query('SELECT count(*) FROM test_payment_rows')).rows[0].count),
    checkpoints: (
      await db.pool.query<{ name: string; position: string }>(
        'SELECT name, position FROM projection_checkpoints ORDER BY name',
      )
    ).rows,
  });

  it('applies the events that arrived while it was behind in one transaction, with the checkpoints', async () => {
    const models = [orderTotals(), paymentRows()];
    const { before, last } = await fallBehind(models, 40);
    const projector = new Projector({ pool: db.pool, store, readModels: models, logger });
    const waiter = new CheckpointWaiter(db.pool, models);
    await projector.start();
    expect(await waiter.waitFor(last, 10_000)).toBe(true);
    await projector.stop();
    await waiter.close();

    // Every row of the 40 events, and both checkpoints, were written by one and the same transaction.
    const { rows, rowWriters, checkpointWriters } = await writers(before);
    expect(rows).toBe(40);
    expect(rowWriters).toHaveLength(1);
    expect(checkpointWriters).toEqual(rowWriters);
    // The pipelined model and the one that reads its own answers both saw every event, once, in order.
    expect(await state()).toEqual({
      totals: [{ customer: 'gu', total: 1000 + (40 * 41) / 2, orders: 41 }],
      payments: 41,
      checkpoints: [
        { name: 'test_order_totals', position: last.toString() },
        { name: 'test_payment_rows', position: last.toString() },
      ],
    });
    expect(errors).toEqual([]);
  });

  it('a statement failing in the middle of a batch leaves every model at its last checkpoint, then recovers', async () => {
    const models = [orderTotals(), paymentRows()];
    const { before, last } = await fallBehind(models, 40);
    // Payment 20 of the batch breaks a rule the model's table has (a bug, fixed below while the projector waits to retry).
    await db.pool.query('ALTER TABLE test_payment_rows ADD CONSTRAINT not_twenty CHECK (cents <> 20)');
    const lastGood = await state();
    let duringFailure: Awaited<ReturnType<typeof state>> | undefined;
    let fixed: Promise<void> | undefined;
    const checkingLogger = {
      info: () => undefined,
      error: (obj: object, msg?: string) => {
        logger.error(obj, msg);
        // What readers see after the failure: read it, then fix the model so that the retry succeeds.
        fixed ??= (async () => {
          duringFailure = await state();
          await db.pool.query('ALTER TABLE test_payment_rows DROP CONSTRAINT not_twenty');
        })();
      },
    };
    const projector = new Projector({ pool: db.pool, store, readModels: models, logger: checkingLogger });
    const waiter = new CheckpointWaiter(db.pool, models);
    await projector.start();
    expect(await waiter.waitFor(last, 20_000)).toBe(true);
    await fixed;
    await projector.stop();
    await waiter.close();

    expect(String(errors[0]?.err)).toContain('not_twenty');
    expect(errors[0]?.msg).toBe('projector failed; starting again from the checkpoints');
    // Nothing of the failed batch was visible: not the 19 payments before the failing one, not the checkpoints.
    expect(duringFailure).toEqual(lastGood);
    expect(lastGood.checkpoints.map((c) => c.position)).toEqual([before.toString(), before.toString()]);
    // Then the whole batch, once.
    expect(await state()).toEqual({
      totals: [{ customer: 'gu', total: 1000 + (40 * 41) / 2, orders: 41 }],
      payments: 41,
      checkpoints: [
        { name: 'test_order_totals', position: last.toString() },
        { name: 'test_payment_rows', position: last.toString() },
      ],
    });
  });

  it('the customers model keeps its pipelined promise: a registration, validation and date of birth in one batch', async () => {
    const customerId = 'c-pipelined';
    const profile = { firstname: 'Ida', lastname: 'Imre', suffix: null, specialty: 'Urology', status: null };
    const address = { address: '1 Main St', address2: null, city: 'Reno', state: 'NV', zip: '89501', country: 'US' };
    const at = '2026-01-02T03:04:05.000Z';
    // Appended before the projector starts: it is behind and applies the three as one batch, in order
    // (were the UPDATEs to run before the INSERT, they would change nothing).
    const { position } = await store.append(
      `customer-${customerId}`,
      [
        newEvent('CustomerRegistered', {
          customerId,
          email: 'ida@example.test',
          profile: { ...profile, ...address, phone: null, autorenew: false, utimezone: null },
          passwordHash: 'not-a-real-hash',
          agreedToTerms: true,
          registeredVia: 'form',
          registeredAt: at,
        }),
        newEvent('EmailValidated', { customerId, email: 'ida@example.test', validatedAt: at, via: 'link' }),
        newEvent('DateOfBirthRecorded', { customerId, dobEncrypted: 'ciphertext', recordedAt: at }),
      ],
      'no_stream',
    );
    const projector = new Projector({ pool: db.pool, store, readModels: [customersReadModel], logger });
    const waiter = new CheckpointWaiter(db.pool, [customersReadModel]);
    try {
      await projector.start();
      expect(await waiter.waitFor(position, 10_000)).toBe(true);
    } finally {
      await projector.stop();
      await waiter.close();
    }
    expect(errors).toEqual([]);
    expect(await findCustomerById(db.pool, customerId)).toMatchObject({ email: 'ida@example.test', validated: true });
    const dob = await db.pool.query('SELECT dob_encrypted FROM customers WHERE customer_id = $1', [customerId]);
    expect(dob.rows).toEqual([{ dob_encrypted: 'ciphertext' }]);
  });

  it('refuses a pipelined model that sends a statement after awaiting (it would run out of order)', async () => {
    const late: ReadModel = {
      ...paymentRows(),
      async apply(event, db) {
        await Promise.resolve();
        await db.query('INSERT INTO test_payment_rows VALUES ($1, $2, $3)', [event.position.toString(), 'x', 1]);
      },
    };
    let failure: (() => void) | undefined;
    const failed = new Promise<void>((resolve) => (failure = resolve));
    const projector = new Projector({
      pool: db.pool,
      store,
      readModels: [late],
      logger: { info: () => undefined, error: (obj: object, msg?: string) => (logger.error(obj, msg), failure?.()) },
    });
    try {
      await projector.start();
      await store.append('order-late', [newEvent('OrderPaid', { customer: 'hy', cents: 1 })], 'no_stream');
      await failed;
    } finally {
      await projector.stop();
    }
    expect(String(errors[0]?.err)).toContain(
      'read model test_payment_rows is pipelined but sent a statement after awaiting',
    );
    expect((await db.pool.query('SELECT count(*)::int AS n FROM test_payment_rows')).rows).toEqual([{ n: 0 }]);
  });
});
