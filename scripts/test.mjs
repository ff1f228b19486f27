#!/usr/bin/env node
// `npm test`: every test of the project, in one command — lint, unit, contract and API tests (Jest,
// against a real PostgreSQL), the outside contract check (Schemathesis fuzzing the OpenAPI document
// of the built shop, scripts/contract-fuzz.mjs), then the browser journeys (Playwright driving
// Debian's Chromium).
// It installs Debian's chromium (and poppler-utils, whose pdftoppm reads the certificate's QR code, and
// ffmpeg, which the media import tests and the demo videos run) itself when missing and it can (root
// with apt-get), and starts a
// real Kafka broker for the relay contract test and the scaled-out topology test (test/topology) when
// Java and Maven are there.
//
// It ends with a summary per step, then the skipped tests on a line of their own and, as its very last
// line, the totals of every runner it used: `Tests: N passed, M failed`. Jest's count is read from its
// JSON output, the contract check's (operations, both passes) from Schemathesis' JUnit reports, the
// journeys' from Playwright's JSON reporter. A step that failed without a count of failures (lint, the
// build, a runner that crashed or whose set-up failed) counts as 1 failed, so a red run never says 0.
//
// A short run, for trying the harness itself: `npm test -- --jest=PATTERN --contract=REGEX
// --e2e=FILE --skip=lint,build` gives Jest a test path pattern, the contract check a regular expression
// of the API paths it fuzzes, Playwright one spec file (each option may repeat, except --contract), and
// leaves out the named steps (lint, build, jest, contract, e2e). A left-out step counts nothing; the
// Kafka broker is started only when the Jest run includes the Kafka or topology tests, localstripe (a
// stand-in for Stripe's API, scripts/localstripe.mjs; its address in LOCALSTRIPE_URL) only when it
// includes the payment gateway contract (test/payments). The Stripe browser journey
// (test/e2e/checkout-stripe.spec.ts) starts its own localstripe, or takes LOCALSTRIPE_URL when set.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalstripe } from './localstripe.mjs';

const CHROMIUM = '/usr/bin/chromium';
const started = Date.now();
const results = [];

/** `--name=value` options of a short run; each may repeat. */
const options = (name) =>
  process.argv
    .slice(2)
    .filter((a) => a.startsWith(`--${name}=`))
    .map((a) => a.slice(name.length + 3))
    .filter(Boolean);
const unknown = process.argv.slice(2).filter((a) => !/^--(jest|contract|e2e|skip)=/.test(a));
if (unknown.length > 0) {
  process.stderr.write(`npm test: unknown argument ${unknown.join(' ')} (see scripts/test.mjs)\n`);
  process.exit(2);
}
const skipped = new Set(options('skip').flatMap((value) => value.split(',')));
const scratch = mkdtempSync(join(tmpdir(), 'shop-test-counts-'));

/** Reads a runner's report: `{passed, failed, skipped}`, or undefined when it wrote none. */
function readCounts(file, parse) {
  try {
    return parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/** Runs one step; `counts()` reads what its runner reported once it has ended. */
function run(name, command, args, env = {}, counts = () => undefined) {
  process.stdout.write(`\n=== ${name}: ${command} ${args.join(' ')}\n`);
  const t = Date.now();
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - t) / 1000), counts: counts() });
  return ok;
}

