import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';

/**
 * The entitlement messages sent on the Nest CommandBus (the decider's own commands are in
 * libs/domain/entitlements); GrantEntitlementHandler handles them.
 */

export type Grant =
  | { kind: 'subscription'; subscriptionType: SubscriptionType; startsAt: string; expiresAt: string; source: string }
  | { kind: 'product'; productId: number; productType: string; source: string };

/** Grants an entitlement (the OrderPaid process manager sends it; the demo seed sends it for the demo accounts). */
export class GrantEntitlementCommand extends Command<{ appended: number }> {
  constructor(
    readonly customerId: string,
    readonly grant: Grant,
    readonly context: CommandContext,
  ) {
    super();
  }
}
