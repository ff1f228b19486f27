import type { CmeErrorCode } from '#libs/domain/cme/cme.errors.js';

/** HTTP status of each CME refusal (libs/domain/cme/cme.errors.ts), merged in apps/api/domain-error-statuses.ts. */
export const cmeErrorStatus: Record<CmeErrorCode, number> = {
  CME_ANSWERS_INVALID: 400,
  CME_NOT_CME_PRODUCT: 404,
  CME_WRONG_YEAR: 400,
  CME_NO_CREDITS: 409,
  CME_INFO_MISSING: 400,
  CME_RETAKE_COOLDOWN: 409,

  CME_CERTIFICATE_STALE: 409,
  CME_CERTIFICATE_REVOKED: 409,
  CME_CERTIFICATE_UNKNOWN: 404,
  CME_REVOKE_REASON_REQUIRED: 400,
};
