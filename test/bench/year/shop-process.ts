/**
 * The year bench's public entry points, each a process of its own: the built shop
 * (`dist/apps/api/main.js`) and the operator commands (`dist/apps/projector/rebuild.js`, backup, restore,
 * `cme:audit`), run with the environment an operator gives them, timed, their peak memory read by
 * `/usr/bin/time` (the largest resident set of the process and its children).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '../postgres.js';
import { benchLogFile } from '../shop.js';
import { createWriteStream } from 'node:fs';

/** What every process of the year is started with: the shop's production settings on the bench's database. */
export function shopEnv(databaseUrl: string, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789',
    DOB_ENCRYPTION_KEY: 'ab'.repeat(32),
    BACKUP_PASSPHRASE: 'year-bench-backup-passphrase-long-enough',
    SERVE_WEB: 'false',
    SEED_DEMO: 'false',
    DEMO_VIDEOS: 'false',
    ...extra,
  };
}

export interface CommandRun {
  seconds: number;
  /** Peak resident set, MB. */
  peakMb: number;
  stdout: string;
  stderr: string;
  code: number;
}

const MAXRSS = 'YEAR-BENCH-MAXRSS';

/** Every process started and not yet ended: killed when the bench exits, also on a failure or a signal. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) {
    // Each is the leader of a process group of its own (detached): the group goes, /usr/bin/time's child too.
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});
function track<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Runs `node args` to its end under `/usr/bin/time`; throws when it exits with another code than `okCodes`. */
export async function runCommand(args: string[], env: NodeJS.ProcessEnv, okCodes: number[] = [0]): Promise<CommandRun> {
  const started = performance.now();
  const child = track(
    spawn('/usr/bin/time', ['-f', `${MAXRSS} %M`, process.execPath, ...args], { env, stdio: 'pipe', detached: true }),
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c) => resolve(c ?? 1));
  });
  const seconds = (performance.now() - started) / 1000;
  const kb = Number(new RegExp(`${MAXRSS} (\\d+)`).exec(stderr)?.[1] ?? 0);
  if (!okCodes.includes(code)) {
    throw new Error(`node ${args.join(' ')} exited with ${code}: ${stderr.slice(-600)}`);
  }
  return { seconds, peakMb: kb / 1024, stdout, stderr: stderr.replace(new RegExp(`${MAXRSS} \\d+\\n?`), ''), code };
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface ShopProcess {
  base: string;
  /** Seconds from the spawn until the port took a connection (the port stayed closed that long). */
  openSeconds: number;
  stop(): Promise<void>;
}

/** Seconds until `GET /api/ready` answers 200 (polled every 100 ms), at most `limitSeconds`. */
export async function untilReady(base: string, limitSeconds: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${base}/api/ready`).catch(() => null);
    if (response?.status === 200) return (performance.now() - started) / 1000;
    await response?.arrayBuffer();
    if (performance.now() - started > limitSeconds * 1000)
      throw new Error(`the shop at ${base} was not ready in ${limitSeconds} s`);
    await sleep(100);
  }
}

/** The built shop on `env`'s database and a free port, its log in its data folder; resolves once its port is open. */
export async function startShopProcess(env: NodeJS.ProcessEnv, limitSeconds = 1800): Promise<ShopProcess> {
  const port = await freePort();
  const log = createWriteStream(benchLogFile(env.DATA_DIR!), { flags: 'a' });
  const started = performance.now();
  const child = track(
    spawn(process.execPath, ['dist/apps/api/main.js'], {
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    }),
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: number | null = null;
  const gone = new Promise<void>((resolve) => child.once('exit', (code) => ((exited = code ?? 1), resolve())));
  const stop = async (): Promise<void> => {
    if (exited === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await gone;
    clearTimeout(timer);
    log.end();
  };
  for (;;) {
    if (exited !== null)
      throw new Error(`the shop exited with ${exited} before opening its port (see ${env.DATA_DIR}/shop.log)`);
    if (await portOpen(port)) break;
    if (performance.now() - started > limitSeconds * 1000) {
      await stop();
      throw new Error(`the shop did not open its port in ${limitSeconds} s`);
    }
    await sleep(50);
  }
  return { base: `http://127.0.0.1:${port}`, openSeconds: (performance.now() - started) / 1000, stop };
}
