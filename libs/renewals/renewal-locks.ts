import type { Pool } from 'pg';
import { type HeldLock, holdAdvisoryLock } from '#libs/database/held-lock.js';
import { siblingPool } from '#libs/database/pools.js';

/** A held renewal: the connection that holds its advisory lock. */
export type HeldRenewal = HeldLock;

/** The advisory lock of a renewal key, in a name space of its own. */
const LOCK = `hashtextextended('renewal:' || $1, 0)`;

/**
 * Session advisory locks on renewal keys, each on a connection of its own (a separate small pool, so
 * renewals never take the connections their own queries need). A process that dies drops its locks
 * with its connections: whoever takes the lock next knows no live run holds the renewal.
 */
export class RenewalLocks {
  private readonly locks: Pool;

  constructor(pool: Pool) {
    this.locks = siblingPool(pool, 2);
  }

  async close(): Promise<void> {
    await this.locks.end();
  }

  /** Holds the key's lock until `release()`; null when another live run holds it. */
  async hold(key: string): Promise<HeldRenewal | null> {
    return holdAdvisoryLock(this.locks, LOCK, key);
  }
}

/**
 * A fresh order number of the shop's one sequence (checkout's, apps/api/checkout/payment-claims.ts,
 * created here too when a projector process renews before any checkout ran).
 */
export async function nextOrderNumber(pool: Pick<Pool, 'query'>): Promise<number> {
  const draw = () => pool.query<{ onum: string }>(`SELECT nextval('checkout_order_numbers')::text AS onum`);
  const drawn = await draw().catch(async (error: unknown) => {
    if ((error as { code?: string }).code !== '42P01') throw error; // 42P01: the sequence does not exist yet
    await pool.query('CREATE SEQUENCE IF NOT EXISTS checkout_order_numbers START 100001');
    return draw();
  });
  return Number(drawn.rows[0]?.onum);
}
