import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { type RunningShop, startShop } from '#apps/api/bootstrap.js';
import { parseConfig } from '#libs/config/config.js';
import { freePort } from './postgres.js';
import { benchLogFile } from './shop.js';
import type { RangeLoadJob, RangeLoadResult } from './range-load.worker.js';
import { forkLoad } from './fork-load.js';
import { type Measured as ServerMeasured, measureServer } from './measure-server.js';
import { type BudgetResult, ms, verdict } from './report.js';

const READERS = 200;
const RANGE_BYTES = 16 * 1024;
const WARM_UP_MS = 1000;
const DURATION_MS = 5000;
/**
 * "Memory flat": what the load leaves on the server's heap after a full collection (as the HLS rows).
 * RSS is printed too, but it follows the collector's timing (garbage not collected yet).
 */
const FLAT_MB = 8;

type Measured = ServerMeasured<RangeLoadResult>;

/** Runs the load (another process) while sampling this process's memory and CPU: the server's alone. */
const measure = (job: RangeLoadJob): Promise<Measured> =>
  measureServer(() => forkLoad<RangeLoadJob, RangeLoadResult>(new URL('./range-load.worker.js', import.meta.url), job));

/** The baseline: a bare node:http server answering Range requests of the same file from disk. */
async function startBareFileServer(file: string, size: number): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    const start = Number(match?.[1] ?? 0);
    const end = Math.min(Number(match?.[2] ?? size - 1), size - 1);
    res.writeHead(match ? 206 : 200, {
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': end - start + 1,
      ...(match ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${port}/sample.mp4`, server };
}

async function startDemoShop(databaseUrl: string, dataDir: string): Promise<RunningShop> {
  return startShop(
    parseConfig({
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789',
      DOB_ENCRYPTION_KEY: 'ab'.repeat(32),
      SERVE_WEB: 'false',
      SEED_DEMO: 'true',
      // The demo videos' background import would load the machine under test.
      DEMO_VIDEOS: 'false',
    }),
    { logFile: benchLogFile(dataDir) },
  );
}

/** A signed video URL of streamer@demo.test with its media cookie, as the player gets them. */
async function signedVideo(shop: RunningShop): Promise<{ url: string; cookie: string }> {
  const login = await fetch(`${shop.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'streamer@demo.test', password: 'Demo-pass-2026', version: 5 }),
  });
  const { token } = (await login.json()) as { token: string };
  const video = await fetch(`${shop.url}/api/streaming/250/videos/5001`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await video.json()) as { data: { VIDEOS: { URL: string }[] }[] };
  const path = body.data[0]?.VIDEOS[0]?.URL;
  if (!path) throw new Error(`no signed URL (video call answered ${video.status})`);
  return { url: `${shop.url}${path}`, cookie: (video.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

/**
 * Budget: 200 concurrent range readers (16 KB ranges at random offsets, keep-alive, a worker thread)
 * of a sample video through the signed media route, first-byte p99 at least half as good as a bare
 * node:http file server on the same file (ratio = bare p99 / shop p99 >= 0.5), with the server's
 * memory flat (RSS growth under 64 MB while it serves). Both serve the same file: the one of product
 * 250's first title (sample-2.mp4 in the demo catalog).
 */
export async function mediaRange(databaseUrl: string, dataDir: string): Promise<BudgetResult> {
  const shop = await startDemoShop(databaseUrl, dataDir);
  let bare: Server | undefined;
  try {
    const signed = await signedVideo(shop);
    const shopFile = resolve('media', new URL(signed.url).pathname.replace('/api/media/', ''));
    const barePath = shopFile;
    const common = { rangeBytes: RANGE_BYTES, concurrency: READERS, warmUpMs: WARM_UP_MS, durationMs: DURATION_MS };
    const started = await startBareFileServer(barePath, statSync(barePath).size);
    bare = started.server;
    const baseline = await measure({ ...common, url: started.url, headers: {}, size: statSync(barePath).size });
    const measured = await measure({
      ...common,
      url: signed.url,
      headers: { cookie: signed.cookie },
      size: statSync(shopFile).size,
    });
    const ratio = baseline.p99 / measured.p99;
    const flat = measured.retainedMb < FLAT_MB;
    const ok = ratio >= 0.5 && flat && measured.result.errors === 0;
    return {
      crashed: false,
      row: {
        budget: `Video: ${READERS} concurrent range readers, first-byte p99 >= 0.5 x bare node:http file server; memory flat (heap kept +< ${FLAT_MB} MB)`,
        measured: `p99 ${ms(measured.p99)} (p50 ${ms(measured.p50)}; ${measured.result.requests} ranges, ${measured.result.errors} errors; RSS +${measured.rssGrowthMb.toFixed(1)} MB, heap +${measured.heapGrowthMb.toFixed(1)} MB (kept +${measured.retainedMb.toFixed(1)} MB); CPU ${measured.cpuMicros.toFixed(0)} µs/range)`,
        baseline: `bare p99 ${ms(baseline.p99)} (${baseline.result.requests} ranges; RSS +${baseline.rssGrowthMb.toFixed(1)} MB; CPU ${baseline.cpuMicros.toFixed(0)} µs/range)`,
        ratio: `${ratio.toFixed(2)} (CPU ${(baseline.cpuMicros / measured.cpuMicros).toFixed(2)})`,
        verdict: verdict(ok),
      },
    };
  } finally {
    if (bare) await new Promise<void>((done) => bare?.close(() => done()));
    await shop.close();
  }
}
