import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { CME_VERIFY_TOO_MANY } from '#libs/contracts/cme.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { lazyPgLimiter } from '../kernel/pg-limiter.js';
import { takeAttempt } from '../kernel/too-many-attempts.js';

/**
 * Checks of certificates per address (every public verify call counts one, found or not): a board
 * checking a pile of certificates stays far below it; a script guessing numbers is answered 429.
 */
export const VERIFY_LIMIT = { points: 120, duration: 15 * 60 } as const;

@Injectable()
export class VerifyThrottle {
  private readonly limiter: ReturnType<typeof lazyPgLimiter>;

  constructor(@Inject(PG_POOL) pool: Pool) {
    this.limiter = lazyPgLimiter(pool, 'cmeVerifyPerIp', VERIFY_LIMIT);
  }

  /** Takes one check of the address before anything is looked up; 429 (Retry-After) beyond the limit. */
  async take(ip: string): Promise<void> {
    const limiter = await this.limiter();
    await takeAttempt(CME_VERIFY_TOO_MANY, [() => limiter.consume(ip)]);
  }
}
