import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { PG_POOL } from '../infrastructure/tokens.js';
import { takeAttempt } from '../kernel/too-many-attempts.js';

/** Card attempts of one account: 10 an hour (card testing through the Card tab, docs/decisions.md). */
export const CARD_ATTEMPTS = { points: 10, duration: 60 * 60 } as const;
export const TOO_MANY_CARD_ATTEMPTS = 'Too many card attempts. Please wait an hour and try again.';

/**
 * The card-testing guard of PUT /api/account/card: every attempt that reaches the gateway takes one
 * point of the account (approved or declined), in PostgreSQL (rate-limiter-flexible's store, the
 * `rate_limits` table the identity limits use), so it holds across API replicas and requests sent at
 * once. Created on first use, when the identity limits have long created the table.
 */
@Injectable()
export class CardAttempts {
  private limiter: Promise<RateLimiterPostgres> | null = null;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Takes one attempt of the account; throws 429 when the hour's attempts are used up. */
  async take(customerId: string): Promise<void> {
    const limiter = await this.limiterOf();
    await takeAttempt(TOO_MANY_CARD_ATTEMPTS, [limiter.consume(customerId)]);
  }

  private limiterOf(): Promise<RateLimiterPostgres> {
    this.limiter ??= new Promise<RateLimiterPostgres>((resolve, reject) => {
      const limiter: RateLimiterPostgres = new RateLimiterPostgres(
        {
          storeClient: this.pool,
          storeType: 'pool',
          tableName: 'rate_limits',
          keyPrefix: 'cardPerAccount',
          clearExpiredByTimeout: false,
          ...CARD_ATTEMPTS,
        },
        (error?: Error) => (error ? reject(error) : resolve(limiter)),
      );
    });
    // A failed start is tried again on the next attempt.
    this.limiter.catch(() => (this.limiter = null));
    return this.limiter;
  }
}
