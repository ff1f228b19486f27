import type { Pool } from 'pg';
import { checkOut } from './pools.js';

/** A session advisory lock held on a connection of its own until `release()`. */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Takes the session advisory lock `lockSql` (an expression of `$1`, e.g.
 * `hashtextextended('renewal:' || $1, 0)`) for `key` on a connection of `locks` kept for it; null when
 * another live session holds it. A process that dies drops its locks with its connections, so whoever
 * takes the lock next knows no live run holds the key. The connection listens for its own loss (a
 * database restart drops it, and the lock with it) instead of ending the process.
 */
export async function holdAdvisoryLock(locks: Pool, lockSql: string, key: string): Promise<HeldLock | null> {
  const connection = await checkOut(locks);
  try {
    const { rows } = await connection.client.query<{ held: boolean }>(
      `SELECT pg_try_advisory_lock(${lockSql}) AS held`,
      [key],
    );
    if (!rows[0]?.held) {
      connection.release();
      return null;
    }
  } catch (error) {
    connection.release(true);
    throw error;
  }
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      if (connection.lost()) return connection.release(); // the lock went with the connection
      try {
        await connection.client.query(`SELECT pg_advisory_unlock(${lockSql})`, [key]);
        connection.release();
      } catch {
        connection.release(true); // a broken connection drops its lock with it
      }
    },
  };
}