function skip(step, name) {
  if (!skipped.has(step)) return false;
  results.push({ name, ok: true, seconds: 0, skipped: true });
  return true;
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Installs a Debian package whose program is missing, when it can (root with apt-get); true when present. */
function ensureDebianPackage(pkg, program, purpose) {
  if (existsSync(program)) return true;
  if (process.getuid?.() === 0 && has('apt-get')) {
    process.stdout.write(`Installing Debian ${pkg} for ${purpose} (apt-get install ${pkg})...\n`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', pkg], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status === 0 && existsSync(program)) return true;
  }
  process.stderr.write(`${purpose} needs Debian ${pkg} (${program}): run \`sudo apt-get install -y ${pkg}\`.\n`);
  return false;
}

const ensureChromium = () => ensureDebianPackage('chromium', CHROMIUM, 'The browser tests');
// The CME certificate's QR code is read back from the PDF rendered by poppler's pdftoppm (Jest and journeys).
const ensurePoppler = () =>
  ensureDebianPackage('poppler-utils', '/usr/bin/pdftoppm', 'Reading the certificate QR code');
// The media import tests transcode for real; the journeys play the demo videos the shop imports at first start.
const ensureFfmpeg = () =>
  ensureDebianPackage('ffmpeg', '/usr/bin/ffmpeg', 'The media import tests and the demo videos');

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

const chromium = skipped.has('e2e') || ensureChromium();
if (!(skipped.has('jest') && skipped.has('e2e'))) {
  ensurePoppler();
  ensureFfmpeg();
}
let ok = true;
if (!skip('lint', 'lint')) ok = run('lint', 'npm', ['run', 'lint']) && ok;
if (!skip('build', 'build')) ok = run('build', 'npm', ['run', 'build']) && ok;

if (!skip('jest', 'unit, contract and API tests')) {
  // A short run of other files does without the broker (it takes up to a minute to start).
  const needsKafka = options('jest').length === 0 || options('jest').some((p) => /kafka|topology/.test(p));
  const kafka = needsKafka ? await startKafka() : undefined;
  if (kafka) process.stdout.write(`Kafka broker for the relay contract and scaled-out topology tests: ${kafka}\n`);
  else
    process.stdout.write(
      'No Kafka broker could be started here: the Kafka relay contract and the topology Kafka check report themselves skipped.\n',
    );
  const needsStripe = options('jest').length === 0 || options('jest').some((p) => /payments|stripe/.test(p));
  const localstripe = needsStripe && !process.env.LOCALSTRIPE_URL ? await startLocalstripe() : undefined;
  const stripeUrl = process.env.LOCALSTRIPE_URL ?? localstripe?.url;
  if (stripeUrl)
    process.stdout.write(`localstripe for the Stripe half of the payment gateway contract: ${stripeUrl}\n`);
  else if (needsStripe)
    process.stdout.write(
      'localstripe could not be started here (python3 with venv, and PyPI, are needed): the Stripe half of the payment gateway contract reports itself skipped.\n',
    );
  const report = join(scratch, 'jest.json');
  try {
    ok =
      run(
        'unit, contract and API tests',
        'npx',
        ['jest', '--ci', '--json', `--outputFile=${report}`, ...options('jest')],
        { ...(kafka ? { KAFKA_BROKERS: kafka } : {}), ...(stripeUrl ? { LOCALSTRIPE_URL: stripeUrl } : {}) },
        () =>
          readCounts(report, (j) => ({
            passed: j.numPassedTests,
            // A test file that could not run has no failed test of its own: it counts as one.
            failed: j.numFailedTests + j.numRuntimeErrorTestSuites,
            skipped: j.numPendingTests + j.numTodoTests,
          })),
      ) && ok;
  } finally {
    if (kafka && !process.env.KAFKA_BROKERS) stopKafka();
    await localstripe?.stop();
  }
}

if (!skip('contract', 'contract check (schemathesis)')) {
  const report = join(scratch, 'contract.json');
  const paths = options('contract').at(-1);
  ok =
    run(
      'contract check (schemathesis)',
      process.execPath,
      ['scripts/contract-fuzz.mjs'],
      { CONTRACT_FUZZ_COUNTS: report, ...(paths ? { CONTRACT_FUZZ_PATHS: paths } : {}) },
      () => readCounts(report, (c) => c),
    ) && ok;
}

if (!skip('e2e', 'browser tests')) {
  const report = join(scratch, 'playwright.json');
  if (chromium)
    ok =
      run(
        'browser tests',
        'npx',
        ['playwright', 'test', ...options('e2e')],
        { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
        () =>
          readCounts(report, (j) => ({
            // A flaky test failed first and passed on a retry: it passed.
            passed: j.stats.expected + j.stats.flaky,
            failed: j.stats.unexpected,
            skipped: j.stats.skipped,
          })),
      ) && ok;
  else results.push({ name: 'browser tests', ok: false, seconds: 0 });
}
rmSync(scratch, { recursive: true, force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
process.stdout.write('\n=== Summary\n');
for (const r of results) {
  const counts = { passed: 0, failed: 0, skipped: 0, ...r.counts };
  // Red without a failure counted (lint, build, a crash, a failed set-up): one failure.
  if (!r.ok && counts.failed === 0) counts.failed = 1;
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  const status = r.skipped ? 'omitted' : r.ok ? 'passed' : 'FAILED';
  const detail = r.counts
    ? `: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
    : r.skipped
      ? ': left out by --skip'
      : r.ok
        ? ''
        : ': no count reported, counted as 1 failed';
  process.stdout.write(`${status.padEnd(7)} ${r.name} (${r.seconds} s)${detail}\n`);
}
process.stdout.write(`Total ${Math.round((Date.now() - started) / 1000)} s\n`);
process.stdout.write(`Skipped: ${totals.skipped}\n`);
process.stdout.write(`Tests: ${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(ok && results.every((r) => r.ok) && totals.failed === 0 ? 0 : 1);
