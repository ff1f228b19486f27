import type { Pool, PoolClient } from 'pg';

/** A session advisory lock held on a connection of its own until `release()`. */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Takes the session advisory lock `lockSql` (an expression of `$1`, e.g.
 * `hashtextextended('renewal:' || $1, 0)`) for `key` on a connection of `locks` kept for it; null when
 * another live session holds it. A process that dies drops its locks with its connections, so whoever
 * takes the lock next knows no live run holds the key.
 */
export async function holdAdvisoryLock(locks: Pool, lockSql: string, key: string): Promise<HeldLock | null> {
  const client: PoolClient = await locks.connect();
  try {
    const { rows } = await client.query<{ held: boolean }>(`SELECT pg_try_advisory_lock(${lockSql}) AS held`, [key]);
    if (!rows[0]?.held) {
      client.release();
      return null;
    }
  } catch (error) {
    client.release(true);
    throw error;
  }
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      try {
        await client.query(`SELECT pg_advisory_unlock(${lockSql})`, [key]);
        client.release();
      } catch {
        client.release(true); // a broken connection drops its lock with it
      }
    },
  };
}
