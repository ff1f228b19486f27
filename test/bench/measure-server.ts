import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { percentile } from './report.js';

// A full collection before and after each load, so "retained" is what the load left behind, not garbage
// not collected yet (the flag must be set before the new context asks for `gc`).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** What a load process answers: the first-byte times measured, and every answer (the warm-up's too). */
export interface LoadResult {
  firstByteMs: number[];
  answered: number;
}

export interface Measured<R extends LoadResult> {
  result: R;
  p99: number;
  p50: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
  /** Heap still used after the load and a full collection, minus before: what it kept. */
  retainedMb: number;
  /** The server process's CPU time per answer (user + system), microseconds: load-independent. */
  cpuMicros: number;
}

/**
 * Runs `load` (in another process: forkLoad) while sampling this process's memory and CPU time, which
 * are then the server's alone (the bare server's or the shop's, both in this process).
 */
export async function measureServer<R extends LoadResult>(load: () => Promise<R>): Promise<Measured<R>> {
  collect();
  const before = process.memoryUsage();
  const cpu = process.cpuUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 100);
  try {
    const result = await load();
    const used = process.cpuUsage(cpu);
    collect();
    return {
      retainedMb: (process.memoryUsage().heapUsed - before.heapUsed) / 2 ** 20,
      cpuMicros: (used.user + used.system) / Math.max(1, result.answered),
      result,
      p99: percentile(result.firstByteMs, 99),
      p50: percentile(result.firstByteMs, 50),
      rssGrowthMb: (peakRss - before.rss) / 2 ** 20,
      heapGrowthMb: (peakHeap - before.heapUsed) / 2 ** 20,
    };
  } finally {
    clearInterval(sampler);
  }
}
