/**
 * The error body of every 4xx and 5xx answer of the API (apps/api/kernel/http-error.filter.ts):
 * `error` is the first (or only) message, the one a screen shows; `message` lists them all (each
 * invalid field of a 400); `ERROR` repeats `error` under the name the CME screens read (signed-in
 * section 8: "CME save failure shows the ERROR field from the server").
 */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string[];
  ERROR: string;
}

/**
 * 409 of any write whose stream kept changing under it while it was decided again and again (thirty
 * saves of one form at once): nothing of this request was saved, and trying again works.
 */
export const CONCURRENT_CHANGE =
  'This was changed at the same moment by another request. Nothing was saved: please try again.';

/** 500: a fault of ours; the details stay in the log. */
export const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

/**
 * 503 while the shop's database cannot be reached (stopped, restarting, failing over): the request
 * did not complete, and the same request works again once the database is back (`Retry-After`).
 */
export const DATABASE_UNREACHABLE = 'The shop cannot reach its database at the moment. Please try again in a minute.';

/** 503 while the database's disk is full: it stores nothing until space is freed. */
export const DATABASE_DISK_FULL =
  'The shop cannot save anything at the moment: its database has run out of disk space. Please try again later.';

/** 503 while the database accepts no changes (a standby during a failover). */
export const DATABASE_READ_ONLY =
  'The shop cannot save anything at the moment: its database accepts no changes. Please try again in a minute.';
