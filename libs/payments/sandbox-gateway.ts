import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { Clock } from '#libs/application/clock.js';
import { onceSucceeded } from '#libs/database/once-succeeded.js';
import { checkOut } from '#libs/database/pools.js';
import type {
  CardDetails,
  ChargeDeclined,
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  RefundRequest,
  RefundResult,
  TokenizedCard,
  TokenizeSource,
} from './payment-gateway.js';
import { PAYMENT_INTERRUPTED } from './payment-gateway.js';

/**
 * The built-in sandbox gateway (docs/payments.md): Luhn-valid numbers are approved, the documented
 * test numbers are declined with the gateway's text, so every error path can be shown. It keeps its
 * own tables: charges by idempotency key (the same key gets the same answer and is charged once) and
 * tokens of kept cards (brand, last four, expiry and the card's test behaviour; never the number or
 * the security code).
 */

export const DECLINES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  securityCode: "Your card's security code is incorrect.",
  incorrectNumber: 'Your card number is incorrect.',
  invalidMonth: "Your card's expiration month is invalid.",
  invalidYear: "Your card's expiration year is invalid.",
} as const;

/** Why the sandbox refuses a refund. */
export const REFUND_REFUSALS = {
  amount: 'The refund amount must be a whole number of cents above zero.',
  noCharge: 'No approved charge has this reference.',
  tooMuch: 'The refund is more than what is left of the charge.',
} as const;

/** The answer to a charge of a processor's payment method id: the sandbox takes card details only. */
export const SANDBOX_NO_PAYMENT_METHODS = 'The sandbox gateway takes card details, not a payment method id.';

/** The furthest expiry accepted: this many years after the current one (cards are issued for 3-10). */
export const MAX_YEARS_AHEAD = 20;

/**
 * What is wrong with an expiry, if anything: a month that is not a whole number from 1 to 12, a
 * year that is not a whole number of four digits or lies more than MAX_YEARS_AHEAD years ahead,
 * or a card that expired before the current month (a card is good through its expiry month).
 */
export function expiryProblem(month: number, year: number, now: Date): string | null {
  if (!Number.isInteger(month) || month < 1 || month > 12) return DECLINES.invalidMonth;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < 1000 || year > 9999 || year > thisYear + MAX_YEARS_AHEAD) {
    return DECLINES.invalidYear;
  }
  if (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1)) return DECLINES.expired;
  return null;
}

/** The documented decline numbers (docs/payments.md) and their texts. */
export const DECLINE_CARDS: Readonly<Record<string, string>> = {
  '4000000000000002': DECLINES.declined,
  '4000000000009995': DECLINES.insufficientFunds,
  '4000000000000069': DECLINES.expired,
  '4000000000000127': DECLINES.securityCode,
};

/**
 * Cards kept as a card on file without a fuss that are declined when charged (Stripe's test card for
 * "attaching succeeds, charging the customer fails"), for the off-session decline.
 */
export const CHARGE_DECLINE_CARDS: Readonly<Record<string, string>> = {
  '4000000000000341': DECLINES.declined,
};

const digitsOf = (card: CardDetails): string => card.number.replace(/[\s-]/g, '');

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Card';
}

/** What a kept card does when charged: approve, or decline with this text. Never the number. */
export interface SandboxToken extends TokenizedCard {
  decline: string | null;
}

export interface SandboxStore {
  /** The answer first recorded for this key, if any. */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  /** Records the answer unless one is there already; answers the one that stands. */
  recordCharge(idempotencyKey: string, amountCents: number, result: ChargeResult): Promise<ChargeResult>;
  findToken(token: string): Promise<SandboxToken | null>;
  saveToken(token: SandboxToken): Promise<void>;
  /**
   * The answer recorded for this refund key; else, one refund of the charge at a time, `decide` is
   * given what the approved charge took (null when there is none) and what its refunds gave back so
   * far, and its answer is recorded under the key and answered.
   */
  refund(
    request: RefundRequest,
    decide: (chargedCents: number | null, refundedCents: number) => RefundResult,
  ): Promise<RefundResult>;
}

