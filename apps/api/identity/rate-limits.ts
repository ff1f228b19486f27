import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { PG_POOL } from '../infrastructure/tokens.js';
import { pgLimiter } from '../kernel/pg-limiter.js';
import { takeAttempt } from '../kernel/too-many-attempts.js';

/**
 * Limits (docs/conventions.md, Identity, roles and payments). Logins are counted per address and
 * per address-and-account (as Saleor does), never per account alone: an attacker elsewhere can
 * never lock the owner out.
 * Forgot-password requests are counted per email and per IP. Book-code redeem attempts are counted per
 * address and per account (the account is signed in: only its holder spends its attempts).
 */
export const LIMITS = {
  loginPerIp: { points: 50, duration: 15 * 60 },
  loginPerIpAndEmail: { points: 10, duration: 15 * 60 },
  forgotPerEmail: { points: 5, duration: 60 * 60 },
  forgotPerIp: { points: 20, duration: 60 * 60 },
  redeemPerIp: { points: 50, duration: 15 * 60 },
  redeemPerAccount: { points: 10, duration: 15 * 60 },
} as const;

export const TOO_MANY_LOGINS = 'Too many login attempts. Please wait 15 minutes and try again.';
export const TOO_MANY_PASSWORD_CHECKS = 'Too many wrong passwords. Please wait 15 minutes and try again.';
export const TOO_MANY_RESETS = 'Too many password reset requests. Please wait an hour and try again.';
export const TOO_MANY_REDEEMS = 'Too many book code attempts. Please wait 15 minutes and try again.';

/** The key of one account tried from one address. */
export const ipAndEmailKey = (ip: string, email: string): string => `${ip} ${email}`;

/**
 * Rate limits kept in PostgreSQL (rate-limiter-flexible's Postgres store), so they hold across
 * API replicas. A login takes its points before the password is checked (one atomic upsert per key),
 * so attempts sent at once cannot pass the limit; a success gives them back. Forgot counts every request.
 */
@Injectable()
export class IdentityRateLimits {
  private readonly limiters: Promise<Record<keyof typeof LIMITS, RateLimiterPostgres>>;

  constructor(@Inject(PG_POOL) pool: Pool) {
    const make = (keyPrefix: keyof typeof LIMITS) => pgLimiter(pool, keyPrefix, LIMITS[keyPrefix]);
    // One table for all: created by the first limiter, then the others start.
    this.limiters = make('loginPerIp').then(async (loginPerIp) => ({
      loginPerIp,
      loginPerIpAndEmail: await make('loginPerIpAndEmail'),
      forgotPerEmail: await make('forgotPerEmail'),
      forgotPerIp: await make('forgotPerIp'),
      redeemPerIp: await make('redeemPerIp'),
      redeemPerAccount: await make('redeemPerAccount'),
    }));
    this.limiters.catch(() => undefined);
  }

  /**
   * Takes one attempt of the address and one of the address-and-account, before the password is
   * checked; throws TooManyAttempts (429, Retry-After) when either is used up (the attempt is not checked at all then).
   */
  async beginLogin(email: string, ip: string, refusal = TOO_MANY_LOGINS): Promise<void> {
    const l = await this.limiters;
    await takeAttempt(refusal, [
      () => l.loginPerIp.consume(ip),
      () => l.loginPerIpAndEmail.consume(ipAndEmailKey(ip, email)),
    ]);
  }

  /** The password was right: the account's count at this address starts again, and the address gets its attempt back. */
  async loginSucceeded(email: string, ip: string): Promise<void> {
    const l = await this.limiters;
    await Promise.all([l.loginPerIpAndEmail.delete(ipAndEmailKey(ip, email)), l.loginPerIp.reward(ip, 1)]);
  }

  /**
   * The current password typed on the account page to change the email or the password: counted on
   * the login's counters of the account's email at this address (a guess is a guess, by either door),
   * before it is checked; a right one gives the point back as a login does.
   */
  beginPasswordCheck(email: string, ip: string): Promise<void> {
    return this.beginLogin(email, ip, TOO_MANY_PASSWORD_CHECKS);
  }

  /** Counts a forgot-password request; throws TooManyAttempts beyond the limit. */
  async forgot(email: string, ip: string): Promise<void> {
    const l = await this.limiters;
    await takeAttempt(TOO_MANY_RESETS, [() => l.forgotPerIp.consume(ip), () => l.forgotPerEmail.consume(email)]);
  }

  /**
   * Takes one redeem attempt of the address and one of the account before the code is looked up (so
   * attempts sent at once cannot pass the limit); throws TooManyAttempts when either is used up.
   */
  async beginRedeem(customerId: string, ip: string): Promise<void> {
    const l = await this.limiters;
    await takeAttempt(TOO_MANY_REDEEMS, [
      () => l.redeemPerIp.consume(ip),
      () => l.redeemPerAccount.consume(customerId),
    ]);
  }

  /** The code was redeemed: the attempt is given back to the address and the account. */
  async redeemSucceeded(customerId: string, ip: string): Promise<void> {
    const l = await this.limiters;
    await Promise.all([l.redeemPerIp.reward(ip, 1), l.redeemPerAccount.reward(customerId, 1)]);
  }
}
