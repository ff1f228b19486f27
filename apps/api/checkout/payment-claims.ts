import type { OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { type AnswerKey, keptKey } from '#libs/application/stored-answers.js';
import type { PayResponse } from '#libs/contracts/cart.js';
import type { SubscriptionAutoRenewChoice } from '#libs/domain/customer/customer.commands.js';
import { type HeldLock, holdAdvisoryLock } from '#libs/database/held-lock.js';
import { onceSucceeded } from '#libs/database/once-succeeded.js';
import { siblingPool } from '#libs/database/pools.js';

/**
 * The write side's bookkeeping of Pay presses (not a read model): one row per Idempotency-Key, claimed
 * before anything is placed or charged, holding the cart, the order number once drawn and, at the end,
 * the answer every repeat of that key gets. A row without an answer is a payment still running, or one
 * whose process died: the running request holds a session advisory lock on its key, which PostgreSQL
 * drops with the connection when the process dies, so whoever can take the lock knows the payment has
 * no owner left and may settle it (payment-settlement.ts). What the press asked beyond the charge is kept
 * with it too (WhenPaid), so a payment settled after its process died finishes it all the same. The key
 * is the client's Idempotency-Key in its customer's (or cart's) namespace, kept with the fingerprint of
 * the press (libs/application/stored-answers.ts): the same key pressed for anything else is refused.
 */
export interface PaymentClaim extends WhenPaid {
  idempotencyKey: AnswerKey;
  cartId: string;
  customerId: string | null;
  /** What the press asked (null on a claim kept before fingerprints). */
  fingerprint: string | null;
  onum: number | null;
  response: PayResponse | null;
  /** Set while the payment waits for its buyer's 3-D Secure step (awaitAction); null otherwise. */
  awaitingActionUntil: Date | null;
}

/**
 * The checkout's tables: the payment claims (idempotency keys) and the order number sequence. Its
 * columns grew with features, so a database made before each one gains it here.
 */
export const CHECKOUT_PAYMENTS_SCHEMA = `
CREATE SEQUENCE IF NOT EXISTS checkout_order_numbers START 100001;
CREATE TABLE IF NOT EXISTS checkout_payments (
  idempotency_key text PRIMARY KEY,
  cart_id text NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE checkout_payments ADD COLUMN IF NOT EXISTS customer_id text;
ALTER TABLE checkout_payments ADD COLUMN IF NOT EXISTS onum bigint;
ALTER TABLE checkout_payments ADD COLUMN IF NOT EXISTS save_card boolean NOT NULL DEFAULT false;
ALTER TABLE checkout_payments ADD COLUMN IF NOT EXISTS dob_encrypted text;
ALTER TABLE checkout_payments ADD COLUMN IF NOT EXISTS awaiting_action_until timestamptz;
ALTER TABLE checkout_payments ADD COLUMN IF NOT EXISTS fingerprint text;
ALTER TABLE checkout_payments ADD COLUMN IF NOT EXISTS autorenew jsonb;
CREATE INDEX IF NOT EXISTS checkout_payments_open ON checkout_payments (created_at) WHERE response IS NULL`;

/** How long a payment waits for its buyer's 3-D Secure step before a sweep cancels it. */
export const AWAIT_ACTION_MS = 20 * 60_000;

/**
 * What a signed-in customer's press asked for beyond the charge, done once the order is paid: keep the
 * card on file (the gateway's answer to the charge carries its token), record the CME date of birth,
 * kept here only encrypted (AES-256-GCM, as on the customer's stream), and each bought subscription's
 * auto-renew as the pay screen's boxes chose it (null: not asked, the account's setting applies). A
 * guest's press asks none of them.
 */
export interface WhenPaid {
  saveCard: boolean;
  dobEncrypted: string | null;
  autorenew: SubscriptionAutoRenewChoice[] | null;
}

/** A claim taken before its order number was drawn: nothing asked yet. */
export const NOTHING_ASKED: WhenPaid = { saveCard: false, dobEncrypted: null, autorenew: null };

interface ClaimRow {
  idempotency_key: string;
  cart_id: string;
  customer_id: string | null;
  fingerprint: string | null;
  onum: string | null;
  response: PayResponse | null;
  save_card: boolean;
  dob_encrypted: string | null;
  autorenew: SubscriptionAutoRenewChoice[] | null;
  awaiting_action_until: Date | null;
}

const toClaim = (row: ClaimRow): PaymentClaim => ({
  idempotencyKey: keptKey(row.idempotency_key),
  cartId: row.cart_id,
  customerId: row.customer_id,
  fingerprint: row.fingerprint,
  onum: row.onum === null ? null : Number(row.onum),
  response: row.response,
  saveCard: row.save_card,
  dobEncrypted: row.dob_encrypted,
  autorenew: row.autorenew,
  awaitingActionUntil: row.awaiting_action_until,
});

/** The advisory lock of a key: one 64-bit number per key, in a name space of its own. */
const LOCK = `hashtextextended('checkout-payment:' || $1, 0)`;

/** A held key: the dedicated connection that holds its advisory lock. */
export type HeldClaim = HeldLock;

/**
 * Payments running at once in one process, each holding its key's lock on a connection of its own. A
 * separate pool: taken from the pool the payments' own queries use, 20 payments at once (the pool's
 * size) would hold every connection and each wait for one more, forever, and the whole shop with them.
 * A payment beyond these waits for a running one to end, which can always end.
 */
export const PAYMENTS_AT_ONCE = 10;

export class PaymentClaims implements OnApplicationShutdown {
  /** The connections that hold the keys' advisory locks, and only those. */
  private readonly locks: Pool;

  constructor(private readonly pool: Pool) {
    this.locks = siblingPool(pool, PAYMENTS_AT_ONCE);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.locks.end();
  }

  readonly ensureSchema = onceSucceeded(() => this.pool.query(CHECKOUT_PAYMENTS_SCHEMA));

  /** Claims a key for this press; false when the key was claimed before (a repeat). */
  async claim(
    idempotencyKey: AnswerKey,
    cartId: string,
    customerId: string | null,
    fingerprint: string,
  ): Promise<boolean> {
    await this.ensureSchema();
    const claimed = await this.pool.query(
      `INSERT INTO checkout_payments (idempotency_key, cart_id, customer_id, fingerprint) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [idempotencyKey, cartId, customerId, fingerprint],
    );
    return claimed.rowCount === 1;
  }

  /**
   * Holds the key's advisory lock on a connection of its own until `release()`; null when another
   * live request holds it. A process that dies releases it with its connection.
   */
  async hold(idempotencyKey: AnswerKey): Promise<HeldClaim | null> {
    return holdAdvisoryLock(this.locks, LOCK, idempotencyKey);
  }

  /**
   * Whether a live request holds the key's lock now: a look on the shop's own pool (the lock taken and
   * given back at once), so a press waiting for another key's answer needs no second lock connection
   * (ten presses each holding their own key and waiting for a second connection would wait forever).
   */
  async isHeld(idempotencyKey: AnswerKey): Promise<boolean> {
    const { rows } = await this.pool.query<{ free: boolean }>(
      `SELECT CASE WHEN pg_try_advisory_lock(${LOCK}) THEN pg_advisory_unlock(${LOCK}) ELSE false END AS free`,
      [idempotencyKey],
    );
    return rows[0]?.free !== true;
  }

  async find(idempotencyKey: AnswerKey): Promise<PaymentClaim | null> {
    await this.ensureSchema();
    const { rows } = await this.pool.query<ClaimRow>(
      `SELECT idempotency_key, cart_id, customer_id, fingerprint, onum, response, save_card, dob_encrypted,
         autorenew, awaiting_action_until
       FROM checkout_payments WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    return rows[0] ? toClaim(rows[0]) : null;
  }

  /**
   * A fresh order number, kept on the claim before the order is placed (recovery finds the order by it),
   * with what the press asked beyond the charge (settlement finishes it when the process died).
   */
  async drawOrderNumber(idempotencyKey: AnswerKey, asked: WhenPaid): Promise<number> {
    const { rows } = await this.pool.query<{ onum: string }>(
      `UPDATE checkout_payments SET onum = nextval('checkout_order_numbers'), save_card = $2, dob_encrypted = $3,
         autorenew = $4 WHERE idempotency_key = $1 RETURNING onum::text`,
      [
        idempotencyKey,
        asked.saveCard,
        asked.dobEncrypted,
        asked.autorenew === null ? null : JSON.stringify(asked.autorenew),
      ],
    );
    const onum = Number(rows[0]?.onum);
    if (!Number.isSafeInteger(onum)) throw new Error(`payment ${idempotencyKey} has no claim`);
    return onum;
  }

  async answer(idempotencyKey: AnswerKey, response: PayResponse): Promise<void> {
    await this.pool.query('UPDATE checkout_payments SET response = $2 WHERE idempotency_key = $1', [
      idempotencyKey,
      JSON.stringify(response),
    ]);
  }

  /** Nothing was charged and nothing answered: the key is free for a new try. */
  async forget(idempotencyKey: AnswerKey): Promise<void> {
    await this.pool.query('DELETE FROM checkout_payments WHERE idempotency_key = $1 AND response IS NULL', [
      idempotencyKey,
    ]);
  }

  /**
   * The payment waits for its buyer's browser (3-D Secure) until `until`: no sweep settles it before,
   * a repeat of its key (the browser's Pay after the confirmation) does.
   */
  async awaitAction(idempotencyKey: AnswerKey, until: Date): Promise<void> {
    await this.pool.query('UPDATE checkout_payments SET awaiting_action_until = $2 WHERE idempotency_key = $1', [
      idempotencyKey,
      until.toISOString(),
    ]);
  }

  /**
   * Keys without an answer claimed more than `olderThanMs` ago, not waiting for their buyer at `now`
   * (the shop's clock): running, or left by a process that died, or a 3-D Secure step nobody finished.
   */
  async unanswered(olderThanMs: number, now: Date): Promise<AnswerKey[]> {
    await this.ensureSchema();
    const { rows } = await this.pool.query<{ idempotency_key: string }>(
      `SELECT idempotency_key FROM checkout_payments
       WHERE response IS NULL AND created_at < now() - make_interval(secs => $1::double precision / 1000)
         AND (awaiting_action_until IS NULL OR awaiting_action_until <= $2)
       ORDER BY created_at LIMIT 100`,
      [olderThanMs, now.toISOString()],
    );
    return rows.map((r) => keptKey(r.idempotency_key));
  }
}
