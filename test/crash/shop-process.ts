import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The project folder: the built shop runs from here (it reads the demo catalog relative to it). */
export const ROOT = resolve(__dirname, '../..');
export const MAIN = join(ROOT, 'dist/apps/api/main.js');

/** Settings of the test process that must not leak into a shop started as `npm start` would start it. */
const NOT_INHERITED = [
  'DATABASE_URL',
  'TEST_ADMIN_DATABASE_URL',
  'EVENTSTORE_URL',
  'KAFKA_BROKERS',
  'SMTP_URL',
  'JWT_SECRET',
  'DOB_ENCRYPTION_KEY',
  'NODE_ENV',
];

export interface ShopSettings {
  dataDir: string;
  port: number;
  pgPort: number;
  /** More settings, applied last (e.g. DATABASE_URL, or SHOP_FAULT_POINT for a crash test). */
  env?: NodeJS.ProcessEnv;
}

/** The environment of the built shop in embedded mode, on this data folder and these ports. */
export function shopEnv(settings: ShopSettings): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of NOT_INHERITED) delete env[name];
  return {
    ...env,
    DATA_DIR: settings.dataDir,
    PORT: String(settings.port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(settings.pgPort),
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    ...settings.env,
  };
}

export interface ShopProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** What it wrote to stderr alone (the one-line start failures go there; JSON logs go to stdout). */
  errors(): string;
  /** Resolves once the shop printed that it is open; rejects if it exits first or after `timeoutMs`. */
  opened(timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code once the process ended. */
  exited(): Promise<number | null>;
}

/**
 * Starts `node dist/apps/api/main.js` as its own process group (`detached`), so a test can kill the
 * node process alone (`process.kill(pid)`) or the shop with its database (`process.kill(-pid)`).
 */
export function startShopProcess(settings: ShopSettings): ShopProcess {
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: shopEnv(settings),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let errors = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    errors += chunk.toString('utf8');
  });
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let ended = false;
  void exit.then(() => (ended = true));
  return {
    child,
    output: () => text,
    errors: () => errors,
    exited: () => exit,
    opened: async (timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!text.includes('The shop is open at')) {
        if (ended) throw new Error(`the shop exited before it opened:\n${text}`);
        if (Date.now() > deadline) throw new Error(`the shop did not open in ${timeoutMs} ms:\n${text}`);
        await sleep(50);
      }
    },
  };
}

/** SIGKILL to the whole process group of a shop (node and its database); quiet when it is gone. */
export function killGroup(shop: ShopProcess | undefined): void {
  const pid = shop?.child.pid;
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Kills whatever PostgreSQL still runs on a data folder (an orphan left by a `kill -9` of node alone),
 * found through its `postmaster.pid`. For test clean-up only: the shop itself stops orphans gently.
 */
export async function killClusterServer(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const cmdline = (() => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  })();
  if (!cmdline.includes(join(dataDir, 'pg'))) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  await sleep(200);
}

/** Waits until `check` holds, polling; throws with `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
