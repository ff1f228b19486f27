import pg from 'pg';

/**
 * The one way the shop opens PostgreSQL pools and checks connections out of them (docs/operations.md,
 * Database outages). node-postgres emits 'error' on a connection the server dropped (a restart, a
 * failover, a stop); an emitter without a listener throws it as an uncaught error, which ends the
 * process. So every pool made here has its listener, and every connection checked out (which the pool
 * stops listening to while it is out) gets one of its own until it is released.
 */

/** A pool on the server of `config`; `onIdleError` hears of each idle connection the server dropped. */
export function createPool(config: pg.PoolConfig, onIdleError: (error: Error) => void = () => undefined): pg.Pool {
  // Keep-alive probes on connections idle for 10 s: one to a server that vanished without closing it is
  // found dead when the probes go unanswered, not only at its next use.
  const pool = new pg.Pool({ keepAlive: true, keepAliveInitialDelayMillis: 10_000, ...config });
  pool.on('error', onIdleError);
  return pool;
}

/** A pool of its own on the same server and database as `pool` (connections kept for locks), of `max` connections. */
export function siblingPool(pool: pg.Pool, max: number): pg.Pool {
  // The pool keeps the password as a non-enumerable property: name it, a spread would drop it.
  return createPool({ ...pool.options, password: pool.options.password, max });
}

/** A connection checked out of a pool, listened to until it goes back. */
export interface CheckedOut {
  client: pg.PoolClient;
  /** The error that broke the connection while it was out, or null while it is sound. */
  lost(): Error | null;
  /** Back to the pool; a lost connection (or one `broken` says is unsafe) is closed instead. */
  release(broken?: boolean): void;
}

/** Checks a connection out of `pool`; `onLost` hears of its loss while it is out (the work on it then fails). */
export async function checkOut(pool: pg.Pool, onLost: (error: Error) => void = () => undefined): Promise<CheckedOut> {
  const client = await pool.connect();
  let lost: Error | null = null;
  const listener = (error: Error): void => {
    if (lost) return;
    lost = error;
    onLost(error);
  };
  client.on('error', listener);
  let released = false;
  return {
    client,
    lost: () => lost,
    release: (broken = false) => {
      if (released) return;
      released = true;
      client.removeListener('error', listener);
      client.release(broken || lost !== null);
    },
  };
}
