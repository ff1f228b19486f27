import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { type AnswerKey, refuseOtherRequest } from '#libs/application/stored-answers.js';
import type {
  CardDetails,
  ChargeApproved,
  ChargeDeclined,
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  RefundRequest,
  RefundResult,
  TokenizedCard,
  TokenizeSource,
  CardSetup,
  SettleOptions,
} from './payment-gateway.js';
import { declineWords, type ProcessorRefusal } from './decline-words.js';
import { chargeFingerprint, PAYMENT_INTERRUPTED, refundFingerprint } from './payment-gateway.js';
import type { StripeGatewayStore } from './stripe-gateway-store.js';
import { findIntentByKey, STRIPE_TEXTS, stripeClient, toCardOnFile, tokenOf, waitFor } from './stripe-support.js';

export interface StripeGatewayOptions {
  secretKey: string;
  /** Another address for the API (localstripe in the tests); absent: api.stripe.com. */
  apiBase?: string;
  currency: string;
  /** Tests only: typed card details are turned into a payment method here (Stripe.js does it in the shop). */
  allowRawCards: boolean;
  /**
   * The API is a stand-in (localstripe, STRIPE_API_BASE): it refuses `setup_future_usage` and
   * `automatic_payment_methods`, so they are left out; Stripe itself gets both.
   */
  standIn: boolean;
  /**
   * How long after a key is claimed Stripe's search may still miss the intent made with it (Stripe says
   * up to a minute); a key this young with no intent found is settled later, not voided. 0 on localstripe.
   */
  searchLagMs: number;
}

/** The metadata key our Idempotency-Key is kept under on the PaymentIntent (settle finds it by it). */
export const KEY_METADATA = 'idempotency_key';

/** The reference of a zero-cent order's approval: no PaymentIntent, nothing to refund. */
export const NOTHING_CHARGED = 'nothing_charged_';

const declined = (text: string): ChargeDeclined => ({ approved: false, errors: [text] });

/** A refusal of the processor: the buyer gets the shop's words, the logs the processor's own. */
const refused = (refusal: ProcessorRefusal & { message?: string | null }): ChargeDeclined => ({
  approved: false,
  errors: [declineWords(refusal)],
  ...(refusal.message ? { processorReason: refusal.message } : {}),
});

/** Stripe takes Idempotency-Keys of at most 255 characters. */
const STRIPE_KEY_MAX = 255;

/**
 * The Idempotency-Key Stripe is sent for one step of a key's work (the intent, its customer, its
 * cancel): ours with the step's suffix, or, when that would be too long for Stripe, its SHA-256.
 */
export function stripeKey(key: AnswerKey, step = ''): string {
  const whole = `${key}${step}`;
  return whole.length <= STRIPE_KEY_MAX ? whole : `sha256:${createHash('sha256').update(key).digest('hex')}${step}`;
}

/** A card error (402) or a refused request (400: a bad payment method id), told as a decline; else null. */
function refusalOf(error: unknown): ChargeDeclined | null {
  if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
    return refused({ code: error.code ?? null, decline_code: error.decline_code ?? null, message: error.message });
  }
  return null;
}

/**
 * The Stripe adapter of the PaymentGateway port (docs/payments.md, Stripe), with the official SDK.
 * A charge is a PaymentIntent created and confirmed in one call, with our Idempotency-Key passed
 * through and kept in its metadata; one charge per key is kept here too (`stripe_gateway_keys`), not
 * left to the server. A saved card is a Stripe Customer with the payment method attached; its token
 * is `cus_...|pm_...`. References are the intent's id (`pi_...`).
 */
export class StripeGateway implements PaymentGateway {
  private readonly stripe: Stripe;

