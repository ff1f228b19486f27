import type { Pool, PoolClient } from 'pg';
import type { CardOnFile } from '#libs/contracts/cart.js';
import type { CardSavedOnFile } from '#libs/domain/card-on-file/card-on-file.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/** The card on file per customer: the latest card saved. */
export const cardsReadModel: ReadModel = {
  name: 'cards',
  version: 1,
  tables: ['cards_on_file'],
  schema: `
    CREATE TABLE cards_on_file (
      customer_id text PRIMARY KEY,
      token text NOT NULL,
      brand text NOT NULL,
      last4 text NOT NULL,
      month text NOT NULL,
      year text NOT NULL,
      saved_at timestamptz NOT NULL
    )`,
  handles: ['CardSavedOnFile'],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const d = (recorded as unknown as CardSavedOnFile).data;
    await db.query(
      `INSERT INTO cards_on_file (customer_id, token, brand, last4, month, year, saved_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (customer_id) DO UPDATE SET token = EXCLUDED.token, brand = EXCLUDED.brand, last4 = EXCLUDED.last4,
         month = EXCLUDED.month, year = EXCLUDED.year, saved_at = EXCLUDED.saved_at`,
      [d.customerId, d.token, d.brand, d.last4, d.month, d.year, d.savedAt],
    );
  },
};

export async function cardOf(db: Db, customerId: string): Promise<(CardOnFile & { token: string }) | null> {
  const { rows } = await db.query<CardOnFile & { token: string }>(
    `SELECT brand AS "BRAND", last4 AS "LAST4", month AS "MONTH", year AS "YEAR", token
       FROM cards_on_file WHERE customer_id = $1`,
    [customerId],
  );
  return rows[0] ?? null;
}
