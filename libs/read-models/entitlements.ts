import type { Pool, PoolClient } from 'pg';
import type { EntitlementEvent } from '#libs/domain/entitlements/entitlements.events.js';
import type { RoleSources } from '#libs/domain/entitlements/roles.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * NOTIFY channel carrying a customer id whenever their entitlements changed: sent inside the
 * projection's transaction, so every API process hears of it once the read model holds the grant
 * (apps/api/identity/roles.service.ts empties its cache entry then).
 */
export const ENTITLEMENTS_CHANNEL = 'entitlements_changed';

/** What each customer holds: subscriptions with their dates, and products they may use. Roles derive from it. */
export const entitlementsReadModel: ReadModel = {
  name: 'entitlements',
  version: 1,
  tables: ['entitlement_subscriptions', 'entitlement_products'],
  schema: `
    CREATE TABLE entitlement_subscriptions (
      customer_id text NOT NULL,
      subscription_type text NOT NULL,
      starts_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      source text NOT NULL,
      PRIMARY KEY (customer_id, subscription_type, source)
    );
    CREATE TABLE entitlement_products (
      customer_id text NOT NULL,
      product_id integer NOT NULL,
      product_type text NOT NULL,
      source text NOT NULL,
      PRIMARY KEY (customer_id, product_id, source)
    )`,
  handles: ['SubscriptionGranted', 'ProductAccessGranted', 'EntitlementsRevoked'],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as EntitlementEvent;
    switch (event.type) {
      case 'SubscriptionGranted': {
        const d = event.data;
        await db.query(
          `INSERT INTO entitlement_subscriptions (customer_id, subscription_type, starts_at, expires_at, source)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
          [d.customerId, d.subscriptionType, d.startsAt, d.expiresAt, d.source],
        );
        await db.query('SELECT pg_notify($1, $2)', [ENTITLEMENTS_CHANNEL, d.customerId]);
        return;
      }
      case 'ProductAccessGranted': {
        const d = event.data;
        await db.query(
          `INSERT INTO entitlement_products (customer_id, product_id, product_type, source)
           VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
          [d.customerId, d.productId, d.productType, d.source],
        );
        await db.query('SELECT pg_notify($1, $2)', [ENTITLEMENTS_CHANNEL, d.customerId]);
        return;
      }
      case 'EntitlementsRevoked': {
        const d = event.data;
        await db.query('DELETE FROM entitlement_subscriptions WHERE customer_id = $1 AND source = $2', [
          d.customerId,
          d.source,
        ]);
        await db.query('DELETE FROM entitlement_products WHERE customer_id = $1 AND source = $2', [
          d.customerId,
          d.source,
        ]);
        await db.query('SELECT pg_notify($1, $2)', [ENTITLEMENTS_CHANNEL, d.customerId]);
        return;
      }
    }
  },
};

export interface CustomerEntitlements extends RoleSources {
  subscriptions: { subscriptionType: string; startsAt: string; expiresAt: string; source: string }[];
  products: { productId: number; productType: string; source: string }[];
}

export async function entitlementsOf(db: Db, customerId: string): Promise<CustomerEntitlements> {
  const [subscriptions, products] = await Promise.all([
    db.query<CustomerEntitlements['subscriptions'][number]>(
      `SELECT subscription_type AS "subscriptionType",
              to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startsAt",
              to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "expiresAt", source
         FROM entitlement_subscriptions WHERE customer_id = $1 ORDER BY starts_at`,
      [customerId],
    ),
    db.query<CustomerEntitlements['products'][number]>(
      `SELECT product_id AS "productId", product_type AS "productType", source
         FROM entitlement_products WHERE customer_id = $1 ORDER BY product_id`,
      [customerId],
    ),
  ]);
  return { subscriptions: subscriptions.rows, products: products.rows };
}
