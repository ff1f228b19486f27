import { randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { hashToken, newToken } from '#libs/crypto/tokens.js';
import { customerDecider, VALIDATION_TOKEN_TTL_MS } from '#libs/domain/customer/customer.decider.js';
import { CustomerErrors } from '#libs/domain/customer/customer.errors.js';
import { customerStreamId, type CustomerProfile } from '#libs/domain/customer/customer.events.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { mailBrand } from '#libs/mail/brand.js';
import { validationMail } from '#libs/mail/identity-mails.js';
import type { Mailer } from '#libs/mail/mailer.js';
import type { RegistrationUser } from '#libs/contracts/identity.js';
import { CONFIG, MAILER } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { EmailReservations } from './email-reservations.js';
import { type Registered, RegisterCustomerCommand } from './identity.commands.js';
import { hashPassword } from './password-hasher.js';

const blank = (v: string | undefined): string | null => (v && v.trim() ? v.trim() : null);

export function profileOf(input: RegistrationUser): CustomerProfile {
  return {
    firstname: input.FIRSTNAME.trim(),
    lastname: input.LASTNAME.trim(),
    suffix: blank(input.SUFFIX),
    specialty: input.SPECIALTY,
    status: blank(input.STATUS),
    address: blank(input.ADDRESS),
    address2: blank(input.ADDRESS2),
    city: blank(input.CITY),
    state: blank(input.STATE),
    zip: blank(input.ZIP),
    country: blank(input.COUNTRY),
    phone: blank(input.PHONE),
    autorenew: input.autorenew === 1,
    utimezone: blank(input.utimezone),
  };
}

/** Register (storefront sections 2, 3, 4): reserve the email, append CustomerRegistered, mail the validation link. */
@CommandHandler(RegisterCustomerCommand)
export class RegisterCustomerHandler implements ICommandHandler<RegisterCustomerCommand> {
  private readonly logger = new Logger(RegisterCustomerHandler.name);

  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly reservations: EmailReservations,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  async execute({ input, options }: RegisterCustomerCommand): Promise<Registered> {
    const email = input.EMAIL.trim().toLowerCase();
    const customerId = randomUUID();
    const token = newToken();
    const passwordHash = await hashPassword(input.PASSWORD);
    const now = this.clock.now();
    const registered = await this.reservations.registerUnder(email, customerId, () =>
      this.eventSourced.execute(customerStreamId(customerId), customerDecider, {
        type: 'RegisterCustomer',
        customerId,
        email,
        profile: profileOf(input),
        passwordHash,
        agreedToTerms: input.agree === 1,
        registeredVia: 'form',
        validationToken: {
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + VALIDATION_TOKEN_TTL_MS).toISOString(),
        },
        validatedVia: null,
        now: now.toISOString(),
      }),
    );
    if (!registered) throw new DomainError('email_taken', CustomerErrors.email_taken);
    if (options.sendMail) {
      const mail = await validationMail(mailBrand(this.config), email, input.FIRSTNAME.trim(), token);
      // The account exists either way; a lost mail is recovered with "Resend validation".
      await this.mailer
        .send(mail)
        .catch((error: unknown) => this.logger.error(`Validation mail to ${email} failed: ${String(error)}`));
    }
    return { customerId, validationToken: token };
  }
}
