import type { Pool, PoolClient } from 'pg';
import type { OrderHistoryEntry, OrderRefundLine } from '#libs/contracts/cart.js';
import type { OrderPaid, OrderRefunded } from '#libs/domain/order/order.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * The Orders tab (signed-in section 2): each paid order of a customer with its DATE, ONUM and products,
 * and its refunds (amount and date; the ids of the refund events keep each one applied once).
 */
export const orderHistoryReadModel: ReadModel = {
  name: 'order-history',
  version: 2,
  tables: ['order_history'],
  schema: `
    CREATE TABLE order_history (
      onum text PRIMARY KEY,
      customer_id text NOT NULL,
      paid_at timestamptz NOT NULL,
      products jsonb NOT NULL,
      refunds jsonb NOT NULL DEFAULT '[]',
      refund_event_ids text[] NOT NULL DEFAULT '{}'
    );
    CREATE INDEX order_history_by_customer ON order_history (customer_id, paid_at DESC)`,
  handles: ['OrderPaid', 'OrderRefunded'],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as OrderPaid | OrderRefunded;
    if (event.type === 'OrderRefunded') {
      const refund: OrderRefundLine = { AMOUNT: event.data.amountCents, DATE: event.data.refundedAt };
      await db.query(
        `UPDATE order_history SET refunds = refunds || $2::jsonb, refund_event_ids = refund_event_ids || $3::text
          WHERE onum = $1 AND NOT ($3 = ANY (refund_event_ids))`,
        [String(event.data.onum), JSON.stringify([refund]), recorded.id],
      );
      return;
    }
    const d = event.data;
    if (d.customerId === null) return; // a guest has no order history
    const products: OrderHistoryEntry['PRODUCTS'] = d.lines.map((l) => ({
      PRODUCTID: l.PRODUCTID,
      PRODUCTNAME: l.PRODUCTNAME,
      TYPE: l.TYPE,
    }));
    await db.query(
      `INSERT INTO order_history (onum, customer_id, paid_at, products) VALUES ($1, $2, $3, $4)
       ON CONFLICT (onum) DO NOTHING`,
      [String(d.onum), d.customerId, d.paidAt, JSON.stringify(products)],
    );
  },
};

/** The customer's orders, newest first. */
export async function orderHistoryOf(db: Db, customerId: string): Promise<OrderHistoryEntry[]> {
  const { rows } = await db.query<OrderHistoryEntry>(
    `SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "DATE", onum AS "ONUM",
            products AS "PRODUCTS", refunds AS "REFUNDS"
       FROM order_history WHERE customer_id = $1 ORDER BY paid_at DESC, onum DESC`,
    [customerId],
  );
  return rows;
}
