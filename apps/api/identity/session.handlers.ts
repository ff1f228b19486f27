import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { JwtService } from '@nestjs/jwt';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import type { LoginResponse } from '#libs/contracts/identity.js';
import { verifySocietyToken } from '#libs/crypto/society-token.js';
import { customerDecider } from '#libs/domain/customer/customer.decider.js';
import { CustomerErrors } from '#libs/domain/customer/customer.errors.js';
import { customerStreamId, newProfile } from '#libs/domain/customer/customer.events.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { countLogin } from '#libs/metrics/metrics.js';
import { encryptedDobOf } from '#libs/read-models/customers.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { TooManyAttempts } from '../kernel/too-many-attempts.js';
import { CustomerLookup } from './customer-lookup.js';
import { EmailReservations } from './email-reservations.js';
import { LoginCommand, LogoutCommand } from './identity.commands.js';
import { verifyPassword } from './password-hasher.js';
import { IdentityRateLimits } from './rate-limits.js';
import { RolesService } from './roles.service.js';
import { SocietySecrets } from './society-secrets.js';

/** The JWT carries the customer and the session (docs/conventions.md, Identity, roles and payments). */
export interface SessionClaims {
  sub: string;
  sid: string;
}

export const EMPTY_FIELDS = 'Email or Password can not be undefined.';
const invalidCredentials = () => new DomainError('invalid_credentials', CustomerErrors.invalid_credentials);

/**
 * Login (storefront section 2): by email and password, or by a society's signed token. A login
 * ends the account's other sessions (one device per account); their next call answers 401.
 */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly customers: CustomerLookup,
    private readonly reservations: EmailReservations,
    private readonly limits: IdentityRateLimits,
    private readonly roles: RolesService,
    private readonly jwt: JwtService,
    private readonly societies: SocietySecrets,
    private readonly clock: Clock,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute(command: LoginCommand): Promise<LoginResponse> {
    if (command.society) return this.societySignIn(command.society);
    if (!command.email?.trim() || !command.password) throw new BadRequestException({ message: [EMPTY_FIELDS] });
    const email = command.email.trim().toLowerCase();
    // The attempt is counted before the password is checked, so attempts sent at once cannot pass the limit.
    try {
      await this.limits.beginLogin(email, command.ip);
    } catch (error) {
      if (error instanceof TooManyAttempts) countLogin('throttled');
      throw error;
    }
    const customer = await this.customers.byEmail(email);
    if (!customer?.customerId || !(await verifyPassword(customer.passwordHash, command.password))) {
      countLogin('failed');
      throw invalidCredentials();
    }
    await this.limits.loginSucceeded(email, command.ip);
    countLogin('success');
    return this.startSession(customer.customerId, 'password');
  }

  private async societySignIn(token: string): Promise<LoginResponse> {
    const verified = verifySocietyToken(token, this.societies.all(), this.clock.now());
    if (!verified) {
      countLogin('failed');
      throw invalidCredentials();
    }
    countLogin('success');
    const { claims, societyId } = verified;
    const email = claims.email.trim().toLowerCase();
    let customerId = await this.reservations.customerIdOf(email);
    if (!customerId) customerId = await this.registerMember(email, claims.first, claims.last, societyId);
    return this.startSession(customerId, 'society');
  }

  /** First society sign-in of a member: the account is registered, already validated (the society vouches for the email). */
  private async registerMember(
    email: string,
    first: string | undefined,
    last: string | undefined,
    societyId: string,
  ): Promise<string> {
    const customerId = randomUUID();
    const now = this.clock.now().toISOString();
    const registered = await this.reservations.registerUnder(email, customerId, () =>
      this.eventSourced.execute(customerStreamId(customerId), customerDecider, {
        type: 'RegisterCustomer',
        customerId,
        email,
        profile: newProfile({
          firstname: first?.trim() || email.split('@')[0] || 'Member',
          lastname: last?.trim() ?? '',
          specialty: 'Other',
        }),
        passwordHash: null,
        agreedToTerms: false,
        registeredVia: `society:${societyId}`,
        validationToken: null,
        validatedVia: 'society',
        now,
      }),
    );
    if (registered) return customerId;
    // Registered meanwhile by a concurrent sign-in: use that account.
    const holder = await this.reservations.customerIdOf(email);
    if (!holder) throw invalidCredentials();
    return holder;
  }

  private async startSession(customerId: string, via: 'password' | 'society'): Promise<LoginResponse> {
    const sessionId = randomUUID();
    await this.eventSourced.execute(customerStreamId(customerId), customerDecider, {
      type: 'StartSession',
      sessionId,
      via,
      now: this.clock.now().toISOString(),
    });
    const claims: SessionClaims = { sub: customerId, sid: sessionId };
    return {
      token: await this.jwt.signAsync(claims),
      // Filled by later features (purchased streaming products, marketing).
      OPEN: [],
      QMPMarketingPixel: null,
      EXPIRATIONS: await this.roles.expirations(customerId),
      QMPMarketingTarget: null,
      CMEREDIRECT: await this.cmeInfoMissing(customerId),
    };
  }

  /** A CME-role customer without a date of birth on file (the accreditor needs it): the web app sends them to CME info. */
  private async cmeInfoMissing(customerId: string): Promise<boolean> {
    const roles = await this.roles.rolesOf(customerId);
    if (!roles.includes('cme') && !roles.includes('cmePrint')) return false;
    return (await encryptedDobOf(this.pool, customerId)) === null;
  }
}

@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, sessionId }: LogoutCommand): Promise<void> {
    await this.eventSourced.execute(customerStreamId(customerId), customerDecider, {
      type: 'EndSession',
      sessionId,
      now: this.clock.now().toISOString(),
    });
  }
}
