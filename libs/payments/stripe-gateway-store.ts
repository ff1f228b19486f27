import type { Pool } from 'pg';
import type { AnswerKey } from '#libs/application/stored-answers.js';
import { addColumnSql } from '#libs/database/add-column.js';
import { onceSucceeded } from '#libs/database/once-succeeded.js';
import { checkOut } from '#libs/database/pools.js';
import type { ChargeResult, RefundResult } from './payment-gateway.js';

/**
 * What the Stripe gateway keeps of its own (docs/payments.md, Stripe): one row per Idempotency-Key,
 * claimed before Stripe is called, holding the PaymentIntent made with it and the answer, and one row
 * per refund key with its answer; each key with the fingerprint of what it asked (a repeat asking
 * anything else is refused). Stripe keeps a key's answer for 24 hours; this table keeps it for
 * good, voids a key settled without a charge, and does not depend on the server honouring the header
 * (localstripe does not). Never a card number: the processor keeps the card.
 */
export interface StripeKeyRow {
  intentId: string | null;
  result: ChargeResult | null;
  /** What the key's charge asked (null: a key voided by settle, which answers any request). */
  fingerprint: string | null;
  /** How long ago the key was claimed (the database's clock, as the row's time is). */
  ageMs: number;
}

/** A refund key's answer (null while it runs) and what it asked. */
export interface StripeRefundRow {
  result: RefundResult | null;
  fingerprint: string | null;
}

export interface StripeGatewayStore {
  /** Claims a charge key; false when it was claimed before (a repeat, or a voided key). */
  claimCharge(idempotencyKey: AnswerKey, amountCents: number, fingerprint: string): Promise<boolean>;
  findCharge(idempotencyKey: AnswerKey): Promise<StripeKeyRow | null>;
  /** Keeps the intent made with a key that has no answer yet (settle reads it by its id). */
  noteIntent(idempotencyKey: AnswerKey, intentId: string): Promise<void>;
  /** Records the intent and the answer unless an answer stands; answers the one that stands. */
  finishCharge(idempotencyKey: AnswerKey, intentId: string | null, result: ChargeResult): Promise<ChargeResult>;
  /**
   * The answer settle found (a key without a charge: voided with it, so a late charge gets it too),
   * unless an answer stands; an authentication that was waiting is replaced. Answers the one that stands.
   */
  settleCharge(idempotencyKey: AnswerKey, intentId: string | null, result: ChargeResult): Promise<ChargeResult>;
  /**
   * Runs `work` while no other refund of this charge runs (in any process): what is left of a charge is
   * read and refunded as one step, as Stripe does it (localstripe would refund more than was charged).
   */
  oneRefundAtATime<T>(chargeReference: string, work: () => Promise<T>): Promise<T>;
  claimRefund(
    idempotencyKey: AnswerKey,
    chargeReference: string,
    amountCents: number,
    fingerprint: string,
  ): Promise<boolean>;
  findRefund(idempotencyKey: AnswerKey): Promise<StripeRefundRow | null>;
  finishRefund(idempotencyKey: AnswerKey, result: RefundResult): Promise<RefundResult>;
  /** A refund claimed but refused before Stripe was asked: the key may try again. */
  forgetRefund(idempotencyKey: AnswerKey): Promise<void>;
}

/** The Stripe adapter's idempotency keys and refunds. */
export const STRIPE_GATEWAY_SCHEMA = `
CREATE TABLE IF NOT EXISTS stripe_gateway_keys (
  idempotency_key text PRIMARY KEY,
  amount_cents integer NOT NULL,
  intent_id text,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS stripe_gateway_refunds (
  idempotency_key text PRIMARY KEY,
  charge_reference text NOT NULL,
  amount_cents integer NOT NULL,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
${addColumnSql('stripe_gateway_keys', 'fingerprint text')};
${addColumnSql('stripe_gateway_refunds', 'fingerprint text')}`;

