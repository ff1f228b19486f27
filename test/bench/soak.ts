import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RunningShop } from '#apps/api/bootstrap.js';
import { importBenchMedia } from './hls-serving.js';
import { type BudgetResult, ms, verdict } from './report.js';
import { startBenchShop } from './shop.js';
import type { SoakJob, SoakReport } from './soak-load.worker.js';
import { forkLoad } from './fork-load.js';

/** `SOAK_SECONDS` shortens the run while developing; the budget's run is 10 minutes. */
const SECONDS = Number(process.env.SOAK_SECONDS) || 600;
/** Journeys started per second (`SOAK_RATE`), about 3.4 requests each with the mix of the load. */
const RATE = Number(process.env.SOAK_RATE) || 10;
const MAX_IN_FLIGHT = 200;
/** "Memory flat": heap kept after a full collection at the end, minus the same at the start. */
const FLAT_MB = 16;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const DEMO_PASSWORD = 'Demo-pass-2026';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Buckets of the HTTP latency histogram by `METHOD route`: upper bound (s) -> cumulative count. */
type Histograms = Map<string, Map<number, number>>;

interface Snapshot {
  histograms: Histograms;
  /** Answers with status 5xx, by `METHOD route`. */
  serverErrors: number;
  heapMb: number;
  rssMb: number;
}

function labelsOf(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** The shop's own /metrics, read as the Prometheus text format: the HTTP histogram and counters. */
async function snapshot(shop: RunningShop): Promise<Snapshot> {
  const response = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const histograms: Histograms = new Map();
  let serverErrors = 0;
  for (const line of (await response.text()).split('\n')) {
    const match = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const [, name, labelText, value] = match;
    const labels = labelsOf(labelText!);
    if (name === 'shop_http_request_duration_seconds_bucket') {
      const key = `${labels.method} ${labels.route}`;
      const buckets = histograms.get(key) ?? new Map<number, number>();
      const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
      buckets.set(le, (buckets.get(le) ?? 0) + Number(value));
      histograms.set(key, buckets);
    } else if (name === 'shop_http_requests_total' && Number(labels.status) >= 500) {
      serverErrors += Number(value);
    }
  }
  collect();
  const memory = process.memoryUsage();
  return { histograms, serverErrors, heapMb: memory.heapUsed / 2 ** 20, rssMb: memory.rss / 2 ** 20 };
}

/** Per route: the requests between the two snapshots and their p99 as the histogram bounds it. */
function p99PerRoute(before: Histograms, after: Histograms): { route: string; count: number; p99: number }[] {
  return [...after.entries()]
    .map(([route, buckets]) => {
      const bounds = [...buckets.keys()].sort((a, b) => a - b);
      const counts = bounds.map((le) => buckets.get(le)! - (before.get(route)?.get(le) ?? 0));
      const count = counts.at(-1) ?? 0;
      // The smallest bucket bound holding 99 % of the requests: the p99 is at most this.
      const p99 = bounds[counts.findIndex((c) => c >= 0.99 * count)] ?? Infinity;
      return { route, count, p99 };
    })
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count);
}

function runLoad(job: SoakJob): Promise<SoakReport> {
  return forkLoad(new URL('./soak-load.worker.js', import.meta.url), job);
}

const bound = (seconds: number): string => (seconds === Infinity ? '> 10 s' : `<= ${ms(seconds * 1000)}`);

/**
 * Budget, soak: 10 minutes (SOAK_SECONDS) of mixed traffic at a fixed rate on the embedded shop with its
 * default logging: browse (catalog list, a product), cart (add, read), a guest checkout (add, quote,
 * pay), streaming (the video page, a playback, both playlists and three HLS segments) and the CME
 * center (summary, tests), started open-loop by a process of its own. Reports the p99 of each route
 * from the shop's own /metrics histogram, the errors (failed journeys and 5xx answers; goal 0) and the
 * shop's memory after a full collection at the start and at the end (goal: flat).
 */
export async function soak(databaseUrl: string, dataDir: string): Promise<BudgetResult> {
  const shop = await startBenchShop(databaseUrl, dataDir, false, true, { METRICS_TOKEN });
  try {
    await importBenchMedia(shop);
    const start = await snapshot(shop);
    const samples: string[] = [];
    const sampler = setInterval(() => {
      const memory = process.memoryUsage();
      samples.push(`${(memory.heapUsed / 2 ** 20).toFixed(0)}/${(memory.rss / 2 ** 20).toFixed(0)}`);
    }, SECONDS * 100); // ten samples over the run
    let report: SoakReport;
    try {
      report = await runLoad({
        base: shop.url,
        seconds: SECONDS,
        rate: RATE,
        maxInFlight: MAX_IN_FLIGHT,
        streamer: { email: 'streamer@demo.test', password: DEMO_PASSWORD },
        cme: { email: 'cme@demo.test', password: DEMO_PASSWORD },
        video: { productId: 250, videoId: 5001 },
      });
    } finally {
      clearInterval(sampler);
    }
    const end = await snapshot(shop);
    const routes = p99PerRoute(start.histograms, end.histograms);
    const failed = Object.values(report.journeys).reduce((sum, j) => sum + j.failed, 0);
    const started = Object.values(report.journeys).reduce((sum, j) => sum + j.started, 0);
    const serverErrors = end.serverErrors - start.serverErrors;
    const errors = failed + report.skipped + serverErrors;
    const kept = end.heapMb - start.heapMb;
    const worst = routes.reduce((max, r) => Math.max(max, r.p99), 0);
    return {
      crashed: false,
      row: {
        budget: `Soak: ${(SECONDS / 60).toFixed(SECONDS % 60 ? 1 : 0)} min of mixed traffic at ${RATE} journeys/s (browse, cart, checkout, streaming, CME), logging on: 0 errors; memory flat (heap kept +< ${FLAT_MB} MB); p99 per route from /metrics`,
        measured: `${started} journeys, ${report.requests} requests, ${errors} errors (${failed} failed journeys, ${serverErrors} 5xx, ${report.skipped} not started); heap after GC ${start.heapMb.toFixed(1)} -> ${end.heapMb.toFixed(1)} MB, RSS ${start.rssMb.toFixed(0)} -> ${end.rssMb.toFixed(0)} MB; worst route p99 ${bound(worst)}`,
        baseline: '-',
        ratio: `heap ${kept >= 0 ? '+' : ''}${kept.toFixed(1)} MB`,
        verdict: verdict(errors === 0 && kept < FLAT_MB),
      },
      notes: [
        `soak, p99 per route from /metrics (histogram bound; requests): ${routes.map((r) => `${r.route} ${bound(r.p99)} (${r.count})`).join('; ')}`,
        `soak, memory heap/RSS MB every ${(SECONDS / 10).toFixed(0)} s: ${samples.join(', ')}`,
        ...(report.failures.length > 0 ? [`soak, first failures: ${report.failures.join('; ')}`] : []),
      ],
    };
  } finally {
    await shop.close();
  }
}
