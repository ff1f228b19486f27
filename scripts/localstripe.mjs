#!/usr/bin/env node
// localstripe for the tests: a stateful stand-in for Stripe's API (PyPI), so the Stripe gateway's half
// of the payment gateway contract (test/payments) runs against a real server without an account.
// Installed, like Schemathesis (scripts/contract-fuzz.mjs), into a Python virtual environment kept once
// per machine (scripts/python-tool.mjs: ~/.cache/medshop-python/localstripe-VERSION) and reused by every
// clone; needs Python 3 with venv, and PyPI the first time on a machine.
//
// `node scripts/localstripe.mjs` starts it on a free port, prints its address on one line once it
// answers, and stops it on Ctrl+C. `npm test` (scripts/test.mjs) imports startLocalstripe and passes the
// address to Jest as LOCALSTRIPE_URL. localstripe always writes its state to /tmp/localstripe.pickle;
// it is started with --from-scratch, so it never reads a state another run left there.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import { ensurePythonTool, pythonTool } from './python-tool.mjs';

export const LOCALSTRIPE_VERSION = '1.15.10';
const { bin } = pythonTool('localstripe', LOCALSTRIPE_VERSION);
const LOCALSTRIPE = bin('localstripe');
const PYTHON = bin('python');

function installedVersion() {
  if (!existsSync(PYTHON)) return undefined;
  const r = spawnSync(PYTHON, ['-c', 'import importlib.metadata as m; print(m.version("localstripe"))'], {
    encoding: 'utf8',
  });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** The pinned localstripe in the machine's virtual environment; installs it from PyPI when missing. */
export const ensureLocalstripe = (say = (line) => process.stdout.write(`${line}\n`)) =>
  ensurePythonTool(
    'localstripe',
    LOCALSTRIPE_VERSION,
    () => installedVersion() === LOCALSTRIPE_VERSION && existsSync(LOCALSTRIPE),
    say,
  );

/** A port free on this machine now, below Linux's ephemeral range (as test/support/free-port.ts). */
async function freePort() {
  const canListen = (port) =>
    new Promise((done) => {
      const server = createServer();
      server.unref();
      server.once('error', () => done(false));
      server.listen(port, () => server.close(() => done(true)));
    });
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_768);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port for localstripe');
}

/** Does the server answer an authenticated API call? */
async function answers(url) {
  try {
    const r = await fetch(`${url}/v1/customers?limit=1`, { headers: { authorization: 'Bearer sk_test_ready' } });
    return r.status === 200;
  } catch {
    return false;
  }
}

/**
 * Installs (when needed) and starts localstripe; resolves to `{url, stop()}` once it answers, or to
 * undefined when it cannot run here (no python3 with venv, no PyPI, or it did not start in 60 s).
 */
export async function startLocalstripe(say) {
  if (!ensureLocalstripe(say)) return undefined;
  const port = await freePort();
  const child = spawn(LOCALSTRIPE, ['--port', String(port), '--from-scratch'], { stdio: 'ignore', detached: false });
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://localhost:${port}`;
  const stop = () =>
    new Promise((done) => {
      if (exited) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !exited) {
    if (await answers(url)) return { url, stop };
    await new Promise((done) => setTimeout(done, 200));
  }
  await stop();
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const running = await startLocalstripe();
  if (!running) {
    process.stderr.write('localstripe could not be started (python3 with venv, and PyPI, are needed).\n');
    process.exit(1);
  }
  process.stdout.write(`${running.url}\n`);
  const end = () => void running.stop().then(() => process.exit(0));
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
}