export function memorySandboxStore(): SandboxStore & { charges: Map<string, ChargeResult> } {
  const charges = new Map<string, ChargeResult>();
  const amounts = new Map<string, number>();
  const tokens = new Map<string, SandboxToken>();
  const refunds = new Map<string, { chargeReference: string; result: RefundResult }>();
  return {
    charges,
    findCharge: (key) => Promise.resolve(charges.get(key) ?? null),
    recordCharge: (key, amount, result) => {
      const first = charges.get(key);
      if (first) return Promise.resolve(first);
      charges.set(key, result);
      if (result.approved) amounts.set(result.reference, amount);
      return Promise.resolve(result);
    },
    // No await between the look-up and the record: one refund at a time, as the table's row lock.
    refund: (request, decide) => {
      const first = refunds.get(request.idempotencyKey);
      if (first) return Promise.resolve(first.result);
      let refunded = 0;
      for (const r of refunds.values()) {
        if (r.chargeReference === request.chargeReference && r.result.refunded) refunded += r.result.amountCents;
      }
      const result = decide(amounts.get(request.chargeReference) ?? null, refunded);
      refunds.set(request.idempotencyKey, { chargeReference: request.chargeReference, result });
      return Promise.resolve(result);
    },
    findToken: (token) => Promise.resolve(tokens.get(token) ?? null),
    saveToken: (token) => {
      tokens.set(token.token, token);
      return Promise.resolve();
    },
  };
}

