import { BadRequestException, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import type { AddressRequest } from '#libs/contracts/account.js';
import type { AccountCommand } from '#libs/domain/customer/customer.commands.js';
import { type Customer, customerDecider } from '#libs/domain/customer/customer.decider.js';
import { CustomerErrors } from '#libs/domain/customer/customer.errors.js';
import { type CustomerEvent, customerStreamId, type PostalAddress } from '#libs/domain/customer/customer.events.js';
import { DomainError, fold } from '#libs/domain/shared/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { AddressReferences, addressMessages } from '../checkout/index.js';
import { EmailReservations, hashPassword, verifyPassword } from '../identity/index.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../shared/event-sourced.service.js';
import { ChangeAddressCommand, ChangeAutoRenewCommand, ChangeProfileCommand } from './account.messages.js';

const emailTaken = () => new DomainError('email_taken', CustomerErrors.email_taken);

/** Empty text is "not given". */
const optional = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

/**
 * The profile tab. A new email moves the customer's email reservation before the append (released
 * again if the append fails), so two accounts changing to one email at once cannot both win: the
 * loser answers 409. A new password is hashed (argon2id) and ends every other session.
 */
@CommandHandler(ChangeProfileCommand)
export class ChangeProfileHandler implements ICommandHandler<ChangeProfileCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly reservations: EmailReservations,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ user, input, context }: ChangeProfileCommand): Promise<void> {
    const { customerId } = user;
    const customer = fold(
      customerDecider,
      (await this.store.readStream(customerStreamId(customerId))) as unknown as CustomerEvent[],
    );
    const email = input.email.trim().toLowerCase();
    const password = input.password ?? '';
    // The current password given again is no change (and ends no session).
    const passwordHash =
      password === '' || (await verifyPassword(customer.passwordHash, password)) ? null : await hashPassword(password);
    const save = () =>
      this.eventSourced.execute(
        customerStreamId(customerId),
        customerDecider,
        {
          type: 'ChangeProfile',
          firstname: input.firstname.trim(),
          lastname: input.lastname.trim(),
          suffix: optional(input.suffix),
          specialty: input.specialty,
          status: optional(input.status),
          phone: optional(input.phone),
          email,
          passwordHash,
          autorenew: input.autorenew === undefined ? null : input.autorenew === 1,
          sessionId: user.sessionId,
          now: new Date().toISOString(),
        },
        context,
      );
    if (!customer.email || email === customer.email) {
      await save();
      return;
    }
    if (!(await this.reservations.changeUnder(customer.email, email, customerId, save))) throw emailTaken();
  }
}

/** The shipping and billing tabs: the DTO rules, then the country and state against the reference lists. */
@CommandHandler(ChangeAddressCommand)
export class ChangeAddressHandler implements ICommandHandler<ChangeAddressCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly addressReferences: AddressReferences,
  ) {}

  async execute({ customerId, kind, input, context }: ChangeAddressCommand): Promise<void> {
    const messages = addressMessages(input, await this.addressReferences.current());
    if (messages.length > 0) throw new BadRequestException({ message: messages });
    const address = postalAddress(input);
    const now = new Date().toISOString();
    const command: AccountCommand =
      kind === 'shipping'
        ? { type: 'ChangeShippingAddress', address, now }
        : { type: 'ChangeBillingAddress', address, now };
    await run(this.eventSourced, customerId, command, context);
  }
}

@CommandHandler(ChangeAutoRenewCommand)
export class ChangeAutoRenewHandler implements ICommandHandler<ChangeAutoRenewCommand> {
  constructor(private readonly eventSourced: EventSourcedService) {}

  async execute({ customerId, autorenew, context }: ChangeAutoRenewCommand): Promise<void> {
    await run(
      this.eventSourced,
      customerId,
      { type: 'ChangeAutoRenew', autorenew, now: new Date().toISOString() },
      context,
    );
  }
}

function postalAddress(input: AddressRequest): PostalAddress {
  return {
    address: input.ADDRESS.trim(),
    address2: input.ADDRESS2?.trim() ?? '',
    city: input.CITY.trim(),
    state: input.STATE.trim().toUpperCase(),
    zip: input.ZIP.trim(),
    country: input.COUNTRY.trim().toUpperCase(),
  };
}

async function run(
  eventSourced: EventSourcedService,
  customerId: string,
  command: AccountCommand,
  context: CommandContext,
): Promise<void> {
  await eventSourced.execute<AccountCommand, Customer, CustomerEvent>(
    customerStreamId(customerId),
    customerDecider,
    command,
    context,
  );
}

export const ACCOUNT_HANDLERS = [ChangeProfileHandler, ChangeAddressHandler, ChangeAutoRenewHandler];
