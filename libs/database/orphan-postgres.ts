import { readdir, readFile, readlink, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmbeddedPostgresStartError } from './start-error.js';

/** How long a fast shutdown of an orphaned server may take before it is killed. */
const FAST_SHUTDOWN_WAIT_MS = 15_000;
const POLL_MS = 50;

/** What `postmaster.pid` of a cluster folder says about the server that wrote it. */
export type ClusterOwner =
  | { kind: 'none' }
  /** The pid file names a process that is gone or is no PostgreSQL of this folder: a stale file. */
  | { kind: 'stale'; pid: number }
  /** A live PostgreSQL of this folder whose parent is still a Node process (a running shop or command). */
  | { kind: 'running'; pid: number; parentPid: number }
  /** A live PostgreSQL of this folder whose parent died (a `kill -9` of the shop): an orphan. */
  | { kind: 'orphan'; pid: number };

/**
 * Finds out who holds a cluster folder, from its `postmaster.pid` and `/proc` (Linux). Where `/proc`
 * is missing the answer is `none`, and PostgreSQL's own lock-file check decides.
 */
export async function clusterOwner(clusterDir: string): Promise<ClusterOwner> {
  const dir = resolve(clusterDir);
  let pidFile: string;
  try {
    pidFile = await readFile(join(dir, 'postmaster.pid'), 'utf8');
  } catch {
    return { kind: 'none' };
  }
  const pid = Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return { kind: 'stale', pid: 0 };
  const status = await processStatus(pid);
  if (!status) return (await hasProc()) ? { kind: 'stale', pid } : { kind: 'none' };
  if (!(await isPostgresOf(pid, dir))) return { kind: 'stale', pid };
  const parentArgs = status.parentPid > 1 ? await commandLine(status.parentPid) : null;
  const parentIsNode = parentArgs !== null && /node/i.test(basename(parentArgs[0] ?? ''));
  return parentIsNode ? { kind: 'running', pid, parentPid: status.parentPid } : { kind: 'orphan', pid };
}

/**
 * Makes the cluster folder free for a new server: an orphaned server of this folder gets a fast
 * shutdown (SIGINT: connections ended, a checkpoint written), and SIGKILL only if it has not stopped
 * after 15 s; a stale pid file naming another program is removed (PostgreSQL would refuse to start
 * while that pid lives). A server still owned by a running shop is never touched: that is an error.
 * Answers the pid of the orphan stopped, if any.
 */
export async function freeClusterFolder(clusterDir: string): Promise<number | null> {
  const owner = await clusterOwner(clusterDir);
  if (owner.kind === 'running') {
    throw new EmbeddedPostgresStartError(
      `the database in ${resolve(clusterDir)} is in use by a running shop or command (process ${owner.parentPid})`,
      'stop it first, or set DATA_DIR to another folder',
    );
  }
  // A pid that still exists (another program, or a killed server not yet reaped: a zombie) makes
  // PostgreSQL refuse the pid file as "already exists": the file is stale either way.
  if (owner.kind === 'stale' && owner.pid > 0 && (await pidExists(owner.pid))) {
    // A server killed an instant ago is still tearing down (its memory first, its sockets after, and
    // /proc shows no command line meanwhile): wait until it is gone, or its port is still taken.
    const args = await commandLine(owner.pid);
    if (!args || args.length === 0 || basename(args[0] ?? '').startsWith('postgres')) {
      await exited(owner.pid, FAST_SHUTDOWN_WAIT_MS);
    }
    await removeSocketLock(resolve(clusterDir), owner.pid);
    await rm(join(resolve(clusterDir), 'postmaster.pid'), { force: true });
  }
  if (owner.kind === 'orphan') {
    signal(owner.pid, 'SIGINT');
    if (!(await exited(owner.pid, FAST_SHUTDOWN_WAIT_MS))) {
      signal(owner.pid, 'SIGKILL');
      await exited(owner.pid, FAST_SHUTDOWN_WAIT_MS);
      // Killed, it cleaned nothing up: its files name a pid that may not be reaped yet.
      await removeSocketLock(resolve(clusterDir), owner.pid);
      await rm(join(resolve(clusterDir), 'postmaster.pid'), { force: true });
    }
  }
  if (owner.kind !== 'none') await endLeftoverBackends(resolve(clusterDir));
  return owner.kind === 'orphan' ? owner.pid : null;
}

