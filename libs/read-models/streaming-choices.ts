import type { Pool, PoolClient } from 'pg';
import type { FavoriteEvent } from '#libs/domain/streaming/favorites.js';
import type { TermsEvent } from '#libs/domain/streaming/terms.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * A customer's streaming choices: favourite products (the list's `favorites` and category -1) and the
 * Terms of Use accepted per product (the video call's CONFIRM).
 */
export const streamingChoicesReadModel: ReadModel = {
  name: 'streaming-choices',
  version: 1,
  tables: ['streaming_favorites', 'streaming_terms'],
  schema: `
    CREATE TABLE streaming_favorites (
      customer_id text NOT NULL,
      product_id integer NOT NULL,
      added_at timestamptz NOT NULL,
      PRIMARY KEY (customer_id, product_id)
    );
    CREATE TABLE streaming_terms (
      customer_id text NOT NULL,
      product_id integer NOT NULL,
      accepted_at timestamptz NOT NULL,
      PRIMARY KEY (customer_id, product_id)
    )`,
  handles: ['FavoriteAdded', 'FavoriteRemoved', 'TermsAccepted'],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as FavoriteEvent | TermsEvent;
    switch (event.type) {
      case 'FavoriteAdded':
        await db.query(
          `INSERT INTO streaming_favorites (customer_id, product_id, added_at) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING`,
          [event.data.customerId, event.data.productId, event.data.addedAt],
        );
        return;
      case 'FavoriteRemoved':
        await db.query('DELETE FROM streaming_favorites WHERE customer_id = $1 AND product_id = $2', [
          event.data.customerId,
          event.data.productId,
        ]);
        return;
      case 'TermsAccepted':
        await db.query(
          `INSERT INTO streaming_terms (customer_id, product_id, accepted_at) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING`,
          [event.data.customerId, event.data.productId, event.data.acceptedAt],
        );
        return;
    }
  },
};

/** Favourite product ids, the latest first. */
export async function favoritesOf(db: Db, customerId: string): Promise<number[]> {
  const { rows } = await db.query<{ product_id: number }>(
    'SELECT product_id FROM streaming_favorites WHERE customer_id = $1 ORDER BY added_at DESC, product_id',
    [customerId],
  );
  return rows.map((r) => r.product_id);
}

export async function hasAcceptedTerms(db: Db, customerId: string, productId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM streaming_terms WHERE customer_id = $1 AND product_id = $2', [
    customerId,
    productId,
  ]);
  return rows.length > 0;
}
