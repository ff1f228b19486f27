import { CONCURRENT_CHANGE_CODE } from '#libs/application/conflict-retry.js';
import { KEY_REUSED_CODE } from '#libs/application/stored-answers.js';
import { accountErrorStatus } from './account/account-errors.js';
import { cartErrorStatus } from './cart/cart-errors.js';
import { checkoutErrorStatus } from './checkout/checkout-errors.js';
import { cmeErrorStatus } from './cme/cme-errors.js';
import { identityErrorStatus } from './identity/identity-errors.js';
import { streamingErrorStatus } from './streaming/streaming-errors.js';

/**
 * The one table from a DomainError's code to its HTTP status, read by HttpErrorFilter: each feature
 * declares its own codes beside its module (`*-errors.ts`), this file merges them. A code listed
 * nowhere answers 400 (the command was refused). A code two features share (a coupon refused in the
 * cart and again at checkout) has one status in both; a test checks it.
 */
export const featureErrorStatuses = {
  identity: identityErrorStatus,
  account: accountErrorStatus,
  cart: cartErrorStatus,
  checkout: checkoutErrorStatus,
  cme: cmeErrorStatus,
  streaming: streamingErrorStatus,
  /** Any command whose stream kept changing under it (libs/application/conflict-retry.ts). */
  writePath: { [CONCURRENT_CHANGE_CODE]: 409 },
  /** A key that holds the answer of another request (libs/application/stored-answers.ts). */
  storedAnswers: { [KEY_REUSED_CODE]: 409 },
} as const;

export const domainErrorStatuses: Readonly<Record<string, number>> = Object.assign(
  {},
  ...Object.values(featureErrorStatuses),
);
