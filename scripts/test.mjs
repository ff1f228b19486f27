#!/usr/bin/env node
// `npm test`: every test of the project, in one command — lint, unit, contract and API tests (Jest,
// against a real PostgreSQL), the outside contract check (Schemathesis fuzzing the OpenAPI document
// of the built shop, scripts/contract-fuzz.mjs), then the browser journeys (Playwright driving
// Debian's Chromium).
// It installs Debian's chromium (and poppler-utils, whose pdftoppm reads the certificate's QR code, and
// ffmpeg, which the media import tests and the demo videos run, and nginx-light for the X-Accel-Redirect
// test) itself when missing and it can (root
// with apt-get), and starts a
// real Kafka broker for the relay contract test and the scaled-out topology test (test/topology) when
// Java and Maven are there.
//
// What does not depend on another step runs beside it, to keep the whole run under 15 minutes on two
// cores: lint beside the build, then lint and the contract check (which needs only the build) beside
// Jest, their output kept and printed whole once Jest's has ended; the Kafka broker starts meanwhile.
// The journeys take both cores and run alone, last.
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

/** The summary lists the steps in this order, whichever ended first. */
const ORDER = ['lint', 'build', 'unit, contract and API tests', 'contract check (schemathesis)', 'browser tests'];

/** Steps printing live (not `buffered`) now; a buffered step that ends meanwhile waits for them to end. */
let live = 0;
/** Output of buffered steps that ended while a live step printed. */
const held = [];

/**
 * Runs one step; `counts()` reads what its runner reported once it has ended. A step run beside
 * another (`buffered`) keeps its output and prints it whole once it has ended and no step prints live,
 * so the two never interleave.
 */
async function run(name, command, args, { env = {}, counts = () => undefined, buffered = false, beside } = {}) {
  const header = `\n=== ${name}: ${command} ${args.join(' ')}${beside ? ` (beside ${beside})` : ''}\n`;
  if (!buffered) {
    process.stdout.write(header);
    live++;
  }
  const t = Date.now();
  const child = spawn(command, args, {
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const status = await new Promise((done) => {
    child.once('error', () => done(1));
    child.once('close', (code) => done(code));
  });
  const seconds = Math.round((Date.now() - t) / 1000);
  if (buffered) held.push(`${header}${Buffer.concat(output).toString()}=== ${name}: ended (${seconds} s)\n`);
  else live--;
  if (live === 0) process.stdout.write(held.splice(0).join(''));
  const ok = status === 0;
  results.push({ name, ok, seconds, beside, counts: counts() });
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
// The X-Accel-Redirect test (test/media/x-accel-nginx.spec.ts) runs Debian's nginx before the shop.
const ensureNginx = () => ensureDebianPackage('nginx-light', '/usr/sbin/nginx', 'The X-Accel-Redirect test');

/**
 * Starts the test Kafka broker when it can; resolves to its bootstrap address or undefined. It starts
 * while lint and the build run; its progress lines are kept and printed before the Jest step.
 */
function startKafka(progress) {
  if (process.env.KAFKA_BROKERS) return Promise.resolve(process.env.KAFKA_BROKERS);
  if (!existsSync('scripts/kafka/start-broker.mjs') || !has('java') || !has('mvn')) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/kafka/start-broker.mjs'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr.on('data', (chunk) => progress.push(chunk));
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
  ensureNginx();
}
let ok = true;
// A short run of other files does without the broker (it takes up to a minute to start).
const needsKafka =
  !skipped.has('jest') && (options('jest').length === 0 || options('jest').some((p) => /kafka|topology/.test(p)));
const kafkaProgress = [];
const kafkaStarting = needsKafka ? startKafka(kafkaProgress) : Promise.resolve(undefined);
let kafka;
try {
  // Lint reads only the sources, and the contract check only the build: lint runs beside the build, and
  // both beside Jest, whose files leave about a tenth of the two cores idle while they wait (on
  // PostgreSQL, an outage, a process); their output is printed whole once Jest's has ended. The broker
  // starts meanwhile.
  const lintStep = skip('lint', 'lint')
    ? Promise.resolve(true)
    : run('lint', 'npm', ['run', 'lint'], { buffered: true, beside: 'the build and the Jest tests' });
  if (!skip('build', 'build')) ok = (await run('build', 'npm', ['run', 'build'])) && ok;
  const contractStep = (async () => {
    if (skip('contract', 'contract check (schemathesis)')) return true;
    const report = join(scratch, 'contract.json');
    const paths = options('contract').at(-1);
    return run('contract check (schemathesis)', process.execPath, ['scripts/contract-fuzz.mjs'], {
      env: { CONTRACT_FUZZ_COUNTS: report, ...(paths ? { CONTRACT_FUZZ_PATHS: paths } : {}) },
      counts: () => readCounts(report, (c) => c),
      buffered: true,
      beside: 'the Jest tests',
    });
  })();

  if (!skip('jest', 'unit, contract and API tests')) {
    kafka = await kafkaStarting;
    if (kafkaProgress.length > 0) process.stdout.write(Buffer.concat(kafkaProgress).toString());
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
        (await run(
          'unit, contract and API tests',
          'npx',
          ['jest', '--ci', '--json', `--outputFile=${report}`, ...options('jest')],
          {
            env: {
              ...(kafka ? { KAFKA_BROKERS: kafka } : {}),
              ...(stripeUrl ? { LOCALSTRIPE_URL: stripeUrl } : {}),
              // The whole run takes the API files in groups (test/groups/jest-groups.cjs); a short run
              // names its files, which then run as themselves.
              ...(options('jest').length === 0 ? { JEST_GROUPS: '1' } : {}),
            },
            counts: () =>
              readCounts(report, (j) => ({
                passed: j.numPassedTests,
                // A test file that could not run has no failed test of its own: it counts as one.
                failed: j.numFailedTests + j.numRuntimeErrorTestSuites,
                skipped: j.numPendingTests + j.numTodoTests,
              })),
          },
        )) && ok;
    } finally {
      await localstripe?.stop();
    }
  }
  ok = (await contractStep) && ok;
  ok = (await lintStep) && ok;
} finally {
  // Also a broker that was still starting when a step before Jest failed.
  if ((kafka ?? (await kafkaStarting)) && !process.env.KAFKA_BROKERS) stopKafka();
}

if (!skip('e2e', 'browser tests')) {
  const report = join(scratch, 'playwright.json');
  if (chromium)
    ok =
      (await run('browser tests', 'npx', ['playwright', 'test', ...options('e2e')], {
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
        counts: () =>
          readCounts(report, (j) => ({
            // A flaky test failed first and passed on a retry: it passed.
            passed: j.stats.expected + j.stats.flaky,
            failed: j.stats.unexpected,
            skipped: j.stats.skipped,
          })),
      })) && ok;
  else results.push({ name: 'browser tests', ok: false, seconds: 0 });
}
rmSync(scratch, { recursive: true, force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
process.stdout.write('\n=== Summary\n');
results.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
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
  const time = `${r.seconds} s${r.beside ? `, beside ${r.beside}` : ''}`;
  process.stdout.write(`${status.padEnd(7)} ${r.name} (${time})${detail}\n`);
}
process.stdout.write(`Total ${Math.round((Date.now() - started) / 1000)} s\n`);
process.stdout.write(`Skipped: ${totals.skipped}\n`);
process.stdout.write(`Tests: ${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(ok && results.every((r) => r.ok) && totals.failed === 0 ? 0 : 1);
