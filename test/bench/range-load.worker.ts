import { Agent, request } from 'node:http';

/** Range readers: `concurrency` keep-alive connections, each asking random `rangeBytes` ranges of a file. */
export interface RangeLoadJob {
  url: string;
  headers: Record<string, string>;
  size: number;
  rangeBytes: number;
  concurrency: number;
  warmUpMs: number;
  durationMs: number;
}

export interface RangeLoadResult {
  requests: number;
  /** Request sent -> first body byte, per request after the warm-up. */
  firstByteMs: number[];
  bytes: number;
  errors: number;
  /** Every answer, the warm-up's too (the server's CPU time is divided by it). */
  answered: number;
}

function read(
  agent: Agent,
  job: RangeLoadJob,
  start: number,
): Promise<{ ok: boolean; firstByteMs: number; bytes: number }> {
  const end = Math.min(job.size - 1, start + job.rangeBytes - 1);
  const sent = performance.now();
  return new Promise((resolve) => {
    const req = request(job.url, { agent, headers: { ...job.headers, range: `bytes=${start}-${end}` } }, (res) => {
      let first = 0;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (first === 0) first = performance.now() - sent;
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({ ok: res.statusCode === 206 && bytes === end - start + 1, firstByteMs: first, bytes }),
      );
    });
    req.on('error', () => resolve({ ok: false, firstByteMs: 0, bytes: 0 }));
    req.end();
  });
}

async function run(job: RangeLoadJob): Promise<RangeLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const firstByteMs: number[] = [];
  let errors = 0;
  let bytes = 0;
  let answered = 0;
  const warmUpEnds = performance.now() + job.warmUpMs;
  const ends = warmUpEnds + job.durationMs;
  const reader = async (): Promise<void> => {
    for (;;) {
      const started = performance.now();
      if (started >= ends) return;
      const result = await read(agent, job, Math.floor(Math.random() * Math.max(1, job.size - job.rangeBytes)));
      answered++;
      if (started < warmUpEnds) continue;
      if (result.ok) {
        firstByteMs.push(result.firstByteMs);
        bytes += result.bytes;
      } else errors++;
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, reader));
  agent.destroy();
  return { requests: firstByteMs.length, firstByteMs, bytes, errors, answered };
}

// A process of its own (forked): the load generator shares neither the event loop nor the memory of
// the server it measures, so the server's RSS and CPU time are the server's alone.
process.once('message', (job: RangeLoadJob) => {
  void run(job).then((result) => process.send?.(result, () => process.exit(0)));
});
