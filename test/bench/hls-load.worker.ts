import { Agent, request } from 'node:http';

/**
 * Players: `players` keep-alive clients, each fetching whole files one after another from its own
 * prefix (a playback's `/api/hls/{token}/`, or the bare server's folder), cycling through `files`
 * from a random start, as a player that buffers ahead fetches segment after segment.
 */
export interface HlsLoadJob {
  /** One URL prefix per player. */
  prefixes: string[];
  headers: Record<string, string>;
  /** Paths under the prefix, e.g. `360p/seg_00001.m4s`. */
  files: string[];
  warmUpMs: number;
  durationMs: number;
}

export interface HlsLoadResult {
  requests: number;
  /** Request sent -> first body byte, per request after the warm-up. */
  firstByteMs: number[];
  bytes: number;
  errors: number;
  /** Measured time, for the throughput. */
  seconds: number;
  /** Every answer, the warm-up's too (the server's CPU time is divided by it). */
  answered: number;
}

function fetchFile(
  agent: Agent,
  job: HlsLoadJob,
  url: string,
): Promise<{ ok: boolean; firstByteMs: number; bytes: number }> {
  const sent = performance.now();
  return new Promise((resolve) => {
    const req = request(url, { agent, headers: job.headers }, (res) => {
      let first = 0;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (first === 0) first = performance.now() - sent;
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ ok: res.statusCode === 200 && bytes > 0, firstByteMs: first, bytes }));
    });
    req.on('error', () => resolve({ ok: false, firstByteMs: 0, bytes: 0 }));
    req.end();
  });
}

async function run(job: HlsLoadJob): Promise<HlsLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.prefixes.length });
  const firstByteMs: number[] = [];
  let errors = 0;
  let bytes = 0;
  let answered = 0;
  const warmUpEnds = performance.now() + job.warmUpMs;
  const ends = warmUpEnds + job.durationMs;
  const player = async (prefix: string): Promise<void> => {
    for (let n = Math.floor(Math.random() * job.files.length); ; n = (n + 1) % job.files.length) {
      const started = performance.now();
      if (started >= ends) return;
      const result = await fetchFile(agent, job, `${prefix}${job.files[n]}`);
      answered++;
      if (started < warmUpEnds) continue;
      if (result.ok) {
        firstByteMs.push(result.firstByteMs);
        bytes += result.bytes;
      } else errors++;
    }
  };
  await Promise.all(job.prefixes.map(player));
  // The last files started before the end finish after it: the measured time runs until they did.
  const seconds = (performance.now() - warmUpEnds) / 1000;
  agent.destroy();
  return { requests: firstByteMs.length, firstByteMs, bytes, errors, seconds, answered };
}

// A process of its own (forked): the load generator shares neither the event loop nor the memory of
// the server it measures, so the server's RSS is the server's alone.
process.once('message', (job: HlsLoadJob) => {
  void run(job).then((result) => process.send?.(result, () => process.exit(0)));
});
