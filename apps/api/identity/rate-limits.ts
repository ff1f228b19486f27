import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { PG_POOL } from '../infrastructure/tokens.js';

/** Limits (DESIGN.md section 6): failed logins per email and per IP; forgot-password requests per email and per IP. */
export const LIMITS = {
  loginPerEmail: { points: 10, duration: 15 * 60 },
  loginPerIp: { points: 50, duration: 15 * 60 },
  forgotPerEmail: { points: 5, duration: 60 * 60 },
  forgotPerIp: { points: 20, duration: 60 * 60 },
} as const;

export const TOO_MANY_LOGINS = 'Too many login attempts. Please wait 15 minutes and try again.';
export const TOO_MANY_RESETS = 'Too many password reset requests. Please wait an hour and try again.';

/**
 * Rate limits kept in PostgreSQL (rate-limiter-flexible's Postgres store), so they hold across
 * API replicas. Login counts failures only (a success clears the email's count); forgot counts every request.
 */
@Injectable()
export class IdentityRateLimits {
  private readonly limiters: Promise<Record<keyof typeof LIMITS, RateLimiterPostgres>>;

  constructor(@Inject(PG_POOL) pool: Pool) {
    const make = (keyPrefix: keyof typeof LIMITS): Promise<RateLimiterPostgres> =>
      new Promise((resolve, reject) => {
        const limiter: RateLimiterPostgres = new RateLimiterPostgres(
          {
            storeClient: pool,
            storeType: 'pool',
            tableName: 'rate_limits',
            keyPrefix,
            clearExpiredByTimeout: false,
            ...LIMITS[keyPrefix],
          },
          (error?: Error) => (error ? reject(error) : resolve(limiter)),
        );
      });
    // One table for all: created by the first limiter, then the others start.
    this.limiters = make('loginPerEmail').then(async (loginPerEmail) => ({
      loginPerEmail,
      loginPerIp: await make('loginPerIp'),
      forgotPerEmail: await make('forgotPerEmail'),
      forgotPerIp: await make('forgotPerIp'),
    }));
    this.limiters.catch(() => undefined);
  }

  /** Throws 429 when the email or the IP has used up its failed logins. */
  async checkLogin(email: string, ip: string): Promise<void> {
    const l = await this.limiters;
    const [byEmail, byIp] = await Promise.all([l.loginPerEmail.get(email), l.loginPerIp.get(ip)]);
    const spent = (res: RateLimiterRes | null, points: number) => res !== null && res.consumedPoints >= points;
    if (spent(byEmail, LIMITS.loginPerEmail.points) || spent(byIp, LIMITS.loginPerIp.points)) {
      throw new HttpException({ message: [TOO_MANY_LOGINS] }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  async loginFailed(email: string, ip: string): Promise<void> {
    const l = await this.limiters;
    await Promise.all([l.loginPerEmail.penalty(email, 1), l.loginPerIp.penalty(ip, 1)]);
  }

  async loginSucceeded(email: string): Promise<void> {
    const l = await this.limiters;
    await l.loginPerEmail.delete(email);
  }

  /** Counts a forgot-password request; throws 429 beyond the limit. */
  async forgot(email: string, ip: string): Promise<void> {
    const l = await this.limiters;
    try {
      await Promise.all([l.forgotPerEmail.consume(email), l.forgotPerIp.consume(ip)]);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new HttpException({ message: [TOO_MANY_RESETS] }, HttpStatus.TOO_MANY_REQUESTS);
      }
      throw error;
    }
  }
}
