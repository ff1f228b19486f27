#!/usr/bin/env node
// The outside contract check of `npm test`: Schemathesis (a property-based fuzzer from PyPI) sends
// generated requests to every operation of the OpenAPI document `/api/docs-json` of the built shop,
// once anonymous and once signed in, and fails on any server error or any answer that breaks the
// documented schema. Needs `npm run build` first and Python 3 with venv.
//
// The Python virtual environment is kept once per machine (scripts/python-tool.mjs:
// ~/.cache/medshop-python/schemathesis-VERSION) and reused by every clone. The shop runs on free ports with its own temporary DATA_DIR
// (embedded PostgreSQL, demo data) and is always stopped, also on a failure or Ctrl+C.
//
// Environment: CONTRACT_FUZZ_EXAMPLES (examples per operation, default 25), CONTRACT_FUZZ_SEED
// (the Hypothesis seed, default fixed so every run sends the same requests), CONTRACT_FUZZ_PATHS (a
// regular expression: only the operations whose path matches, for a short run), CONTRACT_FUZZ_COUNTS
// (a file to write the operations passed, failed and skipped to, as JSON: `npm test` adds them up).
// Each pass writes a JUnit report (one test case per operation); the counts are read from them.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHOP_ENTRY, startShop, stopShop } from './built-shop.mjs';
import { ensurePythonTool, pythonTool } from './python-tool.mjs';

const SCHEMATHESIS_VERSION = '4.32.5';
const SCHEMATHESIS = pythonTool('schemathesis', SCHEMATHESIS_VERSION).bin('schemathesis');
const EXAMPLES = process.env.CONTRACT_FUZZ_EXAMPLES ?? '25';
const SEED = process.env.CONTRACT_FUZZ_SEED ?? '20260101';
const PATHS = process.env.CONTRACT_FUZZ_PATHS;
const COUNTS_FILE = process.env.CONTRACT_FUZZ_COUNTS;
const DEMO_ACCOUNT = { email: 'complete@demo.test', password: 'Demo-pass-2026' };
/**
 * Checks that cannot apply to this API (docs/api.md, "The contract check"):
 * - positive_data_acceptance wants every schema-valid request accepted, but the specification answers
 *   400 to well-formed requests a business rule refuses (an unknown account on resend, a coupon below
 *   4 characters once trimmed, a renewal of a subscription never held, an empty required field);
 * - unsupported_method wants 405 for a method a path does not declare; the router answers 404 for
 *   any route it does not have, and the specification asks nothing else.
 */
const EXCLUDED_CHECKS = ['positive_data_acceptance', 'unsupported_method'];

const say = (line) => process.stdout.write(`${line}\n`);
const fail = (line) => {
  process.stderr.write(`contract check FAILED: ${line}\n`);
  return 1;
};

function installedVersion() {
  if (!existsSync(SCHEMATHESIS)) return undefined;
  const r = spawnSync(SCHEMATHESIS, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim().split(/\s+/).at(-1) : undefined;
}

/** The pinned Schemathesis in the machine's virtual environment; installs it from PyPI when missing. */
const ensureSchemathesis = () =>
  ensurePythonTool('schemathesis', SCHEMATHESIS_VERSION, () => installedVersion() === SCHEMATHESIS_VERSION, say);

async function login(url) {
  const r = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO_ACCOUNT, version: 5 }),
  });
  const body = await r.json().catch(() => ({}));
  if (r.status !== 200 || typeof body.token !== 'string') throw new Error(`demo login answered ${r.status}`);
  return body.token;
}

let running; // the schemathesis child, stopped on Ctrl+C
let interrupted = false;

/**
 * Operations passed, failed and skipped in a JUnit report of Schemathesis (one `testcase` per
 * operation; a `failure` or `error` inside fails it, `skipped` skips it). Undefined when unreadable.
 */
