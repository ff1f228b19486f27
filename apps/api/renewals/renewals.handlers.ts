import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RenewalService } from './renewal.service.js';
import { type RenewalRunOutcome, RenewSubscriptionCommand } from './renewals.messages.js';

@CommandHandler(RenewSubscriptionCommand)
export class RenewSubscriptionHandler implements ICommandHandler<RenewSubscriptionCommand> {
  constructor(private readonly renewals: RenewalService) {}

  execute({ customerId, subscriptionType, period }: RenewSubscriptionCommand): Promise<RenewalRunOutcome> {
    return this.renewals.renew(customerId, subscriptionType, period);
  }
}
