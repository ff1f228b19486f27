import { randomBytes } from 'node:crypto';
import type { Clock } from '#libs/application/clock.js';
import { type AnswerKey, refuseOtherRequest } from '#libs/application/stored-answers.js';
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
// The sandbox declines with the shop's words for each kind of refusal, as the Stripe gateway does.
import { DECLINES } from './decline-words.js';
import { chargeFingerprint, PAYMENT_INTERRUPTED, refundFingerprint } from './payment-gateway.js';
import type { SandboxStore, SandboxToken } from './sandbox-gateway-store.js';

/** The sandbox's one currency (the shop's prices are US dollars). */
const SANDBOX_CURRENCY = 'usd';

/**
 * The built-in sandbox gateway (docs/payments.md): Luhn-valid numbers are approved, the documented
 * test numbers are declined with the gateway's text, so every error path can be shown. It keeps its
 * own tables: charges by idempotency key with what was asked (the same key asking the same gets the same
 * answer and is charged once; asking anything else, it is refused) and
 * tokens of kept cards (brand, last four, expiry and the card's test behaviour; never the number or
 * the security code).
 */

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

  async settle(idempotencyKey: AnswerKey): Promise<ChargeResult> {
    const first = await this.store.findCharge(idempotencyKey);
    if (first) return first.result;
    // Voided: recorded as a zero-cent decline under the key (for any request), so a late charge answers it too.
    return (await this.store.recordCharge(idempotencyKey, 0, null, declined(PAYMENT_INTERRUPTED))).result;
  }

  /**
   * A refund of an approved charge: at most what is left of it, once per key (the same key asking the
   * same, the same answer; asking anything else, refused).
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const fingerprint = refundFingerprint(request);
    const kept = await this.store.refund(request, fingerprint, (charged, refunded) => {
      const { amountCents } = request;
      if (!Number.isInteger(amountCents) || amountCents <= 0) return refused(REFUND_REFUSALS.amount);
      if (charged === null) return refused(REFUND_REFUSALS.noCharge);
      if (amountCents > charged - refunded) return refused(REFUND_REFUSALS.tooMuch);
      return { refunded: true, reference: `sbx_re_${letters(24)}`, amountCents };
    });
    refuseOtherRequest(kept.fingerprint, fingerprint);
    return kept.result;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const fingerprint = chargeFingerprint(request, SANDBOX_CURRENCY);
    const first = await this.store.findCharge(request.idempotencyKey);
    if (first) {
      refuseOtherRequest(first.fingerprint, fingerprint);
      return first.result;
    }
    const result = await this.decide(request);
    // Of two requests racing with one key, the one recorded first stands; the other is refused.
    const kept = await this.store.recordCharge(request.idempotencyKey, request.amountCents, fingerprint, result);
    refuseOtherRequest(kept.fingerprint, fingerprint);
    return kept.result;
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
