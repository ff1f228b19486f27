import type { Pool, PoolClient } from 'pg';
import type { BookCodeEvent } from '#libs/domain/streaming/book-code.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/** The code registry: which book code was redeemed, by whom, when, for which book. */
export const bookCodeRegistryReadModel: ReadModel = {
  name: 'book-code-registry',
  version: 1,
  tables: ['book_code_redemptions'],
  schema: `
    CREATE TABLE book_code_redemptions (
      code text PRIMARY KEY,
      customer_id text NOT NULL,
      product_id integer NOT NULL,
      redeemed_at timestamptz NOT NULL
    );
    CREATE INDEX book_code_redemptions_customer ON book_code_redemptions (customer_id)`,
  handles: ['CodeRedeemed'],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as BookCodeEvent;
    if (event.type !== 'CodeRedeemed') return;
    await db.query(
      `INSERT INTO book_code_redemptions (code, customer_id, product_id, redeemed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [event.data.code, event.data.customerId, event.data.productId, event.data.redeemedAt],
    );
  },
};

export interface Redemption {
  code: string;
  customerId: string;
  productId: number;
  redeemedAt: string;
}

export async function redemptionOf(db: Db, code: string): Promise<Redemption | null> {
  const { rows } = await db.query<Redemption>(
    `SELECT code, customer_id AS "customerId", product_id AS "productId",
            to_char(redeemed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "redeemedAt"
       FROM book_code_redemptions WHERE code = $1`,
    [code],
  );
  return rows[0] ?? null;
}
