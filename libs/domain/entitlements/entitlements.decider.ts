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

export type EntitlementCommand = GrantSubscription | GrantProductAccess;

export interface Entitlements {
  subscriptions: SubscriptionGranted['data'][];
  products: ProductAccessGranted['data'][];
}

export const initialEntitlements: Entitlements = { subscriptions: [], products: [] };

/** Granting is idempotent per source: the same grant from the same source appends nothing (docs/conventions.md). */
export function decide(command: EntitlementCommand, state: Entitlements): EntitlementEvent[] {
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
  }
}

export function evolve(state: Entitlements, event: EntitlementEvent): Entitlements {
  switch (event.type) {
    case 'SubscriptionGranted':
      return { ...state, subscriptions: [...state.subscriptions, event.data] };
    case 'ProductAccessGranted':
      return { ...state, products: [...state.products, event.data] };
    default:
      return state;
  }
}

export const entitlementsDecider: Decider<EntitlementCommand, Entitlements, EntitlementEvent> = {
  initialState: initialEntitlements,
  decide,
  evolve,
};
