import { RENEWABLE_TYPES, type RenewableType } from '#libs/contracts/renewals.js';
import type { DomainEvent } from '../kernel/decider.js';

/**
 * Events of the stream `entitlements-{customerId}`: what a customer may use, and since when. The
 * subscription types are the wire's (every subscription with an expiry renews: one list).
 */
export const SUBSCRIPTION_TYPES = RENEWABLE_TYPES;
export type SubscriptionType = RenewableType;

export type SubscriptionGranted = DomainEvent<
  'SubscriptionGranted',
  {
    customerId: string;
    subscriptionType: SubscriptionType;
    /** ISO 8601. */
    startsAt: string;
    expiresAt: string;
    /** What granted it (e.g. `order:{ONUM}`, `seed:demo`); a repeat of the same grant appends nothing. */
    source: string;
  }
>;

export type ProductAccessGranted = DomainEvent<
  'ProductAccessGranted',
  {
    customerId: string;
    productId: number;
    /** The product's TYPE (iflap, STREAMING, BOTH, BOOK, ...). */
    productType: string;
    source: string;
  }
>;

/** Every grant of one source taken back (a fully refunded order); that source grants nothing again. */
export type EntitlementsRevoked = DomainEvent<
  'EntitlementsRevoked',
  {
    customerId: string;
    /** The source whose grants end (`order:{ONUM}`). */
    source: string;
    /** Why: `order_refunded`. */
    reason: string;
    /** The subscriptions and products the source had granted, now taken back. */
    subscriptionTypes: SubscriptionType[];
    productIds: number[];
    revokedAt: string;
  }
>;

export type EntitlementEvent = SubscriptionGranted | ProductAccessGranted | EntitlementsRevoked;

export const ENTITLEMENT_EVENT_TYPES = [
  'SubscriptionGranted',
  'ProductAccessGranted',
  'EntitlementsRevoked',
] as const satisfies readonly EntitlementEvent['type'][];

export const entitlementsStreamId = (customerId: string): string => `entitlements-${customerId}`;
