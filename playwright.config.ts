import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Three TCP ports free on 127.0.0.1 right now, picked by the OS. All three are held open until each
 * is known, so they differ. Synchronous (a child process) because the config is evaluated synchronously.
 */
function freePorts(): [string, string, string] {
  const script = `
    const net = require('node:net');
    const servers = [0, 1, 2].map(() => net.createServer());
    Promise.all(servers.map((s) => new Promise((ok) => s.listen(0, '127.0.0.1', ok)))).then(() => {
      process.stdout.write(servers.map((s) => s.address().port).join(' '));
      servers.forEach((s) => s.close());
    });`;
  const ports = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(' ');
  if (ports.length !== 3) throw new Error(`no free ports found: ${ports.join(' ')}`);
  return [ports[0]!, ports[1]!, ports[2]!];
}

/**
 * Browser journeys against the built shop (`npm run build` first). The config is evaluated again in
 * every worker, so the per-run folders and free ports (the shop, its embedded PostgreSQL, the SMTP
 * server of test/e2e/support/global-setup.ts) are found once and handed on through the environment.
 */
const made: string[] = [];
for (const [name, prefix] of [
  ['E2E_DATA_DIR', 'shop-e2e-data-'],
  ['E2E_MAIL_DIR', 'shop-e2e-mail-'],
] as const) {
  if (process.env[name]) continue;
  process.env[name] = mkdtempSync(join(tmpdir(), prefix));
  made.push(process.env[name]);
}
// The folders this run made (the shop's data, the mails) go when the runner exits, after the shop has stopped.
process.on('exit', () => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
if (!process.env.E2E_PORT || !process.env.E2E_PG_PORT || !process.env.E2E_SMTP_PORT) {
  [process.env.E2E_PORT, process.env.E2E_PG_PORT, process.env.E2E_SMTP_PORT] = freePorts();
}

const PORT = process.env.E2E_PORT;
const SMTP_PORT = process.env.E2E_SMTP_PORT;
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  // Three on two cores: a journey spends part of its time waiting (a throttled line, a 15 s stall, a
  // player's heartbeat), and a third worker uses those gaps (the journeys took 630 s with two, 520 s
  // with three). Journeys wait for states, never for time, so a busier machine only makes them slower.
  workers: 3,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    // `npm test` counts the journeys from a JSON report written beside the list (scripts/test.mjs).
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as const] : []),
  ],
  globalSetup: './test/e2e/support/global-setup.ts',
  use: {
    baseURL,
    // A trace of every failure: its actions with their call logs, DOM snapshots, the network and the
    // console (a failure also keeps its final screenshot and the page's ARIA snapshot). Without the
    // screencast: its frames cost about a fifth of the journeys' CPU (the browser encoding them, the
    // runner storing them) on a machine the journeys keep busy. (Snapshots stay on: without them
    // Playwright records no network either, and the network is where most flaky steps were found.)
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: a downloaded browser cannot be installed here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node dist/apps/api/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
    },
  },
});
