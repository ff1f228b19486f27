import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Output kept per process (the tail), enough to explain a failure. */
const KEEP_CHARS = 200_000;

/** Process groups started here and not yet seen to end: killed when this process exits, whatever the reason. */
const live = new Set<number>();
/** Kafka brokers started here (their state folders): killed by pid when this process exits. */
const brokers = new Set<string>();
let hooked = false;

function killGroupNow(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The JVM of a broker started with `start-broker.mjs --state-dir dir`, by its pid file. */
function brokerPid(stateDir: string): number | null {
  const file = join(stateDir, 'broker.pid');
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function killEverything(): void {
  for (const pid of live) killGroupNow(pid);
  for (const dir of brokers) {
    const pid = brokerPid(dir);
    if (pid) killGroupNow(pid);
  }
}

/**
 * On any exit of this process (a failed test, an uncaught error) and on Ctrl+C or SIGTERM (then the
 * signal is raised again, so the process still ends as it would have): SIGKILL to every group still
 * running. A SIGKILL of this process runs nothing, so each group also gets a watchdog (`watch`).
 */
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', killEverything);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killEverything();
      process.kill(process.pid, signal);
    });
  }
}

/**
 * A detached shell that kills process group `pid` once this process is gone (even after a SIGKILL of
 * it), and ends by itself when the group's leader ends first.
 */
function watch(pid: number): void {
  const script = `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${pid} 2>/dev/null; do sleep 1; done; kill -0 ${process.pid} 2>/dev/null || kill -KILL -${pid} 2>/dev/null; true`;
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
}

export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** The tail of everything it wrote to stdout and stderr. */
  output(): string;
  /** Resolves once its output contains `text`; rejects when it exits first or after `timeoutMs`. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** True once the process ended. */
  ended(): boolean;
  exited(): Promise<number | null>;
  /** SIGKILL to its whole process group (no clean-up: a crash); resolves when it ended. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop), SIGKILL to the group after `graceMs`; resolves when it ended. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `node <script>` as the leader of its own process group (`detached`), so it and anything it
 * starts can be killed together (`kill(-pid)`), as test/crash does. Killed on this process's exit too.
 */
export function startNodeProcess(name: string, cwd: string, script: string, env: NodeJS.ProcessEnv): ManagedProcess {
  hookExit();
  const child = spawn(process.execPath, [script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid;
  if (pid) {
    live.add(pid);
    watch(pid);
  }
  let text = '';
  const append = (chunk: Buffer): void => {
    text += chunk.toString('utf8');
    if (text.length > KEEP_CHARS * 2) text = text.slice(-KEEP_CHARS);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let done = false;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      done = true;
      if (pid) live.delete(pid);
      // Whatever it started dies with it (the group), also after a clean exit.
      if (pid) killGroupNow(pid);
      resolve(code);
    }),
  );
  const process_: ManagedProcess = {
    name,
    child,
    output: () => text,
    ended: () => done,
    exited: () => exit,
    waitFor: async (wanted, timeoutMs = 90_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!text.includes(wanted)) {
        if (done) throw new Error(`${name} exited before "${wanted}":\n${text.slice(-4000)}`);
        if (Date.now() > deadline) throw new Error(`${name} did not print "${wanted}" in ${timeoutMs} ms:\n${text}`);
        await sleep(50);
      }
    },
    kill: async () => {
      if (pid && !done) killGroupNow(pid);
      await exit;
    },
    stop: async (graceMs = 15_000) => {
      if (!pid || done) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => killGroupNow(pid), graceMs);
      await exit;
      clearTimeout(timer);
    },
  };
  return process_;
}

/** A Kafka broker this run started from Maven Central's jars (scripts/kafka/start-broker.mjs). */
export interface OwnBroker {
  bootstrap: string;
  stop(): void;
}

/**
 * Starts a single-node broker in its own state folder; resolves to undefined when none can run here
 * (no Java or Maven, or it did not start), with the reason in `onLine`.
 */
export async function startOwnBroker(
  root: string,
  stateDir: string,
  onLine: (line: string) => void,
): Promise<OwnBroker | undefined> {
  const has = (command: string): boolean =>
    spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
  if (!has('java') || !has('mvn')) {
    onLine('no Java 17 and Maven here: no Kafka broker can be started');
    return undefined;
  }
  hookExit();
  brokers.add(stateDir);
  const script = join(root, 'scripts/kafka/start-broker.mjs');
  const started = spawnSync(process.execPath, [script, '--state-dir', stateDir], {
    cwd: root,
    encoding: 'utf8',
    timeout: 240_000,
  });
  const bootstrap = /^(\S+:\d+)\s*$/m.exec(started.stdout ?? '')?.[1];
  if (started.status !== 0 || !bootstrap) {
    onLine(`the Kafka broker did not start: ${(started.stderr ?? '').trim().split('\n').slice(-3).join(' / ')}`);
    stopBroker(root, stateDir);
    return undefined;
  }
  const jvm = brokerPid(stateDir);
  if (jvm) watch(jvm);
  return { bootstrap, stop: () => stopBroker(root, stateDir) };
}

function stopBroker(root: string, stateDir: string): void {
  spawnSync(process.execPath, [join(root, 'scripts/kafka/stop-broker.mjs'), '--state-dir', stateDir], {
    cwd: root,
    stdio: 'ignore',
    timeout: 30_000,
  });
  const pid = brokerPid(stateDir);
  if (pid) killGroupNow(pid);
  brokers.delete(stateDir);
}