/**
 * Backends of a server that was killed outright (SIGKILL of the shop's process group) outlive it for a
 * moment, still attached to its shared memory, and PostgreSQL refuses to start beside them. They work
 * in the cluster folder: wait for those to end, and end them when they linger (their server is gone).
 */
async function endLeftoverBackends(clusterDir: string): Promise<void> {
  const deadline = Date.now() + FAST_SHUTDOWN_WAIT_MS;
  for (;;) {
    const left = await processesIn(clusterDir);
    if (left.length === 0) return;
    if (Date.now() > deadline) {
      for (const pid of left) signal(pid, 'SIGKILL');
      await Promise.all(left.map((pid) => exited(pid, FAST_SHUTDOWN_WAIT_MS)));
      return;
    }
    await sleep(POLL_MS);
  }
}

/** Live PostgreSQL processes whose working folder is `clusterDir`. */
async function processesIn(clusterDir: string): Promise<number[]> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if ((await readlink(`/proc/${pid}/cwd`)) !== clusterDir) continue;
    } catch {
      continue;
    }
    const args = await commandLine(pid);
    if (args && basename(args[0] ?? '').startsWith('postgres') && (await processStatus(pid))) found.push(pid);
  }
  return found;
}

/**
 * A server killed outright leaves its socket lock file (`<socket dir>/.s.PGSQL.<port>.lock`) naming
 * its pid, and while that pid is a zombie not yet reaped PostgreSQL takes the port for taken. The pid
 * file says where the socket was; the lock is removed when it names that same dead server.
 */
async function removeSocketLock(clusterDir: string, deadPid: number): Promise<void> {
  let lines: string[];
  try {
    lines = (await readFile(join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return;
  }
  const [port, socketDir] = [lines[3]?.trim(), lines[4]?.trim()];
  if (!port || !socketDir) return;
  const lock = join(socketDir, `.s.PGSQL.${port}.lock`);
  try {
    const owner = Number.parseInt((await readFile(lock, 'utf8')).split('\n')[0] ?? '', 10);
    if (owner !== deadPid || (await processStatus(deadPid))) return;
  } catch {
    return;
  }
  await rm(lock, { force: true });
  await rm(join(socketDir, `.s.PGSQL.${port}`), { force: true });
}

/** Does `/proc` still list this pid (alive, or a zombie not yet reaped)? */
async function pidExists(pid: number): Promise<boolean> {
  try {
    await readFile(`/proc/${pid}/stat`, 'utf8');
    return true;
  } catch {
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') {
      throw new EmbeddedPostgresStartError(
        `an earlier embedded PostgreSQL (process ${pid}) is still running and cannot be stopped (${(error as Error).message})`,
        `stop process ${pid} by hand`,
      );
    }
  }
}

async function exited(pid: number, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (!(await processStatus(pid))) return true;
    await sleep(POLL_MS);
  }
  return !(await processStatus(pid));
}

async function hasProc(): Promise<boolean> {
  return (await processStatus(process.pid)) !== null;
}

/** A live (not zombie) process's parent, from /proc/PID/stat; null when there is no such process. */
async function processStatus(pid: number): Promise<{ parentPid: number } | null> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return null;
  return { parentPid: Number.parseInt(fields[1] ?? '0', 10) };
}

async function commandLine(pid: number): Promise<string[] | null> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

/** Is `pid` a PostgreSQL server whose data directory is `clusterDir` (its `-D` argument, else its working folder)? */
async function isPostgresOf(pid: number, clusterDir: string): Promise<boolean> {
  const args = await commandLine(pid);
  if (!args || !basename(args[0] ?? '').startsWith('postgres')) return false;
  const d = args.indexOf('-D');
  if (d >= 0 && args[d + 1]) return resolve(args[d + 1]!) === clusterDir;
  try {
    return (await readlink(`/proc/${pid}/cwd`)) === clusterDir;
  } catch {
    return false;
  }
}
