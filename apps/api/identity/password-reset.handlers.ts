import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import type { Pool } from 'pg';
import type { Config } from '#libs/config/config.js';
import { hashToken, newToken } from '#libs/crypto/tokens.js';
import { customerDecider, RESET_TOKEN_TTL_MS } from '#libs/domain/customer/customer.decider.js';
import { CustomerErrors } from '#libs/domain/customer/customer.errors.js';
import { customerStreamId } from '#libs/domain/customer/customer.events.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { mailBrand } from '#libs/mail/brand.js';
import { passwordResetMail } from '#libs/mail/identity-mails.js';
import type { Mailer } from '#libs/mail/mailer.js';
import { findCustomerById } from '#libs/read-models/customers.js';
import { CONFIG, MAILER, PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { CustomerLookup } from './customer-lookup.js';
import { RequestPasswordResetCommand, SetNewPasswordCommand } from './identity.commands.js';
import { hashPassword } from './password-hasher.js';
import { IdentityRateLimits } from './rate-limits.js';

/** Forgot (user/forgot): mails a one-time, one-hour link to user/redeem. Rate-limited per email and per IP. */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly customers: CustomerLookup,
    private readonly limits: IdentityRateLimits,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly clock: Clock,
  ) {}

  async execute({ input, ip }: RequestPasswordResetCommand): Promise<void> {
    const email = input.EMAIL.trim().toLowerCase();
    await this.limits.forgot(email, ip);
    const customer = await this.customers.byEmail(email);
    if (!customer?.customerId) throw new DomainError('customer_not_found', CustomerErrors.customer_not_found);
    const token = newToken();
    const now = this.clock.now();
    await this.eventSourced.execute(customerStreamId(customer.customerId), customerDecider, {
      type: 'RequestPasswordReset',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
      now: now.toISOString(),
    });
    const row = await findCustomerById(this.pool, customer.customerId);
    await this.mailer.send(await passwordResetMail(mailBrand(this.config), email, row?.firstname ?? '', token));
  }
}

/** Set new password (user/redeem): spends the reset token. */
@CommandHandler(SetNewPasswordCommand)
export class SetNewPasswordHandler implements ICommandHandler<SetNewPasswordCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly customers: CustomerLookup,
    private readonly clock: Clock,
  ) {}

  async execute({ input }: SetNewPasswordCommand): Promise<void> {
    const customer = await this.customers.byEmail(input.EMAIL);
    if (!customer?.customerId) throw new DomainError('invalid_reset_token', CustomerErrors.invalid_reset_token);
    await this.eventSourced.execute(customerStreamId(customer.customerId), customerDecider, {
      type: 'SetNewPassword',
      tokenHash: hashToken(input.TOKEN),
      passwordHash: await hashPassword(input.PASSWORD),
      now: this.clock.now().toISOString(),
    });
  }
}