function junitCounts(path) {
  if (!existsSync(path)) return undefined;
  const xml = readFileSync(path, 'utf8');
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const match of xml.matchAll(/<testcase\b[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const body = match[2] ?? '';
    if (/<(failure|error)\b/.test(body)) counts.failed++;
    else if (/<skipped\b/.test(body)) counts.skipped++;
    else counts.passed++;
  }
  return counts;
}

function schemathesis(name, url, extraArgs, reportPath) {
  const args = [
    'run',
    `${url}/api/docs-json`,
    '--checks',
    'all',
    '--exclude-checks',
    EXCLUDED_CHECKS.join(','),
    '--max-examples',
    EXAMPLES,
    '--seed',
    SEED,
    '--workers',
    '2',
    '--generation-database',
    'none',
    '--request-timeout',
    '30',
    '--report',
    'junit',
    '--report-junit-path',
    reportPath,
    ...(PATHS ? ['--include-path-regex', PATHS] : []),
    ...extraArgs,
  ];
  // The token is not printed: the command line is shown with it masked.
  say(`\n--- ${name}: schemathesis ${args.join(' ').replace(/Bearer \S+/, 'Bearer ***')}`);
  return new Promise((done) => {
    running = spawn(SCHEMATHESIS, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.stdout.isTTY ? process.env : { ...process.env, NO_COLOR: '1' },
    });
    // Schemathesis frames its closing line as pytest does ("=== 3 warnings in 15.25s ==="); a reader of
    // the run's output would take it for a test runner closing on no test, so the frame is dropped.
    createInterface({ input: running.stdout }).on('line', (line) =>
      process.stdout.write(`${line.replace(/^=+ (.* in [\d.]+s) =+$/, 'schemathesis: $1')}\n`),
    );
    // 'close', not 'exit': every line of its output has been passed on by then.
    running.once('close', (code) => {
      running = undefined;
      done({ ok: code === 0, counts: junitCounts(reportPath) });
    });
  });
}

async function main() {
  if (!existsSync(SHOP_ENTRY)) return fail(`${SHOP_ENTRY} is missing: run \`npm run build\` first.`);
  if (!ensureSchemathesis()) {
    return fail(
      `schemathesis ${SCHEMATHESIS_VERSION} could not be installed (python3 with venv, and PyPI, are needed). ` +
        'The contract check did not run.',
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-contract-data-'));
  let shop;
  // Ctrl+C or SIGTERM: stop Schemathesis; the finally block below stops the shop and removes its data.
  const interrupt = (signal) => {
    say(`${signal}: stopping the contract check`);
    interrupted = true;
    running?.kill('SIGTERM');
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    shop = await startShop(dataDir, () => interrupted);
    say(`The shop for the contract check answers at ${shop.url}`);
    const token = await login(shop.url);
    const anonymous = await schemathesis('anonymous', shop.url, [], join(dataDir, 'junit-anonymous.xml'));
    if (interrupted) return 130;
    // Signed in: every operation with the demo customer's session. Logout is left out of this pass
    // (it would end the session the rest of the pass uses); the anonymous pass covers it.
    const signedIn = await schemathesis(
      'signed in',
      shop.url,
      ['-H', `Authorization: Bearer ${token}`, '--exclude-path', '/api/auth/logout'],
      join(dataDir, 'junit-signed-in.xml'),
    );
    if (interrupted) return 130;
    const describe = (pass) =>
      `${pass.ok ? 'passed' : 'FAILED'}` +
      (pass.counts
        ? ` (operations: ${pass.counts.passed} passed, ${pass.counts.failed} failed, ${pass.counts.skipped} skipped)`
        : '');
    say(`\ncontract check: anonymous ${describe(anonymous)}, signed in ${describe(signedIn)}`);
    if (COUNTS_FILE && anonymous.counts && signedIn.counts) {
      const total = (key) => anonymous.counts[key] + signedIn.counts[key];
      writeFileSync(
        COUNTS_FILE,
        JSON.stringify({ passed: total('passed'), failed: total('failed'), skipped: total('skipped') }),
      );
    }
    return anonymous.ok && signedIn.ok ? 0 : 1;
  } catch (error) {
    if (interrupted) return 130;
    return fail(error instanceof Error ? error.message : String(error));
  } finally {
    await stopShop(shop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
