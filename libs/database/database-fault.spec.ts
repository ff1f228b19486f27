import { DatabaseUnavailable, databaseFault, OUTAGE_RETRY_MAX_MS, retryDelay } from './database-fault.js';

/** What node-postgres throws: the server's error with its SQLSTATE, or the socket's with its code. */
const serverError = (code: string, message = 'from the server') => Object.assign(new Error(message), { code });

describe('databaseFault', () => {
  it.each([
    ['57P01', 'unreachable'], // terminating connection due to administrator command (a fast stop)
    ['57P02', 'unreachable'], // crash shutdown
    ['57P03', 'unreachable'], // the database system is starting up / shutting down
    ['53300', 'unreachable'], // too many connections
    ['08006', 'unreachable'], // connection failure
    ['ECONNREFUSED', 'unreachable'],
    ['ECONNRESET', 'unreachable'],
    ['ETIMEDOUT', 'unreachable'],
    ['53100', 'disk_full'], // could not extend file: No space left on device
    ['25006', 'read_only'], // cannot execute INSERT in a read-only transaction (a standby)
  ])('reads %s as %s', (code, fault) => {
    expect(databaseFault(serverError(code))).toBe(fault);
  });

  it("reads node-postgres's lost connections and the shop's own lost lock as unreachable", () => {
    expect(databaseFault(new Error('Connection terminated unexpectedly'))).toBe('unreachable');
    expect(databaseFault(new Error('timeout exceeded when trying to connect'))).toBe('unreachable');
    expect(databaseFault(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      'unreachable',
    );
    expect(databaseFault(new DatabaseUnavailable('unreachable', 'the lock went with its connection'))).toBe(
      'unreachable',
    );
  });

  it('is no outage for a fault of ours, of the request, or of another server wrapped in its own error', () => {
    expect(databaseFault(serverError('23505'))).toBeNull(); // unique violation
    expect(databaseFault(serverError('42P01'))).toBeNull(); // no such table
    expect(databaseFault(new TypeError('x is undefined'))).toBeNull();
    expect(databaseFault(new TypeError('fetch failed', { cause: serverError('ECONNREFUSED') }))).toBeNull();
    expect(databaseFault(undefined)).toBeNull();
    expect(databaseFault('Connection terminated')).toBeNull();
  });
});

describe('retryDelay', () => {
  it('keeps a loop at most a second apart from its next try while the database is away, and leaves other pauses', () => {
    expect(retryDelay(16_000, serverError('ECONNREFUSED'))).toBe(OUTAGE_RETRY_MAX_MS);
    expect(retryDelay(500, serverError('57P01'))).toBe(500);
    expect(retryDelay(16_000, serverError('23514'))).toBe(16_000);
  });
});
