import type { Decider, DomainEvent } from '../shared/decider.js';

/**
 * Terms of Use per customer and product, stream `terms-{customerId}` (signed-in sections 2 and 4):
 * the video call flags CONFIRM for a product with terms until the customer accepted them; accepting
 * twice appends nothing.
 */
export type TermsAccepted = DomainEvent<'TermsAccepted', { customerId: string; productId: number; acceptedAt: string }>;
export type TermsEvent = TermsAccepted;

export const TERMS_EVENT_TYPES = ['TermsAccepted'] as const satisfies readonly TermsEvent['type'][];

export const termsStreamId = (customerId: string): string => `terms-${customerId}`;

/** Products whose videos carry Terms of Use (DEMO-DATA.md: product 215), with the text shown. */
export const PRODUCT_TERMS: Readonly<Record<number, string>> = {
  215:
    '<p>The dissection videos and companion documents of this course show cadaveric material and are provided ' +
    'for the professional education of licensed clinicians only. You may not copy, record, redistribute or ' +
    'publicly display them, in whole or in part. Viewing is personal to your account and is logged.</p>',
};

export const hasTerms = (productId: number): boolean => productId in PRODUCT_TERMS;

export interface AcceptTerms {
  type: 'AcceptTerms';
  customerId: string;
  productId: number;
  now: string;
}

export interface AcceptedTerms {
  productIds: readonly number[];
}

export const initialAcceptedTerms: AcceptedTerms = { productIds: [] };

export function decide(command: AcceptTerms, state: AcceptedTerms): TermsEvent[] {
  if (state.productIds.includes(command.productId)) return [];
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
