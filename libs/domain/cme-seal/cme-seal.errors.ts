/** Codes of a refused seal (never an HTTP answer: seals are made by the timer and `npm run cme:seal`). */
export const CmeSealErrors = {
  CME_SEAL_EMPTY: 'There is no CME stream to seal.',
  CME_SEAL_INVALID: 'The seal does not list each stream once, in order, or its trigger and period disagree.',
  CME_SEAL_ROOT_MISMATCH: 'The Merkle root is not the root of the heads sealed.',
  CME_SEAL_STALE: 'Another seal was recorded since this one was signed; seal again.',
} as const;

export type CmeSealErrorCode = keyof typeof CmeSealErrors;
