#!/usr/bin/env node
// `npm test`: every test of the project, in one command — lint, unit, contract and API tests (Jest,
// against a real PostgreSQL), the outside contract check (Schemathesis fuzzing the OpenAPI document
// of the built shop, scripts/contract-fuzz.mjs), then the browser journeys (Playwright driving
// Debian's Chromium).
// It installs Debian's chromium itself when missing and it can (root with apt-get), and starts a
// real Kafka broker for the relay contract test and the scaled-out topology test (test/topology) when
// Java and Maven are there.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const started = Date.now();
const results = [];

function run(name, command, args, env = {}) {
  process.stdout.write(`\n=== ${name}: ${command} ${args.join(' ')}\n`);
  const t = Date.now();
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - t) / 1000) });
  return ok;
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() === 0 && has('apt-get')) {
    process.stdout.write('Installing Debian chromium for the browser tests (apt-get install chromium)...\n');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status === 0 && existsSync(CHROMIUM)) return true;
  }
  process.stderr.write(
    'The browser tests need Debian chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium`.\n',
  );
  return false;
}

/** Starts the test Kafka broker when it can; resolves to its bootstrap address or undefined. */
function startKafka() {
  if (process.env.KAFKA_BROKERS) return Promise.resolve(process.env.KAFKA_BROKERS);
  if (!existsSync('scripts/kafka/start-broker.mjs') || !has('java') || !has('mvn')) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/kafka/start-broker.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => {
      child.kill();
      resolve(undefined);
    }, 240_000);
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      // The start script prints one line, the broker's address, once it answers.
      const match = out.match(/^(\S+:\d+)\s*$/m);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) resolve(undefined);
    });
  });
}

function stopKafka() {
  if (existsSync('scripts/kafka/stop-broker.mjs'))
    spawnSync(process.execPath, ['scripts/kafka/stop-broker.mjs'], { stdio: 'inherit' });
}

const chromium = ensureChromium();
let ok = run('lint', 'npm', ['run', 'lint']);
ok = run('build', 'npm', ['run', 'build']) && ok;

const kafka = await startKafka();
if (kafka) process.stdout.write(`Kafka broker for the relay contract and scaled-out topology tests: ${kafka}\n`);
else
  process.stdout.write(
    'No Kafka broker could be started here: the Kafka relay contract and the topology Kafka check report themselves skipped.\n',
  );
try {
  ok = run('unit, contract and API tests', 'npx', ['jest', '--ci'], kafka ? { KAFKA_BROKERS: kafka } : {}) && ok;
} finally {
  if (kafka && !process.env.KAFKA_BROKERS) stopKafka();
}

ok = run('contract check (schemathesis)', process.execPath, ['scripts/contract-fuzz.mjs']) && ok;

if (chromium) ok = run('browser tests', 'npx', ['playwright', 'test']) && ok;
else results.push({ name: 'browser tests', ok: false, seconds: 0 });

process.stdout.write('\n=== Summary\n');
for (const r of results) process.stdout.write(`${r.ok ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds} s)\n`);
process.stdout.write(`Total ${Math.round((Date.now() - started) / 1000)} s\n`);
process.exit(ok && results.every((r) => r.ok) ? 0 : 1);