  constructor(
    private readonly store: StripeGatewayStore,
    private readonly options: StripeGatewayOptions,
  ) {
    this.stripe = stripeClient(options.secretKey, options.apiBase);
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const key = request.idempotencyKey;
    if (!Number.isInteger(request.amountCents) || request.amountCents < 0) {
      return declined(STRIPE_TEXTS.amount);
    }
    const fingerprint = chargeFingerprint(request, this.options.currency);
    if (!(await this.store.claimCharge(key, request.amountCents, fingerprint))) {
      // A repeat (or a voided key): the first press's answer, once it has one; another request is refused.
      refuseOtherRequest((await this.store.findCharge(key))?.fingerprint, fingerprint);
      return waitFor(() => this.store.findCharge(key).then((row) => row?.result ?? null));
    }
    let intent: Stripe.PaymentIntent;
    let source: { customer?: string; paymentMethod: string };
    try {
      const found = await this.sourceOf(request);
      if ('approved' in found) return await this.store.finishCharge(key, null, found);
      // Nothing to pay (a coupon took it all): Stripe takes no zero-amount intent; the card is only kept.
      if (request.amountCents === 0) return await this.store.finishCharge(key, null, await this.nothingCharged(found));
      source = found;
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: this.options.currency,
          payment_method: source.paymentMethod,
          confirm: true,
          // Cards only, confirmed here: no method that redirects the buyer elsewhere.
          ...(this.options.standIn
            ? {}
            : { automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const } }),
          ...(source.customer ? { customer: source.customer } : {}),
          ...(request.token !== undefined ? { off_session: true } : {}),
          ...(request.saveCard && !this.options.standIn ? { setup_future_usage: 'off_session' as const } : {}),
          metadata: {
            [KEY_METADATA]: key,
            ...(request.orderNumber !== undefined ? { order_number: String(request.orderNumber) } : {}),
            ...(request.cartId !== undefined ? { cart_id: request.cartId } : {}),
          },
        },
        { idempotencyKey: stripeKey(key) },
      );
    } catch (error) {
      const refusal = refusalOf(error);
      // No answer from Stripe (network, 5xx): the key stays open; settle finds out what happened.
      if (refusal === null) throw error;
      const intentId = error instanceof Stripe.errors.StripeError ? (error.payment_intent?.id ?? null) : null;
      return this.store.finishCharge(key, intentId, refusal);
    }
    const result = await this.resultOf(intent, request.token !== undefined || request.saveCard === true);
    if (result === null) {
      // Neither done nor waiting for its holder (processing): kept, so settle reads it by its id later.
      await this.store.noteIntent(key, intent.id);
      throw new Error(`Stripe payment ${intent.id} is still ${intent.status}: settle it later`);
    }
    return this.store.finishCharge(key, intent.id, result);
  }

  /**
   * The payment method to charge and its customer: a card on file's, the browser's (kept on a new
   * customer when asked), or, in tests only, one made here from typed card details.
   */
  private async sourceOf(
    request: ChargeRequest,
  ): Promise<{ customer?: string; paymentMethod: string } | ChargeDeclined> {
    if (request.token !== undefined) {
      const onFile = toCardOnFile(request.token);
      return onFile ? { customer: onFile.customer, paymentMethod: onFile.paymentMethod } : declined(STRIPE_TEXTS.token);
    }
    let paymentMethod: string;
    if (request.paymentMethodId !== undefined) paymentMethod = request.paymentMethodId;
    else {
      const made = await this.paymentMethodOf(request.card);
      if (typeof made !== 'string') return made;
      paymentMethod = made;
    }
    if (!request.saveCard) return { paymentMethod };
    // Attaching is where Stripe checks a card it keeps (4000000000000002 is declined here).
    const customer = await this.stripe.customers.create(
      { payment_method: paymentMethod },
      { idempotencyKey: stripeKey(request.idempotencyKey, ':customer') },
    );
    return { customer: customer.id, paymentMethod };
  }

  /** Tests only: what Stripe.js does in the browser. Refused unless STRIPE_ALLOW_RAW_CARDS. */
  private async paymentMethodOf(card: CardDetails): Promise<string | ChargeDeclined> {
    if (!this.options.allowRawCards) return declined(STRIPE_TEXTS.rawCard);
    const pm = await this.stripe.paymentMethods.create({
      type: 'card',
      card: { number: card.number.replace(/[\s-]/g, ''), exp_month: card.month, exp_year: card.year, cvc: card.cvc },
    });
    return pm.id;
  }

  /** The port's answer for an intent; null while it is neither done nor waiting for its holder. */
  private async resultOf(intent: Stripe.PaymentIntent, keepsCard: boolean): Promise<ChargeResult | null> {
    if (intent.status === 'succeeded') return this.approved(intent, keepsCard);
    if (intent.status === 'requires_action' && intent.client_secret) {
      return {
        ...declined(STRIPE_TEXTS.authenticate),
        action: { type: 'authenticate', reference: intent.id, clientSecret: intent.client_secret },
      };
    }
    if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
      return refused(intent.last_payment_error);
    }
    if (intent.status === 'canceled') return declined(PAYMENT_INTERRUPTED);
    return null;
  }

  /** A zero-cent "charge": approved with no intent (its reference names none), the card's details read back. */
  private async nothingCharged(source: { customer?: string; paymentMethod: string }): Promise<ChargeApproved> {
    const card = (await this.stripe.paymentMethods.retrieve(source.paymentMethod)).card;
    return {
      approved: true,
      reference: `${NOTHING_CHARGED}${source.paymentMethod}`,
      brand: brandName(card?.brand),
      last4: card?.last4 ?? '',
      month: String(card?.exp_month ?? '').padStart(2, '0'),
      year: String(card?.exp_year ?? ''),
      ...(source.customer ? { token: tokenOf(source.customer, source.paymentMethod) } : {}),
    };
  }

  private async approved(intent: Stripe.PaymentIntent, keepsCard: boolean): Promise<ChargeApproved> {
    const pmId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
    const card = pmId ? (await this.stripe.paymentMethods.retrieve(pmId)).card : undefined;
    const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
    return {
      approved: true,
      // pi_ and 24 letters or digits (14 on localstripe): a run of 12 digits is as good as impossible.
      reference: intent.id,
      brand: brandName(card?.brand),
      last4: card?.last4 ?? '',
      month: String(card?.exp_month ?? '').padStart(2, '0'),
      year: String(card?.exp_year ?? ''),
      ...(keepsCard && customer && pmId ? { token: tokenOf(customer, pmId) } : {}),
    };
  }

  /**
   * After a crash: the answer recorded for the key; else the intent made with it (by the id kept, or
   * found by our key in its metadata), completed or cancelled; none: the key is voided.
   */
  async settle(idempotencyKey: AnswerKey, options: SettleOptions = {}): Promise<ChargeResult> {
    const row = await this.store.findCharge(idempotencyKey);
    if (row?.result && !('action' in row.result && row.result.action)) return row.result;
    const intent = row?.intentId
      ? await this.stripe.paymentIntents.retrieve(row.intentId)
      : await findIntentByKey(this.stripe, KEY_METADATA, idempotencyKey);
    if (!intent) {
      // The process may have died inside the create call, and the search not show its intent yet.
      if (row && row.intentId === null && row.ageMs < this.options.searchLagMs)
        throw new Error(STRIPE_TEXTS.settleLater);
      return this.store.settleCharge(idempotencyKey, null, declined(PAYMENT_INTERRUPTED));
    }
    let settled = intent;
    // Its holder may still be confirming it in the browser: asked again, not cancelled.
    if (options.keepWaiting && intent.status === 'requires_action') {
      const waiting = await this.resultOf(intent, false);
      if (waiting !== null) return waiting;
    }
    // Nobody is left to finish it (the request, or the holder's authentication, is gone): cancel it.
    if (['requires_action', 'requires_confirmation', 'requires_payment_method'].includes(intent.status)) {
      const failed = intent.last_payment_error;
      if (intent.status === 'requires_payment_method' && failed) {
        return this.store.settleCharge(idempotencyKey, intent.id, refused(failed));
      }
      settled = await this.stripe.paymentIntents.cancel(
        intent.id,
        {},
        { idempotencyKey: stripeKey(idempotencyKey, ':cancel') },
      );
    }
    const result = await this.resultOf(settled, settled.customer !== null);
    if (result === null) throw new Error(`Stripe payment ${settled.id} is still ${settled.status}: settle it later`);
    return this.store.settleCharge(idempotencyKey, settled.id, result);
  }

  /** The card tab: a payment method made by Stripe.js (or, in tests only, typed card details) kept on file. */
  async tokenize(source: TokenizeSource): Promise<TokenizedCard | ChargeDeclined> {
    if ('paymentMethodId' in source) return this.keepPaymentMethod(source.paymentMethodId);
    const made = await this.paymentMethodOf(source);
    if (typeof made !== 'string') return made;
    return this.keepPaymentMethod(made);
  }

  /**
   * A SetupIntent for Stripe.js: the browser confirms it with the card typed into Stripe's fields
   * (`confirmCardSetup`) and gets the payment method id the shop is then given. Not tied to a customer:
   * the customer is made when the card is kept (tokenize, or a Pay that saves the card).
   */
  async setupCard(request: { offSession: boolean }): Promise<CardSetup> {
    const intent = await this.stripe.setupIntents.create({
      usage: request.offSession ? 'off_session' : 'on_session',
      // Cards, confirmed in the page: no method that redirects the buyer elsewhere (localstripe: cards only).
      ...(this.options.standIn
        ? {}
        : { automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const } }),
    });
    if (!intent.client_secret) throw new Error(`Stripe SetupIntent ${intent.id} came without a client secret`);
    return { clientSecret: intent.client_secret };
  }

  /** A payment method made by Stripe.js, kept on a new Customer for later off-session charges. */
  private async keepPaymentMethod(paymentMethodId: string): Promise<TokenizedCard | ChargeDeclined> {
    try {
      const customer = await this.stripe.customers.create({ payment_method: paymentMethodId });
      const pm = await this.stripe.paymentMethods.retrieve(paymentMethodId);
      return {
        token: tokenOf(customer.id, pm.id),
        brand: brandName(pm.card?.brand),
        last4: pm.card?.last4 ?? '',
        month: String(pm.card?.exp_month ?? '').padStart(2, '0'),
        year: String(pm.card?.exp_year ?? ''),
      };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === null) throw error;
      return refusal;
    }
  }

  /**
   * A refund of an approved intent, at most what is left of it (checked here, one refund of a charge at
   * a time: localstripe refunds more than was charged), once per key (kept here: localstripe does not
   * honour Idempotency-Key).
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const { idempotencyKey: key, amountCents, chargeReference } = request;
    if (!Number.isInteger(amountCents) || amountCents <= 0) return refusedRefund(STRIPE_TEXTS.refundAmount);
    const fingerprint = refundFingerprint(request);
    // A key that refunded another charge is refused before this charge's lock is taken.
    refuseOtherRequest((await this.store.findRefund(key))?.fingerprint, fingerprint);
    return this.store.oneRefundAtATime(chargeReference, async () => {
      // The refunds of this charge before this one have ended: a repeat of a key finds its answer.
      const earlier = await this.store.findRefund(key);
      refuseOtherRequest(earlier?.fingerprint, fingerprint);
      if (earlier?.result) return earlier.result;
      if (!(await this.store.claimRefund(key, chargeReference, amountCents, fingerprint))) {
        // Claimed meanwhile under another charge's lock (the same key for another refund), or still running.
        refuseOtherRequest((await this.store.findRefund(key))?.fingerprint, fingerprint);
      }
      try {
        const left = await this.leftToRefund(chargeReference);
        if (left === null) return await this.store.finishRefund(key, refusedRefund(STRIPE_TEXTS.noCharge));
        if (amountCents > left) return await this.store.finishRefund(key, refusedRefund(STRIPE_TEXTS.tooMuch));
        const refund = await this.stripe.refunds.create(
          {
            ...(chargeReference.startsWith('ch_') ? { charge: chargeReference } : { payment_intent: chargeReference }),
            amount: amountCents,
            // Stripe's own `reason` is a short list (requested_by_customer, ...); ours is free text.
            metadata: { [KEY_METADATA]: key, reason: request.reason.slice(0, 500) },
          },
          { idempotencyKey: stripeKey(key) },
        );
        return await this.store.finishRefund(key, { refunded: true, reference: refund.id, amountCents: refund.amount });
      } catch (error) {
        // An operator reads a refund's refusal: the processor's own reason.
        const refusal = refusalOf(error);
        if (refusal !== null) {
          return this.store.finishRefund(key, refusedRefund(refusal.processorReason ?? refusal.errors.join(' ')));
        }
        // No answer: the key may try again (Stripe answers a repeat of the key with the same refund).
        await this.store.forgetRefund(key);
        throw error;
      }
    });
  }

  /** What is left of the charge an intent (or charge) reference took; null when it took nothing. */
  private async leftToRefund(reference: string): Promise<number | null> {
    let chargeId: string | null = reference.startsWith('ch_') ? reference : null;
    if (chargeId === null) {
      if (!reference.startsWith('pi_')) return null;
      const intent = await this.stripe.paymentIntents.retrieve(reference);
      if (intent.status !== 'succeeded') return null;
      const latest = intent.latest_charge;
      chargeId = typeof latest === 'string' ? latest : (latest?.id ?? null);
    }
    if (chargeId === null) return null;
    const charge = await this.stripe.charges.retrieve(chargeId);
    return charge.paid ? charge.amount - charge.amount_refunded : null;
  }
}

const refusedRefund = (text: string): RefundResult => ({ refunded: false, errors: [text] });

/** Stripe's brand names (`visa`, `mastercard`, `amex`) as the shop shows them. */
export function brandName(brand: string | undefined): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
  };
  return brand ? (names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : 'Card';
}
