/** The DomainError code of a card the gateway declined; its message is the gateway's text. */
export const CARD_DECLINED = 'card_declined';

/**
 * HTTP status of each account DomainError code, merged into the one table of
 * apps/api/domain-error-statuses.ts. A declined card answers 402 (Payment Required) with the error
 * body, whose ERROR the Card tab shows as "Error: {ERROR} Enter your card info and try again.".
 */
export const accountErrorStatus = {
  [CARD_DECLINED]: 402,
} as const satisfies Record<string, number>;
