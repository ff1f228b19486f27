import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { allReadModels } from '#libs/read-models/index.js';
import { Projector } from '#libs/read-models/projector.js';
import { ignoreIdleErrors } from './postgres.js';
import type { AppendLoadJob, AppendLoadResult } from './projection-load.worker.js';
import { type BudgetResult, ms, percentile, verdict } from './report.js';

const RATE = 500; // appends (commands) per second
const WARM_UP_S = 1;
const MEASURE_S = 10;
const WRITER_CONNECTIONS = 20;
const LOAD_TIMEOUT_MS = (WARM_UP_S + MEASURE_S) * 1000 + 60_000;
const DRAIN_TIMEOUT_MS = 15_000;
const BUDGET_MS = 100;

const now = (): number => performance.timeOrigin + performance.now();
const sleep = (millis: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, millis));

/** Runs the load generator in a child process and resolves with what it measured. */
function appendLoad(child: ChildProcess, job: AppendLoadJob): Promise<AppendLoadResult> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the append load did not finish in time')), LOAD_TIMEOUT_MS);
    child.once('message', (result) => {
      clearTimeout(timer);
      resolve(result as AppendLoadResult);
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the append load exited with code ${String(code)} before answering`));
    });
    child.send(job);
  });
}

/**
 * Budget: projection lag p99 under 100 ms at 500 commands per second, with the load generator
 * sharing the two cores. The projector of the shop (`Projector` over `allReadModels`, in this
 * process as in the embedded shop) runs on its own pool; a child process (`projection-load.worker.ts`)
 * appends `CustomerRegistered` events (each a new customer row in the customers read model) on its
 * own pool at a paced 500/s, open loop, for 1 s of warm-up plus 10 s measured. For each append the
 * lag runs from the moment the schedule wanted it sent until a `NOTIFY projection_checkpoint`,
 * received here, reports a position at or past the event's position (every read model has passed it).
 * Baseline: the append's own round trip p99 in the same run (what a command waits for anyway).
 */
export async function projectionLag(databaseUrl: string): Promise<BudgetResult> {
  const projectorPool = ignoreIdleErrors(new pg.Pool({ connectionString: databaseUrl, max: 10 }));
  const listener = ignoreIdleErrors(new pg.Client({ connectionString: databaseUrl }));
  const projectorStore = await PostgresEventStore.create(projectorPool);
  const projector = new Projector({ pool: projectorPool, store: projectorStore, readModels: allReadModels });
  let child: ChildProcess | undefined;
  try {
    await projector.start();

    /** Every notification with a higher position than the one before, and when it arrived. */
    const notified: { position: bigint; at: number }[] = [];
    await listener.connect();
    listener.on('notification', (message) => {
      const at = now();
      const position = BigInt(message.payload ?? '0');
      const last = notified[notified.length - 1];
      if (!last || position > last.position) notified.push({ position, at });
    });
    await listener.query('LISTEN projection_checkpoint');

    /** The time of the first notification at or past `position`, if it came. */
    const projectedAt = (position: bigint): number | undefined => {
      let lo = 0;
      let hi = notified.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (notified[mid]!.position >= position) hi = mid;
        else lo = mid + 1;
      }
      return notified[lo]?.at;
    };

    const total = RATE * (WARM_UP_S + MEASURE_S);
    child = fork(fileURLToPath(new URL('./projection-load.worker.js', import.meta.url)), { stdio: 'inherit' });
    const load = await appendLoad(child, { databaseUrl, rate: RATE, total, connections: WRITER_CONNECTIONS });
    if (load.failures > 0) throw new Error(`${load.failures} appends failed: ${load.firstFailure ?? ''}`);

    const positions = load.samples.map((s) => BigInt(s.position ?? '0'));
    const highest = positions.reduce((a, b) => (b > a ? b : a), 0n);
    const deadline = now() + DRAIN_TIMEOUT_MS;
    while ((notified[notified.length - 1]?.position ?? 0n) < highest && now() < deadline) await sleep(10);

    const measured = load.samples.slice(RATE * WARM_UP_S);
    const measuredPositions = positions.slice(RATE * WARM_UP_S);
    const lags = measured.map((s, i) => (projectedAt(measuredPositions[i]!) ?? Number.POSITIVE_INFINITY) - s.due);
    const appendTimes = measured.map((s) => (s.appended ?? Number.POSITIVE_INFINITY) - s.due);
    // The same, counted from the moment the append returned: what the projector itself adds.
    const afterAppend = measured.map(
      (s, i) => (projectedAt(measuredPositions[i]!) ?? Number.POSITIVE_INFINITY) - (s.appended ?? 0),
    );
    const lost = lags.filter((lag) => lag === Number.POSITIVE_INFINITY).length;
    const p99 = percentile(lags, 99);
    const appendP99 = percentile(appendTimes, 99);
    const achieved = total / load.sendSeconds;
    // Where the tail sits: the worst lag of each measured second (one stall, or spread evenly?).
    const worstPerSecond = Array.from({ length: MEASURE_S }, (_, second) =>
      Math.max(...lags.slice(second * RATE, (second + 1) * RATE)),
    );
    return {
      crashed: false,
      notes: [
        `projection lag, worst per measured second: ${worstPerSecond.map((l) => l.toFixed(0)).join(', ')} ms`,
        `projection lag counted from the append's return instead: p99 ${ms(percentile(afterAppend, 99))}`,
      ],
      row: {
        budget: `Projection lag p99 < ${BUDGET_MS} ms at ${RATE} commands/s, load generator in another process`,
        measured:
          `p99 ${ms(p99)} (p50 ${ms(percentile(lags, 50))}, max ${ms(percentile(lags, 100))}; ` +
          `${measured.length} events, sent at ${Math.round(achieved)}/s${lost > 0 ? `, ${lost} never projected` : ''})`,
        baseline: `append round trip p99 ${ms(appendP99)}`,
        ratio: `${(p99 / appendP99).toFixed(2)} x append`,
        verdict: verdict(p99 < BUDGET_MS && lost === 0),
      },
    };
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) child.kill();
    await projector.stop();
    await listener.end().catch(() => undefined);
    await projectorStore.close();
    await projectorPool.end();
  }
}
