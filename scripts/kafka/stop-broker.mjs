#!/usr/bin/env node
/**
 * Stops the broker started by start-broker.mjs (by the pid in its pid file) and removes its state.
 * Usage: node scripts/kafka/stop-broker.mjs [--state-dir DIR] [--keep-state]   (same SHOP_KAFKA_STATE default)
 *   --keep-state leaves config and data, so `start-broker.mjs --resume` brings the same broker back.
 */
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const log = (line) => process.stderr.write(`[kafka-broker] ${line}\n`);
const i = process.argv.indexOf('--state-dir');
const stateDir =
  (i >= 0 ? process.argv[i + 1] : undefined) ??
  process.env.SHOP_KAFKA_STATE ??
  path.join(os.tmpdir(), 'shop-kafka-broker');
const pidFile = path.join(stateDir, 'broker.pid');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function main() {
  if (!existsSync(pidFile)) {
    log(`no broker pid file in ${stateDir}; nothing to stop`);
    return;
  }
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGTERM');
    // A controlled shutdown takes a few seconds; after 15 s the JVM is killed.
    const deadline = Date.now() + 15000;
    while (alive(pid) && Date.now() < deadline) await delay(100);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    log(`stopped pid ${pid}`);
  }
  if (!process.argv.includes('--keep-state')) rmSync(stateDir, { recursive: true, force: true });
}

main().catch((error) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
