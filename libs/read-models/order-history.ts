import type { Pool, PoolClient } from 'pg';
import type { OrderHistoryEntry, OrderHistoryPage, OrderRefundLine } from '#libs/contracts/cart.js';
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
  version: 3,
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
    CREATE INDEX order_history_by_customer ON order_history (customer_id, paid_at DESC, onum DESC)`,
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

/**
 * Where a page of the history ends: its last order's payment time to the microsecond and its number,
 * the order the pages are read in. Opaque to the client, which sends it back as `after`.
 */
export interface OrderPageCursor {
  paidAt: string;
  onum: string;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,12})$/;

/** The `after` of the next page (`2026-03-01T10:00:00.123456Z_100004`). */
export const encodeOrderCursor = (cursor: OrderPageCursor): string => `${cursor.paidAt}_${cursor.onum}`;

/** The cursor a client sent back, or null when it is not one this shop made. */
export function decodeOrderCursor(text: string): OrderPageCursor | null {
  const match = CURSOR.exec(text);
  if (!match) return null;
  const paidAt = match[1]!;
  // A real instant only (no 30 February): PostgreSQL would refuse it, and the client sent it.
  const parsed = new Date(paidAt);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 19) !== paidAt.slice(0, 19)) return null;
  return { paidAt, onum: match[2]! };
}

/**
 * A page of the customer's orders, newest first (payment time, then order number), after the cursor
 * when one is given: one index range scan, however long the history.
 */
export async function orderHistoryPage(
  db: Db,
  customerId: string,
  limit: number,
  after: OrderPageCursor | null,
): Promise<OrderHistoryPage> {
  const { rows } = await db.query<OrderHistoryEntry & { cursorAt: string }>(
    `SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "DATE", onum AS "ONUM",
            products AS "PRODUCTS", refunds AS "REFUNDS",
            to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursorAt"
       FROM order_history
      WHERE customer_id = $1 AND ($2::timestamptz IS NULL OR (paid_at, onum) < ($2::timestamptz, $3::text))
      ORDER BY paid_at DESC, onum DESC
      LIMIT $4`,
    [customerId, after?.paidAt ?? null, after?.onum ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(({ cursorAt: _cursorAt, ...entry }) => entry),
    NEXT: rows.length > limit && last ? encodeOrderCursor({ paidAt: last.cursorAt, onum: last.ONUM }) : null,
  };
}

/** The ids of the CME modules (TYPE cme, any case) the customer paid for in the UTC year. */
export async function cmeModulesBoughtIn(db: Db, customerId: string, year: number): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT DISTINCT (line->>'PRODUCTID')::int AS id
       FROM order_history, jsonb_array_elements(products) AS line
      WHERE customer_id = $1 AND paid_at >= make_timestamptz($2, 1, 1, 0, 0, 0, 'UTC')
        AND paid_at < make_timestamptz($2 + 1, 1, 1, 0, 0, 0, 'UTC') AND lower(line->>'TYPE') = 'cme'`,
    [customerId, year],
  );
  return new Set(rows.map((row) => row.id));
}
