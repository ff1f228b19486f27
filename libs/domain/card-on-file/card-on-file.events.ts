import type { DomainEvent } from '../kernel/decider.js';

/**
 * `CardSavedOnFile` (stream `card-{customerId}`): the gateway's token with brand, last four and expiry
 * only (docs/conventions.md, Write side: no card number, no security code).
 */
export type CardSavedOnFile = DomainEvent<
  'CardSavedOnFile',
  {
    customerId: string;
    token: string;
    brand: string;
    last4: string;
    month: string;
    year: string;
    savedAt: string;
  }
>;

export const cardStreamId = (customerId: string): string => `card-${customerId}`;
