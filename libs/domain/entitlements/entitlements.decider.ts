import type { Decider } from '../kernel/decider.js';
import type {
  EntitlementEvent,
  ProductAccessGranted,
  SubscriptionGranted,
  SubscriptionType,
} from './entitlements.events.js';

export interface GrantSubscription {
  type: 'GrantSubscription';
  customerId: string;
  subscriptionType: SubscriptionType;
  startsAt: string;
  expiresAt: string;
  source: string;
}

export interface GrantProductAccess {
  type: 'GrantProductAccess';
  customerId: string;
  productId: number;
  productType: string;
  source: string;
}

/** Takes back every grant of one source (a fully refunded order); a second time appends nothing. */
export interface RevokeSource {
  type: 'RevokeSource';
  customerId: string;
  source: string;
  reason: string;
  now: string;
}

export type EntitlementCommand = GrantSubscription | GrantProductAccess | RevokeSource;

export interface Entitlements {
  subscriptions: SubscriptionGranted['data'][];
  products: ProductAccessGranted['data'][];
  /** Sources taken back: they grant nothing again (a process manager run again after a crash). */
  revokedSources: string[];
}

export const initialEntitlements: Entitlements = { subscriptions: [], products: [], revokedSources: [] };

/** Granting is idempotent per source: the same grant from the same source appends nothing (docs/conventions.md). */
export function decide(command: EntitlementCommand, state: Entitlements): EntitlementEvent[] {
  if (state.revokedSources.includes(command.source)) return [];
  switch (command.type) {
    case 'GrantSubscription': {
      const { type: _type, ...data } = command;
      const repeat = state.subscriptions.some(
        (s) => s.source === data.source && s.subscriptionType === data.subscriptionType,
      );
      return repeat ? [] : [{ type: 'SubscriptionGranted', data }];
    }
    case 'GrantProductAccess': {
      const { type: _type, ...data } = command;
      const repeat = state.products.some((p) => p.source === data.source && p.productId === data.productId);
      return repeat ? [] : [{ type: 'ProductAccessGranted', data }];
    }
    case 'RevokeSource': {
      const { customerId, source, reason, now } = command;
      const subscriptionTypes = state.subscriptions.filter((s) => s.source === source).map((s) => s.subscriptionType);
      const productIds = state.products.filter((p) => p.source === source).map((p) => p.productId);
      return [
        {
          type: 'EntitlementsRevoked',
          data: { customerId, source, reason, subscriptionTypes, productIds, revokedAt: now },
        },
      ];
    }
  }
}

export function evolve(state: Entitlements, event: EntitlementEvent): Entitlements {
  switch (event.type) {
    case 'SubscriptionGranted':
      return { ...state, subscriptions: [...state.subscriptions, event.data] };
    case 'ProductAccessGranted':
      return { ...state, products: [...state.products, event.data] };
    case 'EntitlementsRevoked': {
      const { source } = event.data;
      return {
        subscriptions: state.subscriptions.filter((s) => s.source !== source),
        products: state.products.filter((p) => p.source !== source),
        revokedSources: [...state.revokedSources, source],
      };
    }
    default:
      return state;
  }
}

export const entitlementsDecider: Decider<EntitlementCommand, Entitlements, EntitlementEvent> = {
  initialState: initialEntitlements,
  decide,
  evolve,
};
