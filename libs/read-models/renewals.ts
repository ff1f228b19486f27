import type { Pool, PoolClient } from 'pg';
import type { RenewalEvent } from '#libs/domain/renewal/renewal.events.js';
import type { AutoRenewSettings, HeldSubscription } from '#libs/domain/renewal/renewal.rules.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/** The automatic renewals (libs/domain/renewal): one row per customer, subscription and period. */
export const renewalsReadModel: ReadModel = {
  name: 'renewals',
  version: 1,
  tables: ['renewals'],
  schema: `
    CREATE TABLE renewals (
      customer_id text NOT NULL,
      subscription_type text NOT NULL,
      period date NOT NULL,
      status text NOT NULL,
      onum bigint NOT NULL,
      errors jsonb NOT NULL DEFAULT '[]',
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (customer_id, subscription_type, period)
    )`,
  handles: ['RenewalStarted', 'RenewalSucceeded', 'RenewalFailed', 'RenewalCancelled'],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as RenewalEvent;
    const d = event.data;
    switch (event.type) {
      case 'RenewalStarted':
        await db.query(
          `INSERT INTO renewals (customer_id, subscription_type, period, status, onum, updated_at)
           VALUES ($1, $2, $3, 'started', $4, $5) ON CONFLICT DO NOTHING`,
          [d.customerId, d.subscriptionType, d.period, d.onum, event.data.startedAt],
        );
        return;
      case 'RenewalSucceeded':
        await db.query(
          `UPDATE renewals SET status = 'succeeded', updated_at = $4
           WHERE customer_id = $1 AND subscription_type = $2 AND period = $3`,
          [d.customerId, d.subscriptionType, d.period, event.data.renewedAt],
        );
        return;
      case 'RenewalFailed':
        await db.query(
          `UPDATE renewals SET status = 'failed', errors = $4, updated_at = $5
           WHERE customer_id = $1 AND subscription_type = $2 AND period = $3`,
          [d.customerId, d.subscriptionType, d.period, JSON.stringify(event.data.errors), event.data.failedAt],
        );
        return;
      case 'RenewalCancelled':
        await db.query(
          `UPDATE renewals SET status = 'cancelled', errors = $4, updated_at = $5
           WHERE customer_id = $1 AND subscription_type = $2 AND period = $3`,
          [d.customerId, d.subscriptionType, d.period, JSON.stringify([event.data.reason]), event.data.cancelledAt],
        );
        return;
    }
  },
};

/** A renewal as the read model holds it (period YYYY-MM-DD). */
export interface RenewalRow {
  customerId: string;
  subscriptionType: string;
  period: string;
  status: 'started' | 'succeeded' | 'failed' | 'cancelled';
  onum: number;
  errors: string[];
}

const SELECT = `SELECT customer_id AS "customerId", subscription_type AS "subscriptionType",
  to_char(period, 'YYYY-MM-DD') AS period, status, onum::int AS onum, errors FROM renewals`;

export async function renewalsOf(db: Db, customerId: string): Promise<RenewalRow[]> {
  const { rows } = await db.query<RenewalRow>(`${SELECT} WHERE customer_id = $1 ORDER BY period, subscription_type`, [
    customerId,
  ]);
  return rows;
}

/** The failed renewals of a customer whose period has not passed (`today`: YYYY-MM-DD): the banner says so. */
export async function failedRenewalsOf(db: Db, customerId: string, today: string): Promise<RenewalRow[]> {
  const { rows } = await db.query<RenewalRow>(
    `${SELECT} WHERE customer_id = $1 AND status = 'failed' AND period >= $2::date ORDER BY period, subscription_type`,
    [customerId, today],
  );
  return rows;
}

/**
 * A customer the schedule may charge: a card on file, auto-renew on for the account or for one
 * subscription at least, their subscriptions still running, and their auto-renew settings.
 */
export interface RenewalCandidate {
  customerId: string;
  subscriptions: HeldSubscription[];
  autorenew: AutoRenewSettings;
}

/**
 * Customers with a card on file and auto-renew on somewhere (the account's, or a subscription's own),
 * with every subscription that runs past `now` and their settings (queries over the customers, cards
 * and entitlements read models). Which are due, auto-renew per subscription included, is the pure rule
 * dueRenewals of libs/domain/renewal/renewal.rules.ts.
 */
export async function renewalCandidates(db: Db, now: Date): Promise<RenewalCandidate[]> {
  const { rows } = await db.query<RenewalCandidate>(
    `SELECT c.customer_id AS "customerId",
            json_build_object('account', c.autorenew, 'subscriptions', c.autorenew_subscriptions) AS autorenew,
            json_agg(json_build_object(
              'subscriptionType', s.subscription_type,
              'startsAt', to_char(s.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'expiresAt', to_char(s.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
              ORDER BY s.expires_at) AS subscriptions
       FROM customers c
       JOIN cards_on_file k ON k.customer_id = c.customer_id
       JOIN entitlement_subscriptions s ON s.customer_id = c.customer_id
      WHERE (c.autorenew OR jsonb_path_exists(c.autorenew_subscriptions, '$.* ? (@ == true)'))
        AND s.expires_at > $1
      GROUP BY c.customer_id, c.autorenew, c.autorenew_subscriptions
      ORDER BY c.customer_id`,
    [now.toISOString()],
  );
  return rows;
}

/** Renewals started and not ended (a run that died, or the gateway unreachable): the next pass resumes them. */
export async function unfinishedRenewals(db: Db): Promise<RenewalRow[]> {
  const { rows } = await db.query<RenewalRow>(`${SELECT} WHERE status = 'started' ORDER BY updated_at`);
  return rows;
}
