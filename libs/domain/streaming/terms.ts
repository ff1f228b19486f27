import type { Decider, DomainEvent } from '../kernel/decider.js';

/**
 * Terms of Use per customer and product, stream `terms-{customerId}` (signed-in sections 2 and 4):
 * the video call flags CONFIRM for a product with terms until the customer accepted them; accepting
 * twice appends nothing, and so does accepting for a product without terms. Whether a product has
 * terms is a catalog fact (terms-of-use.csv) the command carries.
 */
export type TermsAccepted = DomainEvent<'TermsAccepted', { customerId: string; productId: number; acceptedAt: string }>;
export type TermsEvent = TermsAccepted;

export const TERMS_EVENT_TYPES = ['TermsAccepted'] as const satisfies readonly TermsEvent['type'][];

export const termsStreamId = (customerId: string): string => `terms-${customerId}`;

export interface AcceptTerms {
  type: 'AcceptTerms';
  customerId: string;
  productId: number;
  /** Whether the catalog gives the product Terms of Use. */
  hasTerms: boolean;
  now: string;
}

export interface AcceptedTerms {
  productIds: readonly number[];
}

export const initialAcceptedTerms: AcceptedTerms = { productIds: [] };

export function decide(command: AcceptTerms, state: AcceptedTerms): TermsEvent[] {
  if (!command.hasTerms || state.productIds.includes(command.productId)) return [];
  return [
    {
      type: 'TermsAccepted',
      data: { customerId: command.customerId, productId: command.productId, acceptedAt: command.now },
    },
  ];
}

export function evolve(state: AcceptedTerms, event: TermsEvent): AcceptedTerms {
  return event.type === 'TermsAccepted' ? { productIds: [...state.productIds, event.data.productId] } : state;
}

export const termsDecider: Decider<AcceptTerms, AcceptedTerms, TermsEvent> = {
  initialState: initialAcceptedTerms,
  decide,
  evolve,
};
