import pg from 'pg';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { allReadModels } from '#libs/read-models/index.js';
import { Projector } from '#libs/read-models/projector.js';
import { customerRegistered } from './events.js';
import { ignoreIdleErrors } from './postgres.js';
import { type BudgetResult, ms, percentile, verdict } from './report.js';

const RATE = 500; // appends (commands) per second
const WARM_UP_S = 1;
const MEASURE_S = 10;
const DRAIN_TIMEOUT_MS = 15_000;
const BUDGET_MS = 100;

interface Sample {
  /** When the append was due by the schedule (open loop: a late start counts against us). */
  due: number;
  appended?: number;
  projected?: number;
}

const sleep = (millis: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, millis));

/**
 * Budget: projection lag p99 under 100 ms at 500 commands per second. The projector of the shop
 * (`Projector` over `allReadModels`, in this process as in the embedded shop) runs on its own pool;
 * `CustomerRegistered` events (each a new customer row in the customers read model) are appended
 * on another pool at a paced 500/s, open loop, for 1 s of warm-up plus 10 s measured. For each append
 * the lag runs from the moment the schedule wanted it sent until a `NOTIFY projection_checkpoint`
 * reports a position at or past the event's position (every read model has passed it).
 * Baseline: the append's own round trip p99 in the same run (what a command waits for anyway).
 */
export async function projectionLag(databaseUrl: string): Promise<BudgetResult> {
  const projectorPool = ignoreIdleErrors(new pg.Pool({ connectionString: databaseUrl, max: 10 }));
  const writerPool = ignoreIdleErrors(new pg.Pool({ connectionString: databaseUrl, max: 20 }));
  const listener = ignoreIdleErrors(new pg.Client({ connectionString: databaseUrl }));
  const projectorStore = await PostgresEventStore.create(projectorPool);
  const writerStore = await PostgresEventStore.create(writerPool);
  const projector = new Projector({ pool: projectorPool, store: projectorStore, readModels: allReadModels });
  try {
    await projector.start();

    const notified: { position: bigint; at: number }[] = [];
    const pending = new Map<bigint, Sample>();
    await listener.connect();
    listener.on('notification', (message) => {
      const at = performance.now();
      const position = BigInt(message.payload ?? '0');
      const last = notified[notified.length - 1];
      if (last && position <= last.position) return;
      notified.push({ position, at });
      for (const [eventPosition, sample] of pending) {
        if (eventPosition <= position) {
          sample.projected = at;
          pending.delete(eventPosition);
        }
      }
    });
    await listener.query('LISTEN projection_checkpoint');

    /** The time of the first notification at or past `position`, if it already came. */
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
    const samples: Sample[] = [];
    const failures: unknown[] = [];
    const inFlight: Promise<void>[] = [];
    const start = performance.now() + 5;
    let issued = 0;
    while (issued < total) {
      const due = Math.min(total, Math.floor(((performance.now() - start) * RATE) / 1000) + 1);
      for (; issued < due; issued++) {
        const sample: Sample = { due: start + (issued * 1000) / RATE };
        samples.push(sample);
        const { streamId, event } = customerRegistered(issued);
        inFlight.push(
          writerStore.append(streamId, [event], 'no_stream').then(
            ({ position }) => {
              sample.appended = performance.now();
              const at = projectedAt(position);
              if (at !== undefined) sample.projected = at;
              else pending.set(position, sample);
            },
            (error: unknown) => {
              failures.push(error);
            },
          ),
        );
      }
      await sleep(1);
    }
    const sendSeconds = (performance.now() - start) / 1000;
    await Promise.all(inFlight);
    const deadline = performance.now() + DRAIN_TIMEOUT_MS;
    while (pending.size > 0 && performance.now() < deadline) await sleep(10);
    if (failures.length > 0) throw new Error(`${failures.length} appends failed: ${String(failures[0])}`);

    const measured = samples.slice(RATE * WARM_UP_S);
    const lags = measured.map((s) => (s.projected ?? Number.POSITIVE_INFINITY) - s.due);
    const appendTimes = measured.map((s) => (s.appended ?? Number.POSITIVE_INFINITY) - s.due);
    const lost = measured.filter((s) => s.projected === undefined).length;
    const p99 = percentile(lags, 99);
    const appendP99 = percentile(appendTimes, 99);
    const achieved = total / sendSeconds;
    // Where the tail sits: the worst lag of each measured second (one stall, or spread evenly?).
    const worstPerSecond = Array.from({ length: MEASURE_S }, (_, second) =>
      Math.max(...lags.slice(second * RATE, (second + 1) * RATE)),
    );
    return {
      crashed: false,
      notes: [`projection lag, worst per measured second: ${worstPerSecond.map((l) => l.toFixed(0)).join(', ')} ms`],
      row: {
        budget: `Projection lag p99 < ${BUDGET_MS} ms at ${RATE} commands/s`,
        measured:
          `p99 ${ms(p99)} (p50 ${ms(percentile(lags, 50))}, max ${ms(percentile(lags, 100))}; ` +
          `${measured.length} events, sent at ${Math.round(achieved)}/s${lost > 0 ? `, ${lost} never projected` : ''})`,
        baseline: `append round trip p99 ${ms(appendP99)}`,
        ratio: `${(p99 / appendP99).toFixed(2)} x append`,
        verdict: verdict(p99 < BUDGET_MS && lost === 0),
      },
    };
  } finally {
    await projector.stop();
    await listener.end().catch(() => undefined);
    await projectorStore.close();
    await writerStore.close();
    await writerPool.end();
    await projectorPool.end();
  }
}
