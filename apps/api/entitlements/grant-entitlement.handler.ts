import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { entitlementsDecider } from '#libs/domain/entitlements/entitlements.decider.js';
import { entitlementsStreamId } from '#libs/domain/entitlements/entitlements.events.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { GrantEntitlementCommand } from './entitlements.messages.js';

/** Appends a grant to `entitlements-{customerId}`; a repeat of the same grant (same source) appends nothing. */
@CommandHandler(GrantEntitlementCommand)
export class GrantEntitlementHandler implements ICommandHandler<GrantEntitlementCommand> {
  constructor(private readonly eventSourced: EventSourcedService) {}

  async execute({ customerId, grant }: GrantEntitlementCommand): Promise<{ appended: number }> {
    const command =
      grant.kind === 'subscription'
        ? {
            type: 'GrantSubscription' as const,
            customerId,
            subscriptionType: grant.subscriptionType,
            startsAt: grant.startsAt,
            expiresAt: grant.expiresAt,
            source: grant.source,
          }
        : {
            type: 'GrantProductAccess' as const,
            customerId,
            productId: grant.productId,
            productType: grant.productType,
            source: grant.source,
          };
    const result = await this.eventSourced.execute(entitlementsStreamId(customerId), entitlementsDecider, command);
    return { appended: result.events.length };
  }
}
