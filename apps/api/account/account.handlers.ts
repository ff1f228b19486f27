import { BadRequestException, Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import type { AddressRequest, ProfileRequest } from '#libs/contracts/account.js';
import type { Config } from '#libs/config/config.js';
import { hashToken, newToken } from '#libs/crypto/tokens.js';
import type { AccountCommand, EmailChangeTokens } from '#libs/domain/customer/customer.commands.js';
import { type Customer, customerDecider } from '#libs/domain/customer/customer.decider.js';
import {
  asksEmailChange,
  EMAIL_CONFIRM_TTL_MS,
  EMAIL_UNDO_TTL_MS,
} from '#libs/domain/customer/customer.email-change.js';
import { CustomerErrors } from '#libs/domain/customer/customer.errors.js';
import { type CustomerEvent, customerStreamId, type PostalAddress } from '#libs/domain/customer/customer.events.js';
import { DomainError, fold } from '#libs/domain/kernel/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { mailBrand } from '#libs/mail/brand.js';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '#libs/mail/identity-mails.js';
import type { Mailer } from '#libs/mail/mailer.js';
import { AddressReferences, addressMessages } from '../checkout/index.js';
import { EmailReservations, hashPassword, IdentityRateLimits, verifyPassword } from '../identity/index.js';
import { CONFIG, EVENT_STORE, MAILER } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import {
  ChangeAddressCommand,
  ChangeAutoRenewCommand,
  ChangeProfileCommand,
  ChangeSubscriptionAutoRenewCommand,
} from './account.messages.js';

const emailTaken = () => new DomainError('email_taken', CustomerErrors.email_taken);
const passwordRequired = () => new DomainError('current_password_required', CustomerErrors.current_password_required);

/** Empty text is "not given". */
const optional = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

/**
 * The profile tab. A new email or a new password needs the current password, checked here (argon2id)
 * on the login's counters before the decider runs. A new email is only requested: the decider records
 * it pending and this handler mails the confirm link to the new address and the undo link to the old
 * one; the email reservation moves only when the new address confirms (EmailChangeHandlers), so the
 * real owner of a typed address can still register it. The command names the email it was read with
 * (`expectedEmail`): a save whose stream changed its email meanwhile is refused (409). A new password
 * is hashed and ends every other session.
 */
@CommandHandler(ChangeProfileCommand)
export class ChangeProfileHandler implements ICommandHandler<ChangeProfileCommand> {
  private readonly logger = new Logger(ChangeProfileHandler.name);

  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly reservations: EmailReservations,
    private readonly limits: IdentityRateLimits,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  async execute({ user, input, ip }: ChangeProfileCommand): Promise<void> {
    const { customerId } = user;
    const customer = fold(
      customerDecider,
      (await this.store.readStream(customerStreamId(customerId))) as unknown as CustomerEvent[],
    );
    const email = input.email.trim().toLowerCase();
    const expectedEmail = customer.email ?? email;
    const password = input.password ?? '';
    // Held by another account: the spec's 409, before anything is asked of the password.
    if (asksEmailChange(email, { email: expectedEmail, pendingEmail: customer.pendingEmail })) {
      const holder = await this.reservations.customerIdOf(email);
      if (holder !== null && holder !== customerId) throw emailTaken();
    }
    const currentPasswordVerified = await this.checkCurrentPassword(customer, expectedEmail, input, ip);
    // The current password typed again as the new one is no change (and ends no session).
    const passwordHash =
      password === '' || (await verifyPassword(customer.passwordHash, password)) ? null : await hashPassword(password);
    const now = this.clock.now();
    const confirmToken = newToken();
    const undoToken = newToken();
    const emailChange: EmailChangeTokens = {
      confirmTokenHash: hashToken(confirmToken),
      expiresAt: new Date(now.getTime() + EMAIL_CONFIRM_TTL_MS).toISOString(),
      undoTokenHash: hashToken(undoToken),
      undoExpiresAt: new Date(now.getTime() + EMAIL_UNDO_TTL_MS).toISOString(),
    };
    const { events, state } = await this.eventSourced.execute(customerStreamId(customerId), customerDecider, {
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
      currentPasswordVerified,
      emailChange,
      autorenew: input.autorenew === undefined ? null : input.autorenew === 1,
      sessionId: user.sessionId,
      now: now.toISOString(),
    });
    // Only the save whose request was recorded mails its links (an identical save decided after it records none).
    const requested = events.some(
      (e) =>
        e.type === 'EmailChangeRequested' &&
        (e.data as { confirmTokenHash?: string }).confirmTokenHash === emailChange.confirmTokenHash,
    );
    if (requested && state.email) {
      await this.mailLinks(
        { customerId, email: state.email, newEmail: email, firstname: state.profile?.firstname ?? '' },
        confirmToken,
        undoToken,
      );
    }
  }

  /**
   * True when the current password was typed and is right; false when none was typed (the decider
   * refuses a new email or password then). A wrong one is refused here, counted as a login attempt.
   */
  private async checkCurrentPassword(
    customer: Customer,
    email: string,
    input: ProfileRequest,
    ip: string,
  ): Promise<boolean> {
    const typed = input.currentPassword ?? '';
    if (typed === '') {
      // A new password typed without the current one: refused before it is compared with anything.
      if ((input.password ?? '') !== '') throw passwordRequired();
      return false;
    }
    await this.limits.beginPasswordCheck(email, ip);
    if (!(await verifyPassword(customer.passwordHash, typed))) {
      throw new DomainError('wrong_current_password', CustomerErrors.wrong_current_password);
    }
    await this.limits.loginSucceeded(email, ip);
    return true;
  }

  private async mailLinks(
    to: { customerId: string; email: string; newEmail: string; firstname: string },
    confirmToken: string,
    undoToken: string,
  ): Promise<void> {
    const brand = mailBrand(this.config);
    // The change is recorded either way; a lost mail is recovered by saving another address, or undone by support.
    const mails = [
      await emailChangeConfirmMail(brand, to, confirmToken),
      await emailChangeNoticeMail(brand, to, undoToken),
    ];
    for (const mail of mails) {
      await this.mailer
        .send(mail)
        .catch((error: unknown) => this.logger.error(`Email change mail to ${mail.to} failed: ${String(error)}`));
    }
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

@CommandHandler(ChangeSubscriptionAutoRenewCommand)
export class ChangeSubscriptionAutoRenewHandler implements ICommandHandler<ChangeSubscriptionAutoRenewCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, subscriptionType, autorenew }: ChangeSubscriptionAutoRenewCommand): Promise<void> {
    await run(this.eventSourced, customerId, {
      type: 'ChangeSubscriptionAutoRenew',
      choices: [{ subscriptionType, autorenew }],
      via: 'account',
      onum: null,
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

export const ACCOUNT_HANDLERS = [
  ChangeProfileHandler,
  ChangeAddressHandler,
  ChangeAutoRenewHandler,
  ChangeSubscriptionAutoRenewHandler,
];
