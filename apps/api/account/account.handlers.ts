import { BadRequestException, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { concurrentChange } from '#libs/application/conflict-retry.js';
import type { AddressRequest } from '#libs/contracts/account.js';
import type { AccountCommand } from '#libs/domain/customer/customer.commands.js';
import { type Customer, customerDecider } from '#libs/domain/customer/customer.decider.js';
import { CustomerErrors } from '#libs/domain/customer/customer.errors.js';
import { type CustomerEvent, customerStreamId, type PostalAddress } from '#libs/domain/customer/customer.events.js';
import { DomainError, fold } from '#libs/domain/kernel/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { AddressReferences, addressMessages } from '../checkout/index.js';
import { EmailReservations, hashPassword, verifyPassword } from '../identity/index.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { ChangeAddressCommand, ChangeAutoRenewCommand, ChangeProfileCommand } from './account.messages.js';

const emailTaken = () => new DomainError('email_taken', CustomerErrors.email_taken);

/** Empty text is "not given". */
const optional = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

/**
 * The profile tab. A new email moves the customer's email reservation before the append (moved back
 * if the append fails), so two accounts changing to one email at once cannot both win: the loser
 * answers 409 "already in use". The command names the email it was read with (`expectedEmail`): a
 * save whose stream changed its email meanwhile is refused (409), so the reservation always holds the
 * stream's email, however many saves of one account race. A new password is hashed (argon2id) and
 * ends every other session.
 */
@CommandHandler(ChangeProfileCommand)
export class ChangeProfileHandler implements ICommandHandler<ChangeProfileCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly reservations: EmailReservations,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ user, input }: ChangeProfileCommand): Promise<void> {
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
    const expectedEmail = customer.email ?? email;
    const save = () =>
      this.eventSourced.execute(customerStreamId(customerId), customerDecider, {
        type: 'ChangeProfile',
        firstname: input.firstname.trim(),
        lastname: input.lastname.trim(),
        suffix: optional(input.suffix),
        specialty: input.specialty,
        status: optional(input.status),
        phone: optional(input.phone),
        email,
        expectedEmail,
        passwordHash,
        autorenew: input.autorenew === undefined ? null : input.autorenew === 1,
        sessionId: user.sessionId,
        now: this.clock.now().toISOString(),
      });
    if (email === expectedEmail) {
      await save();
      return;
    }
    const moved = await this.reservations.changeUnder(expectedEmail, email, customerId, save);
    if (moved === 'taken') throw emailTaken();
    // Another save of this account moved the reservation first: this one was read before it.
    if (moved === 'not_held') throw concurrentChange();
  }
}

/** The shipping and billing tabs: the DTO rules, then the country and state against the reference lists. */
@CommandHandler(ChangeAddressCommand)
export class ChangeAddressHandler implements ICommandHandler<ChangeAddressCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly addressReferences: AddressReferences,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, kind, input }: ChangeAddressCommand): Promise<void> {
    const messages = addressMessages(input, await this.addressReferences.current());
    if (messages.length > 0) throw new BadRequestException({ message: messages });
    const address = postalAddress(input);
    const now = this.clock.now().toISOString();
    const command: AccountCommand =
      kind === 'shipping'
        ? { type: 'ChangeShippingAddress', address, now }
        : { type: 'ChangeBillingAddress', address, now };
    await run(this.eventSourced, customerId, command);
  }
}

@CommandHandler(ChangeAutoRenewCommand)
export class ChangeAutoRenewHandler implements ICommandHandler<ChangeAutoRenewCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, autorenew }: ChangeAutoRenewCommand): Promise<void> {
    await run(this.eventSourced, customerId, {
      type: 'ChangeAutoRenew',
      autorenew,
      now: this.clock.now().toISOString(),
    });
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

async function run(eventSourced: EventSourcedService, customerId: string, command: AccountCommand): Promise<void> {
  await eventSourced.execute<AccountCommand, Customer, CustomerEvent>(
    customerStreamId(customerId),
    customerDecider,
    command,
  );
}

export const ACCOUNT_HANDLERS = [ChangeProfileHandler, ChangeAddressHandler, ChangeAutoRenewHandler];
