import type { Pool } from 'pg';
import { DatabaseUnavailable } from './database-fault.js';
import { checkOut } from './pools.js';

/** A session advisory lock held on a connection of its own until `release()`. */
export interface HeldLock {
  /**
   * Throws DatabaseUnavailable once the lock's connection was lost (the database restarted, failed
   * over, or stopped): PostgreSQL dropped the lock with it, so another process may already settle what
   * it guarded, as after a crash. Work under the lock asks before each step that must not run twice.
   */
  assertHeld(): void;
  release(): Promise<void>;
}

/**
 * Takes the session advisory lock `lockSql` (an expression of `$1`, e.g.
 * `hashtextextended('renewal:' || $1, 0)`) for `key` on a connection of `locks` kept for it; null when
 * another live session holds it. A process that dies drops its locks with its connections, so whoever
 * takes the lock next knows no live run holds the key. `onLost` hears of a lock whose connection was lost.
 */
export async function holdAdvisoryLock(
  locks: Pool,
  lockSql: string,
  key: string,
  onLost: (error: Error) => void = () => undefined,
): Promise<HeldLock | null> {
  const connection = await checkOut(locks, onLost);
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
    assertHeld: () => {
      const lost = connection.lost();
      if (lost)
        throw new DatabaseUnavailable(
          'unreachable',
          `the advisory lock of ${key} was lost with its connection (${lost.message})`,
        );
    },
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
