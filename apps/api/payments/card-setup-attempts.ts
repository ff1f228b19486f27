import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { TOO_MANY_CARD_ATTEMPTS } from '../account/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { lazyPgLimiter } from '../kernel/pg-limiter.js';
import { takeAttempt } from '../kernel/too-many-attempts.js';

/**
 * Card setups (each one is a card typed into Stripe's fields and checked by Stripe): 30 an hour per
 * address, and 20 per signed-in account, so the shop's Stripe account cannot be used to test stolen
 * cards (docs/decisions.md).
 */
export const CARD_SETUP_LIMITS = {
  perAddress: { points: 30, duration: 60 * 60 },
  perAccount: { points: 20, duration: 60 * 60 },
} as const;

@Injectable()
export class CardSetupAttempts {
  private readonly perAddress: ReturnType<typeof lazyPgLimiter>;
  private readonly perAccount: ReturnType<typeof lazyPgLimiter>;

  constructor(@Inject(PG_POOL) pool: Pool) {
    this.perAddress = lazyPgLimiter(pool, 'cardSetupPerAddress', CARD_SETUP_LIMITS.perAddress);
    this.perAccount = lazyPgLimiter(pool, 'cardSetupPerAccount', CARD_SETUP_LIMITS.perAccount);
  }

  /** Takes one setup of the address, then one of the account; throws 429 when either is used up. */
  async take(ip: string, customerId: string | null): Promise<void> {
    const address = await this.perAddress();
    const account = await this.perAccount();
    await takeAttempt(TOO_MANY_CARD_ATTEMPTS, [
      () => address.consume(ip),
      ...(customerId === null ? [] : [() => account.consume(customerId)]),
    ]);
  }
}
