import type { Pool, PoolClient } from 'pg';
import type { OrderPaid, OrderRefunded } from '#libs/domain/order/order.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * One paid order line, in cents, with the OrderPaid event it comes from; or one refund (OrderRefunded):
 * type `refund`, no product, the reason as its name, the amount given back negative.
 */
export interface LedgerRow {
  eventId: string;
  occurredAt: string;
  onum: string;
  lineNo: number;
  /** null on a refund's row. */
  productId: number | null;
  productName: string;
  type: string;
  qty: number;
  unitPrice: number;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
  /** The gateway's reference: the charge's on a paid line, the refund's on a refund. */
  reference: string;
}

/** The event types the ledger is made of. */
export const LEDGER_EVENT_TYPES = ['OrderPaid', 'OrderRefunded'] as const;

/**
 * The ledger rows of one OrderPaid event (one per line, in the order's line order) or OrderRefunded
 * event (one row: the refund, negative), so the rows of a period add up to what was paid less what was
 * refunded in it.
 */
export function ledgerRowsOf(recorded: RecordedEvent): LedgerRow[] {
  const event = recorded as unknown as OrderPaid | OrderRefunded;
  if (event.type === 'OrderRefunded') {
    const d = event.data;
    return [
      {
        eventId: recorded.id,
        occurredAt: recorded.metadata.occurredAt,
        onum: String(d.onum),
        lineNo: 1,
        productId: null,
        productName: d.reason,
        type: 'refund',
        qty: 1,
        unitPrice: -d.amountCents,
        discount: 0,
        tax: 0,
        shipping: 0,
        total: -d.amountCents,
        reference: d.refundReference,
      },
    ];
  }
  return event.data.lines.map((l, i) => ({
    eventId: recorded.id,
    occurredAt: recorded.metadata.occurredAt,
    onum: String(event.data.onum),
    lineNo: i + 1,
    productId: l.PRODUCTID,
    productName: l.PRODUCTNAME,
    type: l.TYPE,
    qty: l.QTY,
    unitPrice: l.UNITPRICE,
    discount: l.DISCOUNT,
    tax: l.TAX,
    shipping: l.SHIPPING,
    total: l.TOTAL,
    reference: event.data.gateway.reference,
  }));
}

/** The finance ledger: one row per paid order line and per refund (docs/conventions.md, Read side). */
export const financeLedgerReadModel: ReadModel = {
  name: 'finance-ledger',
  version: 2,
  tables: ['finance_ledger'],
  schema: `
    CREATE TABLE finance_ledger (
      event_id text NOT NULL,
      line_no integer NOT NULL,
      occurred_at timestamptz NOT NULL,
      onum text NOT NULL,
      product_id integer,
      product_name text NOT NULL,
      type text NOT NULL,
      qty integer NOT NULL,
      unit_price bigint NOT NULL,
      discount bigint NOT NULL,
      tax bigint NOT NULL,
      shipping bigint NOT NULL,
      total bigint NOT NULL,
      reference text NOT NULL,
      PRIMARY KEY (event_id, line_no)
    );
    CREATE INDEX finance_ledger_by_time ON finance_ledger (occurred_at)`,
  handles: [...LEDGER_EVENT_TYPES],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    for (const r of ledgerRowsOf(recorded)) {
      await db.query(
        `INSERT INTO finance_ledger (event_id, line_no, occurred_at, onum, product_id, product_name, type, qty,
           unit_price, discount, tax, shipping, total, reference)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT DO NOTHING`,
        [
          r.eventId,
          r.lineNo,
          r.occurredAt,
          r.onum,
          r.productId,
          r.productName,
          r.type,
          r.qty,
          r.unitPrice,
          r.discount,
          r.tax,
          r.shipping,
          r.total,
          r.reference,
        ],
      );
    }
  },
};

/** Ledger rows with occurred_at in [from, to) (ISO instants), in time order. */
export async function ledgerRows(db: Db, from: string, to: string): Promise<LedgerRow[]> {
  const { rows } = await db.query<LedgerRow>(
    `SELECT event_id AS "eventId",
            to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurredAt",
            onum, line_no AS "lineNo", product_id AS "productId", product_name AS "productName", type, qty,
            unit_price::int AS "unitPrice", discount::int AS discount, tax::int AS tax, shipping::int AS shipping,
            total::int AS total, reference
       FROM finance_ledger WHERE occurred_at >= $1 AND occurred_at < $2
      ORDER BY occurred_at, event_id, line_no`,
    [from, to],
  );
  return rows;
}
