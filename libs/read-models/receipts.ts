import type { Pool, PoolClient } from 'pg';
import type { OrderRefundLine, Receipt } from '#libs/contracts/cart.js';
import type { OrderEvent } from '#libs/domain/order/order.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * Receipts (checkout/confirm/{NUMBER}, signed-in section 2): one row per order, written when it is
 * placed and completed when it is paid, with its owner (null for a guest). Only paid orders have a
 * receipt to show. EVENTS (venue and hotel) come from the catalog when the receipt is read, and so do
 * the subscriptions' renewal terms and auto-renew as set now (renewal-terms.ts). Each
 * refund adds its line to REFUNDS (the ids of the refund events keep each one applied once).
 */
export const receiptsReadModel: ReadModel = {
  name: 'receipts',
  version: 2,
  tables: ['receipts'],
  schema: `
    CREATE TABLE receipts (
      onum text PRIMARY KEY,
      customer_id text,
      placed_at timestamptz NOT NULL,
      paid_at timestamptz,
      receipt jsonb NOT NULL,
      refund_event_ids text[] NOT NULL DEFAULT '{}'
    )`,
  handles: ['OrderPlaced', 'OrderPaid', 'OrderRefunded'],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as OrderEvent;
    switch (event.type) {
      case 'OrderPlaced': {
        const d = event.data;
        const receipt: StoredReceipt['receipt'] = {
          ONUM: String(d.onum),
          DATE: d.placedAt,
          ATTJSON: {
            FIRSTNAME: d.contact.FIRSTNAME,
            LASTNAME: d.contact.LASTNAME,
            ...(d.contact.company ? { company: d.contact.company } : {}),
            ADDRESS: d.contact.ADDRESS,
            ...(d.contact.ADDRESS2 ? { ADDRESS2: d.contact.ADDRESS2 } : {}),
            CITY: d.contact.CITY,
            STATE: d.contact.STATE,
            ZIP: d.contact.ZIP,
            COUNTRY: d.contact.COUNTRY,
            PHONE: d.contact.PHONE,
            EMAIL: d.contact.EMAIL,
          },
          PRODUCTS: d.lines.map((l) => ({
            PRODUCTID: l.PRODUCTID,
            PRODUCTNAME: l.PRODUCTNAME,
            TYPE: l.TYPE,
            UNITPRICE: l.UNITPRICE,
            QTY: l.QTY,
            TOTAL: l.AMOUNT,
          })),
          ORDER: { SUBTOTAL: d.SUBTOTAL, DISCOUNT: d.DISCOUNT, TAX: d.TAX, SHIPCOST: d.SHIPCOST, COUPON: d.COUPON },
          TOTAL: d.TOTAL,
          CARD: { BRAND: '', LAST4: '' },
          CATEGORY: d.CATEGORY,
          REFUNDS: [],
        };
        await db.query(
          `INSERT INTO receipts (onum, customer_id, placed_at, receipt) VALUES ($1, $2, $3, $4)
           ON CONFLICT (onum) DO NOTHING`,
          [String(d.onum), d.customerId, d.placedAt, JSON.stringify(receipt)],
        );
        return;
      }
      case 'OrderPaid': {
        const d = event.data;
        await db.query(
          `UPDATE receipts SET paid_at = $2::text::timestamptz,
                  receipt = jsonb_set(jsonb_set(receipt, '{CARD}', $3::jsonb), '{DATE}', to_jsonb($2::text))
            WHERE onum = $1`,
          [String(d.onum), d.paidAt, JSON.stringify({ BRAND: d.gateway.brand, LAST4: d.gateway.last4 })],
        );
        return;
      }
      case 'OrderRefunded': {
        const refund: OrderRefundLine = { AMOUNT: event.data.amountCents, DATE: event.data.refundedAt };
        await db.query(
          `UPDATE receipts
              SET receipt = jsonb_set(receipt, '{REFUNDS}', coalesce(receipt->'REFUNDS', '[]') || $2::jsonb),
                  refund_event_ids = refund_event_ids || $3::text
            WHERE onum = $1 AND NOT ($3 = ANY (refund_event_ids))`,
          [String(event.data.onum), JSON.stringify([refund]), recorded.id],
        );
        return;
      }
      default:
        return;
    }
  },
};

export interface StoredReceipt {
  customerId: string | null;
  paid: boolean;
  /** The receipt as the order recorded it; what is read at the time (EVENTS, the renewals, the card on file) is not kept. */
  receipt: Omit<Receipt, 'EVENTS' | 'RENEWALS' | 'CARDONFILE'>;
}

export async function receiptOf(db: Db, onum: string): Promise<StoredReceipt | null> {
  const { rows } = await db.query<StoredReceipt>(
    `SELECT customer_id AS "customerId", paid_at IS NOT NULL AS paid, receipt FROM receipts WHERE onum = $1`,
    [onum],
  );
  return rows[0] ?? null;
}
