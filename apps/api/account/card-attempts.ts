import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../infrastructure/tokens.js';
import { lazyPgLimiter } from '../kernel/pg-limiter.js';
import { takeAttempt } from '../kernel/too-many-attempts.js';

/** Card attempts of one account: 10 an hour (card testing through the Card tab, docs/decisions.md). */
export const CARD_ATTEMPTS = { points: 10, duration: 60 * 60 } as const;
export const TOO_MANY_CARD_ATTEMPTS = 'Too many card attempts. Please wait an hour and try again.';

/**
 * The card-testing guard of PUT /api/account/card: every attempt that reaches the gateway takes one
 * point of the account (approved or declined), in PostgreSQL (lazyPgLimiter), so it holds across API
 * replicas and requests sent at once.
 */
@Injectable()
export class CardAttempts {
  private readonly limiter: ReturnType<typeof lazyPgLimiter>;

  constructor(@Inject(PG_POOL) pool: Pool) {
    this.limiter = lazyPgLimiter(pool, 'cardPerAccount', CARD_ATTEMPTS);
  }

  /** Takes one attempt of the account; throws 429 when the hour's attempts are used up. */
  async take(customerId: string): Promise<void> {
    await takeAttempt(TOO_MANY_CARD_ATTEMPTS, [async () => (await this.limiter()).consume(customerId)]);
  }
}