export function pgStripeGatewayStore(pool: Pool): StripeGatewayStore {
  const ensure = onceSucceeded(() => pool.query(STRIPE_GATEWAY_SCHEMA));
  const findCharge = async (key: string): Promise<StripeKeyRow | null> => {
    await ensure();
    const { rows } = await pool.query<{
      intent_id: string | null;
      result: ChargeResult | null;
      fingerprint: string | null;
      age_ms: number;
    }>(
      `SELECT intent_id, result, fingerprint, (extract(epoch FROM now() - created_at) * 1000)::float8 AS age_ms
       FROM stripe_gateway_keys WHERE idempotency_key = $1`,
      [key],
    );
    const row = rows[0];
    return row
      ? { intentId: row.intent_id, result: row.result, fingerprint: row.fingerprint, ageMs: row.age_ms }
      : null;
  };
  const findRefund = async (key: string): Promise<StripeRefundRow | null> => {
    await ensure();
    const { rows } = await pool.query<StripeRefundRow>(
      'SELECT result, fingerprint FROM stripe_gateway_refunds WHERE idempotency_key = $1',
      [key],
    );
    return rows[0] ?? null;
  };
  return {
    async claimCharge(key, amountCents, fingerprint) {
      await ensure();
      const claimed = await pool.query(
        `INSERT INTO stripe_gateway_keys (idempotency_key, amount_cents, fingerprint) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING 1`,
        [key, amountCents, fingerprint],
      );
      return claimed.rowCount === 1;
    },
    findCharge,
    async noteIntent(key, intentId) {
      await pool.query('UPDATE stripe_gateway_keys SET intent_id = $2 WHERE idempotency_key = $1', [key, intentId]);
    },
    async finishCharge(key, intentId, result) {
      await pool.query(
        `UPDATE stripe_gateway_keys SET intent_id = COALESCE($2, intent_id), result = $3
         WHERE idempotency_key = $1 AND result IS NULL`,
        [key, intentId, JSON.stringify(result)],
      );
      return (await findCharge(key))?.result ?? result;
    },
    async settleCharge(key, intentId, result) {
      await ensure();
      await pool.query(
        `INSERT INTO stripe_gateway_keys (idempotency_key, amount_cents, intent_id, result) VALUES ($1, 0, $2, $3)
         ON CONFLICT (idempotency_key) DO UPDATE
         SET intent_id = COALESCE(EXCLUDED.intent_id, stripe_gateway_keys.intent_id), result = EXCLUDED.result
         WHERE stripe_gateway_keys.result IS NULL OR stripe_gateway_keys.result ? 'action'`,
        [key, intentId, JSON.stringify(result)],
      );
      return (await findCharge(key))?.result ?? result;
    },
    async oneRefundAtATime(chargeReference, work) {
      await ensure();
      const connection = await checkOut(pool);
      const { client } = connection;
      try {
        await client.query('BEGIN');
        await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('stripe-refund:' || $1, 0))`, [
          chargeReference,
        ]);
        const done = await work();
        await client.query('COMMIT');
        connection.release();
        return done;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        connection.release();
        throw error;
      }
    },
    async claimRefund(key, chargeReference, amountCents, fingerprint) {
      await ensure();
      const claimed = await pool.query(
        `INSERT INTO stripe_gateway_refunds (idempotency_key, charge_reference, amount_cents, fingerprint)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1`,
        [key, chargeReference, amountCents, fingerprint],
      );
      return claimed.rowCount === 1;
    },
    findRefund,
    async finishRefund(key, result) {
      await pool.query('UPDATE stripe_gateway_refunds SET result = $2 WHERE idempotency_key = $1 AND result IS NULL', [
        key,
        JSON.stringify(result),
      ]);
      return (await findRefund(key))?.result ?? result;
    },
    async forgetRefund(key) {
      await pool.query('DELETE FROM stripe_gateway_refunds WHERE idempotency_key = $1 AND result IS NULL', [key]);
    },
  };
}
