import { type AnswerKey, fingerprintOf } from '#libs/application/stored-answers.js';

/**
 * The payment gateway port (docs/conventions.md, Identity, roles and payments; docs/payments.md).
 * The shop hands the card to the gateway and keeps only what comes back: a reference, the brand,
 * the last four digits and, when asked, an opaque token for the card on file. A card number or
 * security code is never stored or logged by the shop.
 */

export interface CardDetails {
  /** The card number as typed (spaces and dashes allowed). */
  number: string;
  /** 1-12. */
  month: number;
  /** Four digits. */
  year: number;
  /** Security code. */
  cvc: string;
}

/**
 * What is charged: a card typed in (the sandbox; a processor refuses it outside tests), a card on file
 * (its token, for off-session charges), or a payment method the processor's own browser fields made
 * (Stripe.js: our server never sees the card number).
 */
export type ChargeSource =
  | { card: CardDetails; token?: never; paymentMethodId?: never }
  | { token: string; card?: never; paymentMethodId?: never }
  | { paymentMethodId: string; card?: never; token?: never };

export type ChargeRequest = ChargeSource & {
  amountCents: number;
  /**
   * The same key asking the same (chargeFingerprint) always gets the same answer, and the card is
   * charged once; asking anything else, it is refused (libs/application/stored-answers.ts).
   */
  idempotencyKey: AnswerKey;
  /** Also keep the card and answer with its token (card on file). */
  saveCard?: boolean;
  /** The order paid for, kept with the charge at the processor (its metadata) to find it by. */
  orderNumber?: number;
  /** The cart paid for, kept with the charge at the processor too (finance finds a payment's cart by it). */
  cartId?: string;
};

export interface ChargeApproved {
  approved: true;
  reference: string;
  brand: string;
  last4: string;
  /** Present when the card was kept (saveCard) or when the charge used a token. */
  token?: string;
  /** The expiry of the card charged (MM, YYYY), for the card on file. */
  month: string;
  year: string;
}

export interface ChargeDeclined {
  approved: false;
  /** For the buyer: the shop's words (decline-words.ts), never the processor's text. */
  errors: string[];
  /** The processor's own reason, for the logs only (a gateway with its own words leaves it out). */
  processorReason?: string;
  /**
   * The card asks its holder to authenticate (3-D Secure): nothing is charged yet; the browser finishes
   * it with the processor's script and this client secret (Stripe.js `handleNextAction`). Absent on a
   * plain decline; a gateway that never asks (the sandbox) never sets it.
   */
  action?: { type: 'authenticate'; reference: string; clientSecret: string };
}

export type ChargeResult = ChargeApproved | ChargeDeclined;

/** What the Card tab keeps: a card typed in (the sandbox), or a payment method the processor's browser fields made. */
export type TokenizeSource = CardDetails | { paymentMethodId: string };

/**
 * The first step of the processor's browser fields (Stripe: a SetupIntent): its client secret, which the
 * processor's script confirms with the card typed into its own fields, answering a payment method id.
 */
export interface CardSetup {
  clientSecret: string;
}

export interface TokenizedCard {
  token: string;
  brand: string;
  last4: string;
  month: string;
  year: string;
}

/** A refund of an approved charge, whole or in part (`npm run order:refund`). */
export interface RefundRequest {
  /** The reference of the approved charge (ChargeApproved.reference). */
  chargeReference: string;
  /** At most what the charge took, less what was refunded before. */
  amountCents: number;
  /** The same key asking the same (refundFingerprint) always gets the same answer, and the money moves once. */
  idempotencyKey: AnswerKey;
  reason: string;
}

/**
 * What a charge asked, as its key's stored answer is bound to: the amount and currency, the card (a
 * token, a processor's payment method, or a typed card's last four digits and expiry: never its number),
 * whether it is kept, the order and the cart.
 */
export function chargeFingerprint(request: ChargeRequest, currency: string): string {
  const card =
    request.token !== undefined
      ? `token:${request.token}`
      : request.paymentMethodId !== undefined
        ? `payment_method:${request.paymentMethodId}`
        : `card:${request.card.number.replace(/[\s-]/g, '').slice(-4)}:${request.card.month}/${request.card.year}`;
  return fingerprintOf('charge', {
    amountCents: request.amountCents,
    currency: currency.toLowerCase(),
    card,
    saveCard: request.saveCard === true,
    orderNumber: request.orderNumber ?? null,
    cartId: request.cartId ?? null,
  });
}

/** What a refund asked: the charge, the amount and the reason. */
export function refundFingerprint(request: RefundRequest): string {
  const { chargeReference, amountCents, reason } = request;
  return fingerprintOf('refund', { chargeReference, amountCents, reason: reason.trim() });
}

export type RefundResult =
  { refunded: true; reference: string; amountCents: number } | { refunded: false; errors: string[] };

/** The answer of `settle` for a key no charge was made with: nothing moved, and nothing will. */
export const PAYMENT_INTERRUPTED = 'The payment was interrupted and nothing was charged. Please try again.';

export interface SettleOptions {
  /**
   * The payment still waits for its holder (3-D Secure, within the shop's time for it): a charge still
   * asking for authentication answers its `action` again instead of being cancelled.
   */
  keepWaiting?: boolean;
}

/**
 * A charge or refund with a key that holds the answer of another request throws the DomainError
 * KEY_REUSED (libs/application/stored-answers.ts) and moves no money.
 */
export interface PaymentGateway {
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * After a crash: the outcome of the charge made with this Idempotency-Key. When none was made, the
   * key is voided first, so no charge can be made with it later (a late `charge` gets the same
   * decline), and the answer is a decline with PAYMENT_INTERRUPTED.
   */
  settle(idempotencyKey: AnswerKey, options?: SettleOptions): Promise<ChargeResult>;
  /** Keeps the card in the gateway and answers its token; declined cards answer their errors. */
  tokenize(source: TokenizeSource): Promise<TokenizedCard | ChargeDeclined>;
  /**
   * A gateway whose cards are typed into the processor's own browser fields (Stripe) starts them here;
   * `offSession`: the card will be charged later without its holder (a card on file). Absent on a
   * gateway that takes typed cards (the sandbox).
   */
  setupCard?(request: { offSession: boolean }): Promise<CardSetup>;
  /** Gives back money of an approved charge; a refund beyond what is left is refused with its errors. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** Nest injection token of the gateway adapter. */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
