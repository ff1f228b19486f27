import { createHash } from 'node:crypto';
import { DomainError } from '#libs/domain/kernel/decider.js';

/**
 * The one rule for every answer kept under a key (docs/payments.md, Stored answers): checkout's
 * payment claims, both gateways' charges and refunds, renewals and refunds. A key is made here only:
 * a key a client sends lives under `client:{scope}:` (its customer or cart), a key the shop makes under
 * `system:{kind}:`, so no client can ever send a key the shop makes (a renewal's) or another customer's.
 * Each answer is kept with the fingerprint of what was asked; the same key asked something else is
 * refused (KEY_REUSED, 409) before anything is charged or recorded, as Stripe's own `idempotency_error`.
 */

/** A key an answer is kept under: made by `clientKey` or `systemKey`, or read back with `keptKey`. */
export type AnswerKey = string & { readonly answerKey: unique symbol };

/** The DomainError code of a key used again for another request (HTTP 409). */
export const KEY_REUSED_CODE = 'idempotency_key_reused';
export const KEY_REUSED = 'This key was already used for a different request. Use a new key for a new request.';

/** What a request asked, as the fingerprint covers it: plain values only (never a card number). */
export type Asked = Readonly<Record<string, string | number | boolean | null>>;

/** Where a key someone sent lives: a customer's keys, a guest's cart's, or an operator's for one order. */
export type ClientScope = { customerId: string } | { cartId: string } | { orderNumber: number };

/** A key a client (or an operator) sent, in its own namespace. */
export function clientKey(scope: ClientScope, key: string): AnswerKey {
  const owner =
    'customerId' in scope
      ? `customer:${scope.customerId}`
      : 'cartId' in scope
        ? `cart:${scope.cartId}`
        : `order:${scope.orderNumber}`;
  return `client:${owner}:${key}` as AnswerKey;
}

/** A key the shop makes itself (a renewal's charge, a refund derived from its arguments). */
export function systemKey(kind: string, ...parts: readonly (string | number)[]): AnswerKey {
  return ['system', kind, ...parts.map(String)].join(':') as AnswerKey;
}

/** A key this shop made before, read back from where it kept it (a claim's row, an event). */
export function keptKey(text: string): AnswerKey {
  return text as AnswerKey;
}

/** The fingerprint of a request: its operation and what it asked, in a canonical order (SHA-256, hex). */
export function fingerprintOf(operation: string, asked: Asked): string {
  const entries = Object.keys(asked)
    .sort()
    .map((name) => [name, asked[name]]);
  return createHash('sha256')
    .update(JSON.stringify([operation, entries]))
    .digest('hex');
}

/**
 * Refuses a request whose key holds the answer of another one. `kept` is the fingerprint stored with
 * the key; null is a key kept without one (a payment voided after a crash, an answer kept before
 * fingerprints), whose answer stands for any request.
 */
export function refuseOtherRequest(kept: string | null | undefined, asked: string): void {
  if (kept != null && kept !== asked) throw new DomainError(KEY_REUSED_CODE, KEY_REUSED);
}
