import type { Pool } from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { onceSucceeded } from '#libs/database/once-succeeded.js';

/** A rate limiter kept in PostgreSQL's `rate_limits` table; resolves once the table is ready. */
export function pgLimiter(
  pool: Pool,
  keyPrefix: string,
  limits: { points: number; duration: number },
): Promise<RateLimiterPostgres> {
  return new Promise<RateLimiterPostgres>((resolve, reject) => {
    const limiter: RateLimiterPostgres = new RateLimiterPostgres(
      {
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        keyPrefix,
        clearExpiredByTimeout: false,
        ...limits,
      },
      (error?: Error) => (error ? reject(error) : resolve(limiter)),
    );
  });
}

/**
 * A rate limiter kept in PostgreSQL (rate-limiter-flexible's store, the `rate_limits` table the
 * identity limits create), so it holds across API replicas and requests sent at once. Started on first
 * use; a failed start is tried again on the next.
 */
export function lazyPgLimiter(
  pool: Pool,
  keyPrefix: string,
  limits: { points: number; duration: number },
): () => Promise<RateLimiterPostgres> {
  return onceSucceeded(() => pgLimiter(pool, keyPrefix, limits));
}
