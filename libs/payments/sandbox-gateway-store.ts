import type { Pool } from 'pg';
import type { AnswerKey } from '#libs/application/stored-answers.js';
import { addColumnSql } from '#libs/database/add-column.js';
import { onceSucceeded } from '#libs/database/once-succeeded.js';
import { checkOut } from '#libs/database/pools.js';
import type { ChargeResult, RefundRequest, RefundResult, TokenizedCard } from './payment-gateway.js';

/**
 * What the sandbox gateway keeps (docs/payments.md): its charges by key, each with the fingerprint of
 * what it asked, the refunds by key likewise, and the tokens of kept cards (brand, last four, expiry
 * and the card's test behaviour; never the number or the security code). In memory for unit tests, in
 * PostgreSQL for the shop.
 */

/** What a kept card does when charged: approve, or decline with this text. Never the number. */
export interface SandboxToken extends TokenizedCard {
  decline: string | null;
}

/** A key's stored answer and the fingerprint of what it asked (null: a key voided by `settle`). */
export interface KeptCharge {
  result: ChargeResult;
  fingerprint: string | null;
}

export interface SandboxStore {
  /** The answer first recorded for this key, if any. */
  findCharge(idempotencyKey: AnswerKey): Promise<KeptCharge | null>;
  /** Records the answer unless one is there already; answers the one that stands. */
  recordCharge(
    idempotencyKey: AnswerKey,
    amountCents: number,
    fingerprint: string | null,
    result: ChargeResult,
  ): Promise<KeptCharge>;
  findToken(token: string): Promise<SandboxToken | null>;
  saveToken(token: SandboxToken): Promise<void>;
  /**
   * The answer recorded for this refund key (with the fingerprint of what it asked); else, one refund
   * of the charge at a time, `decide` is given what the approved charge took (null when there is none)
   * and what its refunds gave back so far, and its answer is recorded under the key and answered.
   */
  refund(
    request: RefundRequest,
    fingerprint: string,
    decide: (chargedCents: number | null, refundedCents: number) => RefundResult,
  ): Promise<{ result: RefundResult; fingerprint: string | null }>;
}

export function memorySandboxStore(): SandboxStore & { charges: Map<string, KeptCharge> } {
  const charges = new Map<string, KeptCharge>();
  const amounts = new Map<string, number>();
  const tokens = new Map<string, SandboxToken>();
  const refunds = new Map<string, { chargeReference: string; result: RefundResult; fingerprint: string }>();
  return {
    charges,
    findCharge: (key) => Promise.resolve(charges.get(key) ?? null),
    recordCharge: (key, amount, fingerprint, result) => {
      const first = charges.get(key);
      if (first) return Promise.resolve(first);
      const kept = { result, fingerprint };
      charges.set(key, kept);
      if (result.approved) amounts.set(result.reference, amount);
      return Promise.resolve(kept);
    },
    // No await between the look-up and the record: one refund at a time, as the table's row lock.
    refund: (request, fingerprint, decide) => {
      const first = refunds.get(request.idempotencyKey);
      if (first) return Promise.resolve(first);
      let refunded = 0;
      for (const r of refunds.values()) {
        if (r.chargeReference === request.chargeReference && r.result.refunded) refunded += r.result.amountCents;
      }
      const result = decide(amounts.get(request.chargeReference) ?? null, refunded);
      const kept = { chargeReference: request.chargeReference, result, fingerprint };
      refunds.set(request.idempotencyKey, kept);
      return Promise.resolve(kept);
    },
    findToken: (token) => Promise.resolve(tokens.get(token) ?? null),
    saveToken: (token) => {
      tokens.set(token.token, token);
      return Promise.resolve();
    },
  };
}

