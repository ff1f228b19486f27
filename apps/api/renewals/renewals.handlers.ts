import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RenewalRunOutcome } from '#libs/renewals/renewal-runner.js';
import { RenewalService } from './renewal.service.js';
import { RenewSubscriptionCommand } from './renewals.messages.js';

@CommandHandler(RenewSubscriptionCommand)
export class RenewSubscriptionHandler implements ICommandHandler<RenewSubscriptionCommand> {
  constructor(private readonly renewals: RenewalService) {}

  execute({ customerId, subscriptionType, period }: RenewSubscriptionCommand): Promise<RenewalRunOutcome> {
    return this.renewals.runner.renew({ customerId, subscriptionType, period });
  }
}
