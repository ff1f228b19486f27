import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** What the load worker is asked to do: GET `url` from `concurrency` keep-alive connections. */
export interface LoadJob {
  url: string;
  concurrency: number;
  warmUpMs: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  latenciesMs: number[];
  errors: number;
}

// Runs in its own thread so the load generator does not share the event loop of the server it measures.
const job = workerData as LoadJob;
const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });

function get(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function run(): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let errors = 0;
  const warmUpEnds = performance.now() + job.warmUpMs;
  const ends = warmUpEnds + job.durationMs;
  const worker = async (): Promise<void> => {
    for (;;) {
      const started = performance.now();
      if (started >= ends) return;
      const ok = await get(job.url);
      if (started >= warmUpEnds) {
        if (ok) latenciesMs.push(performance.now() - started);
        else errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  agent.destroy();
  return { requests: latenciesMs.length, seconds: job.durationMs / 1000, latenciesMs, errors };
}

void run().then((result) => parentPort?.postMessage(result));
