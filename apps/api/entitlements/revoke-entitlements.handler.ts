import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { entitlementsDecider } from '#libs/domain/entitlements/entitlements.decider.js';
import { entitlementsStreamId } from '#libs/domain/entitlements/entitlements.events.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { RevokeEntitlementsCommand } from './entitlements.messages.js';

/** Appends EntitlementsRevoked to `entitlements-{customerId}`; a second revoke of the source appends nothing. */
@CommandHandler(RevokeEntitlementsCommand)
export class RevokeEntitlementsHandler implements ICommandHandler<RevokeEntitlementsCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, source, reason }: RevokeEntitlementsCommand): Promise<{ appended: number }> {
    const command = { type: 'RevokeSource' as const, customerId, source, reason, now: this.clock.now().toISOString() };
    const result = await this.eventSourced.execute(entitlementsStreamId(customerId), entitlementsDecider, command);
    return { appended: result.events.length };
  }
}
