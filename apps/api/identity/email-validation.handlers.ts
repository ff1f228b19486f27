import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { hashToken, newToken } from '#libs/crypto/tokens.js';
import { customerDecider, VALIDATION_TOKEN_TTL_MS } from '#libs/domain/customer/customer.decider.js';
import { CustomerErrors } from '#libs/domain/customer/customer.errors.js';
import { customerStreamId } from '#libs/domain/customer/customer.events.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { mailBrand } from '#libs/mail/brand.js';
import { validationMail } from '#libs/mail/identity-mails.js';
import type { Mailer } from '#libs/mail/mailer.js';
import { findCustomerById } from '#libs/read-models/customers.js';
import type { Pool } from 'pg';
import { CONFIG, MAILER, PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { CustomerLookup } from './customer-lookup.js';
import { ResendValidationCommand, ValidateEmailCommand } from './identity.commands.js';

/** Validate email (storefront section 2, user/validate): the mailed one-time link. */
@CommandHandler(ValidateEmailCommand)
export class ValidateEmailHandler implements ICommandHandler<ValidateEmailCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly customers: CustomerLookup,
    private readonly clock: Clock,
  ) {}

  async execute({ input }: ValidateEmailCommand): Promise<void> {
    const customer = await this.customers.byEmail(input.EMAIL);
    if (!customer?.customerId) {
      throw new DomainError('invalid_validation_token', CustomerErrors.invalid_validation_token);
    }
    await this.eventSourced.execute(customerStreamId(customer.customerId), customerDecider, {
      type: 'ValidateEmail',
      email: input.EMAIL.trim(),
      tokenHash: hashToken(input.TOKEN),
      now: this.clock.now().toISOString(),
    });
  }
}

/** Resend validation (user/resend): a new link replaces the old one. */
@CommandHandler(ResendValidationCommand)
export class ResendValidationHandler implements ICommandHandler<ResendValidationCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly customers: CustomerLookup,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly clock: Clock,
  ) {}

  async execute({ input, options }: ResendValidationCommand): Promise<{ validationToken: string }> {
    const customer = await this.customers.byEmail(input.EMAIL);
    if (!customer?.customerId || !customer.email) {
      throw new DomainError('customer_not_found', CustomerErrors.customer_not_found);
    }
    const token = newToken();
    const now = this.clock.now();
    await this.eventSourced.execute(customerStreamId(customer.customerId), customerDecider, {
      type: 'ResendValidation',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + VALIDATION_TOKEN_TTL_MS).toISOString(),
      now: now.toISOString(),
    });
    if (options.sendMail) {
      const row = await findCustomerById(this.pool, customer.customerId);
      await this.mailer.send(await validationMail(mailBrand(this.config), customer.email, row?.firstname ?? '', token));
    }
    return { validationToken: token };
  }
}
