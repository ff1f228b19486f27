import { Command } from '@nestjs/cqrs';
import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';

/**
 * The entitlement messages sent on the Nest CommandBus (the decider's own commands are in
 * libs/domain/entitlements); GrantEntitlementHandler handles them. Who asked comes from the request
 * context (the process managers run their grants in the context of the event they react to).
 */

export type Grant =
  | { kind: 'subscription'; subscriptionType: SubscriptionType; startsAt: string; expiresAt: string; source: string }
  | { kind: 'product'; productId: number; productType: string; source: string };

/** Grants an entitlement (the OrderPaid and CodeRedeemed process managers send it; the demo seed too). */
export class GrantEntitlementCommand extends Command<{ appended: number }> {
  constructor(
    readonly customerId: string,
    readonly grant: Grant,
  ) {
    super();
  }
}

/** Takes back every grant of one source (the OrderRefunded process manager: `order:{ONUM}`). */
export class RevokeEntitlementsCommand extends Command<{ appended: number }> {
  constructor(
    readonly customerId: string,
    readonly source: string,
    readonly reason: string,
  ) {
    super();
  }
}
