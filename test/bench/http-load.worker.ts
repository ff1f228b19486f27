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

function get(agent: Agent, url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function run(job: LoadJob): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const latenciesMs: number[] = [];
  let errors = 0;
  const warmUpEnds = performance.now() + job.warmUpMs;
  const ends = warmUpEnds + job.durationMs;
  const worker = async (): Promise<void> => {
    for (;;) {
      const started = performance.now();
      if (started >= ends) return;
      const ok = await get(agent, job.url);
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

// Runs in a thread (workerData) or a forked process (a message) of its own, so the load generator does
// not share the event loop of the server it measures (a process: nor its CPU time).
if (parentPort) {
  void run(workerData as LoadJob).then((result) => parentPort!.postMessage(result));
} else {
  process.once('message', (job: LoadJob) => {
    void run(job).then((result) => process.send?.(result, () => process.exit(0)));
  });
}
