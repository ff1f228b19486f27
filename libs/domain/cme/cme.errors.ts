import {
  CERTIFICATE_UNKNOWN,
  CME_ANSWERS_REQUIRED,
  CME_CERTIFICATE_REVOKED_ERROR,
  CME_INFO_MISSING_ERROR,
  CME_NO_CREDITS,
  CME_RETAKE_COOLDOWN_HOURS,
  CME_REVOKE_REASON_REQUIRED,
  CME_TEST_NOT_FOUND,
} from '#libs/contracts/cme.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';

/** Codes of refused CME commands; the API maps them to statuses (apps/api/cme/cme-errors.ts). */
export const CmeErrors = {
  CME_ANSWERS_INVALID: CME_ANSWERS_REQUIRED,
  CME_NOT_CME_PRODUCT: CME_TEST_NOT_FOUND,
  CME_WRONG_YEAR: 'The submit time does not fall in the record year.',
  CME_NO_CREDITS: CME_NO_CREDITS,
  CME_INFO_MISSING: CME_INFO_MISSING_ERROR,
  /** A retake before it opens (cme.retake.ts); the refusal's own message names the time. */
  CME_RETAKE_COOLDOWN: `A test can be taken again ${CME_RETAKE_COOLDOWN_HOURS} hours after its last submit.`,

  /** The certificate was printed from the year as it was before a change that landed meanwhile. */
  CME_CERTIFICATE_STALE: CONCURRENT_CHANGE,
  CME_CERTIFICATE_REVOKED: CME_CERTIFICATE_REVOKED_ERROR,
  CME_CERTIFICATE_UNKNOWN: CERTIFICATE_UNKNOWN,
  CME_REVOKE_REASON_REQUIRED: CME_REVOKE_REASON_REQUIRED,
} as const;

export type CmeErrorCode = keyof typeof CmeErrors;
