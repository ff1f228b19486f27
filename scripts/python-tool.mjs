// A pinned Python tool from PyPI (Schemathesis for the contract check, localstripe for the Stripe
// tests) in a virtual environment kept once per machine, not per clone: a fresh clone's `npm test`
// finds it there instead of installing it again. The folder is
// `$XDG_CACHE_HOME/medshop-python/NAME-VERSION` (else `~/.cache/...`, else a folder of the user's own in
// the temporary directory); a venv cannot be moved once made, so it is made where it stays, under a
// lock folder beside it, and marked complete last: a half-made one (an install cut off) is made again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** The machine's cache root this user can write, made when missing. */
export function machineCacheRoot(env = process.env) {
  const home = env.HOME ?? homedir();
  const roots = [
    ...(env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? [env.XDG_CACHE_HOME] : []),
    ...(home && isAbsolute(home) ? [join(home, '.cache')] : []),
  ];
  for (const root of roots) {
    try {
      mkdirSync(join(root, 'medshop-python'), { recursive: true });
      return root;
    } catch {
      // not writable: the next
    }
  }
  const own = join(tmpdir(), `medshop-cache-${process.getuid?.() ?? 'user'}`);
  mkdirSync(own, { recursive: true, mode: 0o700 });
  if (process.getuid && statSync(own).uid !== process.getuid()) throw new Error(`${own} belongs to another user`);
  return own;
}

/** The virtual environment of `name==version`: its folder and its programs. */
export function pythonTool(name, version) {
  const venv = join(machineCacheRoot(), 'medshop-python', `${name}-${version}`);
  return { venv, bin: (program) => join(venv, 'bin', program) };
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Holds `lock` (a folder) while `work` runs; a lock older than 10 minutes was left by a dead install. */
function withLock(lock, work) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000 || Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      else sleep(1_000);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * `name==version` installed from PyPI into its machine-wide virtual environment unless there already;
 * `ready()` says whether the venv holds it. True when it is there; false without python3 with venv or PyPI.
 */
export function ensurePythonTool(name, version, ready, say = (line) => process.stdout.write(`${line}\n`)) {
  const { venv, bin } = pythonTool(name, version);
  const complete = join(venv, '.complete');
  if (existsSync(complete) && ready()) return true;
  return withLock(`${venv}.lock`, () => {
    // Another process may have installed it while this one waited for the lock.
    if (existsSync(complete) && ready()) return true;
    say(`Installing ${name} ${version} into ${venv} (from PyPI, once per machine)...`);
    const python = spawnSync('sh', ['-c', 'command -v python3'], { encoding: 'utf8' }).stdout.trim();
    if (!python) return false;
    if (spawnSync(python, ['-m', 'venv', '--clear', venv], { stdio: 'inherit' }).status !== 0) return false;
    const pip = spawnSync(bin('pip'), ['install', '--quiet', '--disable-pip-version-check', `${name}==${version}`], {
      stdio: 'inherit',
    });
    if (pip.status !== 0 || !ready()) return false;
    writeFileSync(complete, new Date().toISOString());
    return true;
  });
}
