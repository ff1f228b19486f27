// The built shop (`npm run build` first) as the scripts start it: free ports, its own DATA_DIR
// (embedded PostgreSQL, demo data, the mail outbox), its own process group so it stops whole.
// Used by the contract check (contract-fuzz.mjs) and `npm run screenshots` (screenshots.mjs).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const SHOP_ENTRY = 'dist/apps/api/main.js';

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export function freePort() {
  return new Promise((done, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/**
 * Starts the built shop on free ports in its own process group; resolves `{ child, url, exited }` once
 * /api/health answers. `interrupted()` (Ctrl+C) stops the wait; a shop that never answers is stopped.
 */
export async function startShop(dataDir, interrupted = () => false) {
  const port = await freePort();
  const pgPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url };
  Object.assign(env, { EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn' });
  // Its own embedded database, mail outbox and no broker, whatever the caller's environment says.
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'KAFKA_BROKERS', 'EVENTSTORE_URL']) delete env[name];
  const child = spawn(process.execPath, [SHOP_ENTRY], {
    detached: true, // its own process group: stopped whole, embedded PostgreSQL included
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  const shop = { child, url, exited };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (interrupted()) break;
    const state = await Promise.race([exited, new Promise((done) => setTimeout(() => done(undefined), 500))]);
    if (state) throw new Error(`the shop exited while starting (${state.code ?? state.signal})`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return shop;
    } catch {
      // not listening yet
    }
  }
  await stopShop(shop);
  throw new Error(interrupted() ? 'interrupted' : 'the shop did not answer /api/health within 180 s');
}

/** SIGTERM to the shop's process group (it stops PostgreSQL itself), SIGKILL after 30 s. */
export async function stopShop(shop) {
  if (!shop || shop.child.exitCode !== null || shop.child.signalCode !== null) return;
  const signal = (name) => {
    try {
      process.kill(-shop.child.pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 30_000);
  await shop.exited;
  clearTimeout(timer);
}
