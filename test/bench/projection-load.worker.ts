/**
 * The load generator of the projection lag budget, run as a child process of the bench (`fork`), so
 * it shares the machine's cores with the projector as another process, not its event loop. It
 * appends `CustomerRegistered` events at a paced rate, open loop, and sends back when each append was
 * due, when it returned and its position. Times are wall-clock milliseconds with sub-millisecond
 * precision (`performance.timeOrigin + performance.now()`), comparable across processes.
 */
import pg from 'pg';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { customerRegistered } from './events.js';
import { ignoreIdleErrors } from './postgres.js';

/** What the parent asks for (the first IPC message). */
export interface AppendLoadJob {
  databaseUrl: string;
  /** Appends per second. */
  rate: number;
  /** How many appends in all. */
  total: number;
  /** Connections of the writer's pool. */
  connections: number;
}

export interface AppendSample {
  /** When the schedule wanted the append sent (a late start counts against the projector). */
  due: number;
  /** When the append returned; absent when it failed. */
  appended?: number;
  /** The append's global position (decimal string: IPC carries JSON). */
  position?: string;
}

/** The answer (the one IPC message back). */
export type AppendLoadResult = {
  samples: AppendSample[];
  sendSeconds: number;
  failures: number;
  firstFailure?: string;
};

const now = (): number => performance.timeOrigin + performance.now();
const sleep = (millis: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, millis));

async function run(job: AppendLoadJob): Promise<AppendLoadResult> {
  const pool = ignoreIdleErrors(new pg.Pool({ connectionString: job.databaseUrl, max: job.connections }));
  const store = await PostgresEventStore.create(pool);
  try {
    const samples: AppendSample[] = [];
    const inFlight: Promise<void>[] = [];
    let failures = 0;
    let firstFailure: string | undefined;
    const start = now() + 5;
    let issued = 0;
    while (issued < job.total) {
      const due = Math.min(job.total, Math.floor(((now() - start) * job.rate) / 1000) + 1);
      for (; issued < due; issued++) {
        const sample: AppendSample = { due: start + (issued * 1000) / job.rate };
        samples.push(sample);
        const { streamId, event } = customerRegistered(issued);
        inFlight.push(
          store.append(streamId, [event], 'no_stream').then(
            ({ position }) => {
              sample.appended = now();
              sample.position = position.toString();
            },
            (error: unknown) => {
              failures++;
              firstFailure ??= error instanceof Error ? error.message : String(error);
            },
          ),
        );
      }
      await sleep(1);
    }
    const sendSeconds = (now() - start) / 1000;
    await Promise.all(inFlight);
    return { samples, sendSeconds, failures, firstFailure };
  } finally {
    await store.close();
    await pool.end();
  }
}

process.once('message', (job: AppendLoadJob) => {
  run(job).then(
    (result) => process.send?.(result, undefined, undefined, () => process.exit(0)),
    (error: unknown) => {
      process.stderr.write(`append load: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
});
