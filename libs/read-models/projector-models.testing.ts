import type { PoolClient } from 'pg';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

/** A test-only read model: order totals per customer, with a count of applied events to catch double-applies. */
export function orderTotals(version = 1): ReadModel {
  return {
    name: 'test_order_totals',
    version,
    tables: ['test_order_totals'],
    schema: `CREATE TABLE test_order_totals (customer text PRIMARY KEY, total_cents bigint NOT NULL, orders int NOT NULL)`,
    handles: ['OrderPaid', 'OrderRefunded'],
    async apply(event: RecordedEvent, db: PoolClient) {
      const data = event.data as { customer: string; cents: number };
      const cents = event.type === 'OrderPaid' ? data.cents : -data.cents;
      await db.query(
        `INSERT INTO test_order_totals VALUES ($1, $2, 1)
         ON CONFLICT (customer) DO UPDATE SET total_cents = test_order_totals.total_cents + $2, orders = test_order_totals.orders + 1`,
        [data.customer, cents],
      );
    },
  };
}

/**
 * A test-only pipelined read model (its statements are sent for a whole batch at once): one row per
 * payment, with a CHECK that a test can use to make one statement of a batch fail.
 */
export function paymentRows(): ReadModel {
  return {
    name: 'test_payment_rows',
    version: 1,
    tables: ['test_payment_rows'],
    schema: `CREATE TABLE test_payment_rows (position bigint PRIMARY KEY, customer text NOT NULL, cents int NOT NULL)`,
    handles: ['OrderPaid'],
    pipelined: true,
    async apply(event: RecordedEvent, db: PoolClient) {
      const data = event.data as { customer: string; cents: number };
      await db.query('INSERT INTO test_payment_rows VALUES ($1, $2, $3)', [
        event.position.toString(),
        data.customer,
        data.cents,
      ]);
    },
  };
}
