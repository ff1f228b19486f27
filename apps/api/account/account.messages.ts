import { Command } from '@nestjs/cqrs';
import type { AddressRequest, ProfileRequest } from '#libs/contracts/account.js';
import type { RenewableType } from '#libs/contracts/renewals.js';
import type { AuthUser } from '../identity/index.js';

/**
 * The account page's messages on the Nest CommandBus (one thin handler each in account.handlers.ts).
 * Each runs the customer decider on `customer-{customerId}` with one of its account commands
 * (libs/domain/customer/customer.commands.ts). The actor and correlation id are the request
 * context's (apps/api/kernel/request-context.ts).
 */

export class ChangeProfileCommand extends Command<void> {
  constructor(
    /** The signed-in customer and the session saving the form (kept when the password changes). */
    readonly user: AuthUser,
    readonly input: ProfileRequest,
    /** The client's address: a wrong current password is counted as a login attempt from it. */
    readonly ip: string,
  ) {
    super();
  }
}

export class ChangeAddressCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly kind: 'shipping' | 'billing',
    readonly input: AddressRequest,
  ) {
    super();
  }
}

export class ChangeAutoRenewCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly autorenew: boolean,
  ) {
    super();
  }
}

/** One subscription's auto-renew, apart from the account's (the Subscriptions tab's switch). */
export class ChangeSubscriptionAutoRenewCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly subscriptionType: RenewableType,
    readonly autorenew: boolean,
  ) {
    super();
  }
}
