/**
 * What keeps the database from doing its work, as the shop tells it apart (docs/operations.md,
 * Database outages): `unreachable` (stopped, restarting, failing over, the network), `disk_full` (it
 * refuses to store anything) and `read_only` (a standby after a failover, or a read-only server). Any
 * other error is not an outage: a fault of ours, or of the request.
 */
export type DatabaseFault = 'unreachable' | 'disk_full' | 'read_only';

/** SQLSTATEs of a server going away or refusing connections: class 08, shutdown, starting, no slot left. */
const UNREACHABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const DISK_FULL_STATE = '53100';
const READ_ONLY_STATE = '25006';
/** Node's socket errors on a connection to the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres says of a connection it lost or could not open in time. */
const LOST_CONNECTION = /^Connection terminated|is not queryable|timeout exceeded when trying to connect/;

/**
 * Thrown by the shop itself when the database went away under work that cannot go on without it: a
 * held advisory lock whose connection was lost (PostgreSQL dropped the lock with it).
 */
export class DatabaseUnavailable extends Error {
  constructor(
    readonly fault: DatabaseFault,
    message: string,
  ) {
    super(message);
    this.name = 'DatabaseUnavailable';
  }
}

/**
 * The database fault behind `error`, or null when it is no outage of the database. Only the error
 * itself is read, not its causes: node-postgres throws the server's error or the socket's as they are,
 * while another client's socket error (the gateway's, the mail server's) comes wrapped and is no
 * fault of the database.
 */
export function databaseFault(error: unknown): DatabaseFault | null {
  if (error instanceof DatabaseUnavailable) return error.fault;
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code === DISK_FULL_STATE) return 'disk_full';
    if (code === READ_ONLY_STATE) return 'read_only';
    if (UNREACHABLE_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return 'unreachable';
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && LOST_CONNECTION.test(message) ? 'unreachable' : null;
}

/** While a loop fails on a database fault it tries again at least this often, so it resumes soon after the database's return. */
export const OUTAGE_RETRY_MAX_MS = 1000;

/** The pause before a loop's next attempt: `planned`, but at most OUTAGE_RETRY_MAX_MS when `error` is a database fault. */
export function retryDelay(planned: number, error: unknown): number {
  return databaseFault(error) ? Math.min(planned, OUTAGE_RETRY_MAX_MS) : planned;
}