export function pgSandboxStore(pool: Pool): SandboxStore {
  const ensure = onceSucceeded(() =>
    pool.query(`
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
      CREATE INDEX IF NOT EXISTS sandbox_gateway_refunds_by_charge ON sandbox_gateway_refunds (charge_reference)`),
  );
  return {
    async findCharge(key) {
      await ensure();
      const { rows } = await pool.query<{ result: ChargeResult }>(
        'SELECT result FROM sandbox_gateway_charges WHERE idempotency_key = $1',
        [key],
      );
      return rows[0]?.result ?? null;
    },
    async recordCharge(key, amountCents, result) {
      await ensure();
      await pool.query(
        `INSERT INTO sandbox_gateway_charges (idempotency_key, amount_cents, result) VALUES ($1, $2, $3)
         ON CONFLICT (idempotency_key) DO NOTHING`,
        [key, amountCents, JSON.stringify(result)],
      );
      return (await this.findCharge(key)) ?? result;
    },
    async findToken(token) {
      await ensure();
      const { rows } = await pool.query<SandboxToken>(
        'SELECT token, brand, last4, month, year, decline FROM sandbox_gateway_tokens WHERE token = $1',
        [token],
      );
      return rows[0] ?? null;
    },
    async refund(request, decide) {
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
        const first = await client.query<{ result: RefundResult }>(
          'SELECT result FROM sandbox_gateway_refunds WHERE idempotency_key = $1',
          [request.idempotencyKey],
        );
        if (first.rows[0]) {
          await client.query('COMMIT');
          return first.rows[0].result;
        }
        const sum = await client.query<{ refunded: string }>(
          `SELECT coalesce(sum(amount_cents), 0) AS refunded FROM sandbox_gateway_refunds
            WHERE charge_reference = $1 AND result->>'refunded' = 'true'`,
          [request.chargeReference],
        );
        const result = decide(charge.rows[0]?.amount_cents ?? null, Number(sum.rows[0]?.refunded ?? 0));
        // A key raced in by a refund of no charge (no row to lock) keeps its first answer.
        const inserted = await client.query(
          `INSERT INTO sandbox_gateway_refunds (idempotency_key, charge_reference, amount_cents, reason, result)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING`,
          [
            request.idempotencyKey,
            request.chargeReference,
            result.refunded ? result.amountCents : 0,
            request.reason,
            JSON.stringify(result),
          ],
        );
        await client.query('COMMIT');
        if (inserted.rowCount === 1) return result;
        const again = await pool.query<{ result: RefundResult }>(
          'SELECT result FROM sandbox_gateway_refunds WHERE idempotency_key = $1',
          [request.idempotencyKey],
        );
        return again.rows[0]?.result ?? result;
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

/**
 * Random lower-case letters: a reference must never look like a card number (the order decider refuses
 * an answer holding a run of 12 or more digits), so it holds no digits at all.
 */
function letters(n: number): string {
  return [...randomBytes(n)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
}

const declined = (text: string): ChargeDeclined => ({ approved: false, errors: [text] });
const refused = (text: string): RefundResult => ({ refunded: false, errors: [text] });

export class SandboxGateway implements PaymentGateway {
  constructor(
    private readonly store: SandboxStore,
    /** Whether a card has expired is read on this clock (the shop's). */
    private readonly clock: Clock,
  ) {}

  /** The card's behaviour: null to approve, else the decline text; a card not accepted at all gives errors. */
  private inspect(card: CardDetails): { card: SandboxToken } | ChargeDeclined {
    const digits = digitsOf(card);
    if (!luhnValid(digits)) return declined(DECLINES.incorrectNumber);
    const { month, year } = card;
    const expiry = expiryProblem(month, year, this.clock.now());
    // An expiry the gateway cannot read is refused outright; an expired card is kept as a decline.
    if (expiry !== null && expiry !== DECLINES.expired) return declined(expiry);
    return {
      card: {
        token: `tok_${randomBytes(12).toString('hex')}`,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        month: String(month).padStart(2, '0'),
        year: String(year),
        decline: expiry ?? DECLINE_CARDS[digits] ?? CHARGE_DECLINE_CARDS[digits] ?? null,
      },
    };
  }

  async tokenize(source: TokenizeSource): Promise<TokenizedCard | ChargeDeclined> {
    // A processor's payment method (made by its browser fields) means nothing to the sandbox.
    if ('paymentMethodId' in source) return declined(SANDBOX_NO_PAYMENT_METHODS);
    const card = source;
    const inspected = this.inspect(card);
    if ('approved' in inspected) return inspected;
    // A card declined only when charged is kept, as a processor attaches it; its charges are declined.
    const chargeOnly = CHARGE_DECLINE_CARDS[digitsOf(card)] !== undefined;
    if (inspected.card.decline !== null && !chargeOnly) return declined(inspected.card.decline);
    await this.store.saveToken(inspected.card);
    const { decline: _decline, ...kept } = inspected.card;
    return kept;
  }

  async settle(idempotencyKey: string): Promise<ChargeResult> {
    const first = await this.store.findCharge(idempotencyKey);
    if (first) return first;
    // Voided: recorded as a zero-cent decline under the key, so a charge arriving late answers it too.
    return this.store.recordCharge(idempotencyKey, 0, declined(PAYMENT_INTERRUPTED));
  }

  /** A refund of an approved charge: at most what is left of it, once per key (the same key, the same answer). */
  refund(request: RefundRequest): Promise<RefundResult> {
    return this.store.refund(request, (charged, refunded) => {
      const { amountCents } = request;
      if (!Number.isInteger(amountCents) || amountCents <= 0) return refused(REFUND_REFUSALS.amount);
      if (charged === null) return refused(REFUND_REFUSALS.noCharge);
      if (amountCents > charged - refunded) return refused(REFUND_REFUSALS.tooMuch);
      return { refunded: true, reference: `sbx_re_${letters(24)}`, amountCents };
    });
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const first = await this.store.findCharge(request.idempotencyKey);
    if (first) return first;
    const result = await this.decide(request);
    return this.store.recordCharge(request.idempotencyKey, request.amountCents, result);
  }

  private async decide(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountCents) || request.amountCents < 0) return declined(DECLINES.declined);
    let card: SandboxToken;
    let keep = false;
    if (request.token !== undefined) {
      const found = await this.store.findToken(request.token);
      if (!found) return declined(DECLINES.declined);
      const expiry = expiryProblem(Number(found.month), Number(found.year), this.clock.now());
      if (expiry !== null) return declined(expiry);
      card = found;
    } else if (request.paymentMethodId !== undefined) {
      // A processor's payment method (made by its browser fields) means nothing to the sandbox.
      return declined(SANDBOX_NO_PAYMENT_METHODS);
    } else {
      const inspected = this.inspect(request.card);
      if ('approved' in inspected) return inspected;
      card = inspected.card;
      keep = request.saveCard === true;
    }
    if (card.decline !== null) return declined(card.decline);
    if (keep) await this.store.saveToken(card);
    return {
      approved: true,
      reference: `sbx_ch_${letters(24)}`,
      brand: card.brand,
      last4: card.last4,
      month: card.month,
      year: card.year,
      ...(keep || request.token !== undefined ? { token: card.token } : {}),
    };
  }
}