/** The sandbox gateway's charges, saved cards and refunds (its own bookkeeping, as a real gateway's). */
export const SANDBOX_GATEWAY_SCHEMA = `
CREATE TABLE IF NOT EXISTS sandbox_gateway_charges (
  idempotency_key text PRIMARY KEY,
  amount_cents integer NOT NULL,
  result jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS sandbox_gateway_tokens (
  token text PRIMARY KEY,
  brand text NOT NULL,
  last4 text NOT NULL,
  month text NOT NULL,
  year text NOT NULL,
  decline text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sandbox_gateway_charges_by_reference
  ON sandbox_gateway_charges ((result->>'reference'));
CREATE TABLE IF NOT EXISTS sandbox_gateway_refunds (
  idempotency_key text PRIMARY KEY,
  charge_reference text NOT NULL,
  amount_cents integer NOT NULL,
  reason text NOT NULL,
  result jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sandbox_gateway_refunds_by_charge ON sandbox_gateway_refunds (charge_reference);
${addColumnSql('sandbox_gateway_charges', 'fingerprint text')};
${addColumnSql('sandbox_gateway_refunds', 'fingerprint text')}`;

export function pgSandboxStore(pool: Pool): SandboxStore {
  const ensure = onceSucceeded(() => pool.query(SANDBOX_GATEWAY_SCHEMA));
  return {
    async findCharge(key) {
      await ensure();
      const { rows } = await pool.query<KeptCharge>(
        'SELECT result, fingerprint FROM sandbox_gateway_charges WHERE idempotency_key = $1',
        [key],
      );
      return rows[0] ?? null;
    },
    async recordCharge(key, amountCents, fingerprint, result) {
      await ensure();
      await pool.query(
        `INSERT INTO sandbox_gateway_charges (idempotency_key, amount_cents, result, fingerprint) VALUES ($1, $2, $3, $4)
         ON CONFLICT (idempotency_key) DO NOTHING`,
        [key, amountCents, JSON.stringify(result), fingerprint],
      );
      return (await this.findCharge(key)) ?? { result, fingerprint };
    },
    async findToken(token) {
      await ensure();
      const { rows } = await pool.query<SandboxToken>(
        'SELECT token, brand, last4, month, year, decline FROM sandbox_gateway_tokens WHERE token = $1',
        [token],
      );
      return rows[0] ?? null;
    },
    async refund(request, fingerprint, decide) {
      await ensure();
      const connection = await checkOut(pool);
      const { client } = connection;
      try {
        await client.query('BEGIN');
        // The charge's row lock: refunds of one charge are decided one at a time, so they never add up to more.
        const charge = await client.query<{ amount_cents: number }>(
          `SELECT amount_cents FROM sandbox_gateway_charges
            WHERE result->>'reference' = $1 AND result->>'approved' = 'true' FOR UPDATE`,
          [request.chargeReference],
        );
        const first = await client.query<{ result: RefundResult; fingerprint: string | null }>(
          'SELECT result, fingerprint FROM sandbox_gateway_refunds WHERE idempotency_key = $1',
          [request.idempotencyKey],
        );
        if (first.rows[0]) {
          await client.query('COMMIT');
          return first.rows[0];
        }
        const sum = await client.query<{ refunded: string }>(
          `SELECT coalesce(sum(amount_cents), 0) AS refunded FROM sandbox_gateway_refunds
            WHERE charge_reference = $1 AND result->>'refunded' = 'true'`,
          [request.chargeReference],
        );
        const result = decide(charge.rows[0]?.amount_cents ?? null, Number(sum.rows[0]?.refunded ?? 0));
        // A key raced in by a refund of no charge (no row to lock) keeps its first answer.
        const inserted = await client.query(
          `INSERT INTO sandbox_gateway_refunds (idempotency_key, charge_reference, amount_cents, reason, result, fingerprint)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING`,
          [
            request.idempotencyKey,
            request.chargeReference,
            result.refunded ? result.amountCents : 0,
            request.reason,
            JSON.stringify(result),
            fingerprint,
          ],
        );
        await client.query('COMMIT');
        if (inserted.rowCount === 1) return { result, fingerprint };
        const again = await pool.query<{ result: RefundResult; fingerprint: string | null }>(
          'SELECT result, fingerprint FROM sandbox_gateway_refunds WHERE idempotency_key = $1',
          [request.idempotencyKey],
        );
        return again.rows[0] ?? { result, fingerprint };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    async saveToken(t) {
      await ensure();
      await pool.query(
        `INSERT INTO sandbox_gateway_tokens (token, brand, last4, month, year, decline) VALUES ($1, $2, $3, $4, $5, $6)`,
        [t.token, t.brand, t.last4, t.month, t.year, t.decline],
      );
    },
  };
}
