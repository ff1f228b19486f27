import type pg from 'pg';
import { checkOut } from './pools.js';

/** Runs `work` in one transaction on a connection of its own: COMMIT when it resolves, ROLLBACK when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  // A connection lost meanwhile fails the transaction's next statement; its listener keeps the loss from crashing the process.
  const connection = await checkOut(pool);
  const { client } = connection;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}

/**
 * Runs `work` in one transaction that first takes the transaction-scoped advisory lock `key` (a number,
 * or a name hashed by `hashtext`), released at COMMIT or ROLLBACK: DDL or an import that several
 * processes may start at once runs one at a time.
 */
export function withAdvisoryLock<T>(
  pool: pg.Pool,
  key: number | string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return inTransaction(pool, async (client) => {
    await (typeof key === 'number'
      ? client.query('SELECT pg_advisory_xact_lock($1::bigint)', [key])
      : client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]));
    return work(client);
  });
}
