import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { RunningShop } from '#apps/api/bootstrap.js';
import { CONFIG } from '#apps/api/infrastructure/tokens.js';
import { EventSourcedService } from '#apps/api/kernel/event-sourced.service.js';
import { RequestContext, SYSTEM } from '#apps/api/kernel/request-context.js';
import { hlsRoot } from '#apps/api/streaming/playbacks.js';
import type { Config } from '#libs/config/config.js';
import type { PlaybackResponse } from '#libs/contracts/streaming.js';
import { videoMediaDecider, videoMediaStreamId } from '#libs/domain/streaming/video-media.js';
import type { HlsLoadJob, HlsLoadResult } from './hls-load.worker.js';
import { freePort } from './postgres.js';
import { type BudgetResult, ms, verdict } from './report.js';
import { startBenchShop } from './shop.js';
import { forkLoad } from './fork-load.js';
import { type Measured as ServerMeasured, measureServer } from './measure-server.js';

const PLAYERS = 200;
const SEGMENTS = 60;
const SEGMENT_SECONDS = 4;
/** A 4-second 360p segment at about 500 kbit/s. */
const SEGMENT_BYTES = 256 * 1024;
const WARM_UP_MS = 1000;
const DURATION_MS = 5000;
/**
 * "Memory flat": what the load leaves on the server's heap after a full collection. RSS is printed too,
 * but it follows the collector's timing (garbage not collected yet), not what the server keeps.
 */
const FLAT_MB = 8;
const TYPES: Readonly<Record<string, string>> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
};

type Measured = ServerMeasured<HlsLoadResult>;

/** Runs the load (another process) while sampling this process's memory: the server's alone. */
const measure = (job: HlsLoadJob): Promise<Measured> =>
  measureServer(() => forkLoad<HlsLoadJob, HlsLoadResult>(new URL('./hls-load.worker.js', import.meta.url), job));

/** The baseline: a bare node:http static file server over the same folder, streaming from disk. */
async function startBareStaticServer(root: string): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const path = join(root, normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    stat(path).then(
      (info) => {
        res.writeHead(200, {
          'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
          'content-length': info.size,
        });
        createReadStream(path).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${port}/`, server };
}

/** A media folder in the layout of the import (one 360p rendition of 60 segments), and its event. */
export async function importBenchMedia(shop: RunningShop): Promise<string> {
  const mediaId = randomBytes(12).toString('hex');
  const folder = join(hlsRoot(shop.app.get<symbol, Config>(CONFIG, { strict: false })), mediaId);
  await mkdir(join(folder, '360p'), { recursive: true });
  const segment = randomBytes(SEGMENT_BYTES);
  const names = Array.from({ length: SEGMENTS }, (_, n) => `seg_${String(n).padStart(5, '0')}.m4s`);
  await Promise.all(names.map((name) => writeFile(join(folder, '360p', name), segment)));
  await writeFile(join(folder, '360p', 'init.mp4'), randomBytes(800));
  const playlist = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MAP:URI="init.mp4"',
    ...names.flatMap((name) => [`#EXTINF:${SEGMENT_SECONDS.toFixed(6)},`, name]),
    '#EXT-X-ENDLIST',
  ];
  await writeFile(join(folder, '360p', 'index.m3u8'), `${playlist.join('\n')}\n`);
  await writeFile(
    join(folder, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360\n360p/index.m3u8\n',
  );
  await shop.app.get(RequestContext).run({ actorId: SYSTEM }, () =>
    shop.app.get(EventSourcedService).execute(videoMediaStreamId(5001), videoMediaDecider, {
      type: 'ImportVideoMedia',
      media: {
        productId: 250,
        videoId: 5001,
        mediaId,
        durationSeconds: SEGMENTS * SEGMENT_SECONDS,
        renditions: [{ name: '360p', width: 640, height: 360, bandwidth: 600_000, segments: SEGMENTS }],
        chapters: [],
        captions: false,
        source: { name: 'bench.mp4', bytes: 0, sha256: '0'.repeat(64) },
        files: [],
      },
      now: new Date().toISOString(),
    }),
  );
  return mediaId;
}

/** 200 playbacks of one account's session (200 pages of one browser): their prefixes and the cookie. */
async function openPlaybacks(shop: RunningShop): Promise<{ prefixes: string[]; cookie: string }> {
  const login = await fetch(`${shop.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'streamer@demo.test', password: 'Demo-pass-2026', version: 5 }),
  });
  const { token } = (await login.json()) as { token: string };
  let cookie = '';
  const prefixes: string[] = [];
  for (let n = 0; n < PLAYERS; n++) {
    const opened = await fetch(`${shop.url}/api/streaming/playbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ PRODUCTID: 250, VIDEOID: 5001, VIEWINGID: randomUUID() }),
    });
    const body = (await opened.json()) as PlaybackResponse;
    if (body.KIND !== 'hls') throw new Error(`no HLS playback (the playback call answered ${opened.status})`);
    prefixes.push(`${shop.url}${body.SRC.replace(/master\.m3u8$/, '')}`);
    cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }
  return { prefixes, cookie };
}

interface HlsRun {
  shop: Measured;
  bare: Measured;
}

/** The shop with its media and 200 playbacks, the bare server on the same folder, and both loads. */
async function measureBoth(databaseUrl: string, dataDir: string, files: string[]): Promise<HlsRun> {
  const shop = await startBenchShop(databaseUrl, dataDir, false, true);
  let bare: Server | undefined;
  try {
    const mediaId = await importBenchMedia(shop);
    const playbacks = await openPlaybacks(shop);
    const root = hlsRoot(shop.app.get<symbol, Config>(CONFIG, { strict: false }));
    const started = await startBareStaticServer(root);
    bare = started.server;
    const common = { files, warmUpMs: WARM_UP_MS, durationMs: DURATION_MS };
    const baseline = await measure({
      ...common,
      prefixes: Array.from({ length: PLAYERS }, () => `${started.url}${mediaId}/`),
      headers: {},
    });
    const measured = await measure({ ...common, prefixes: playbacks.prefixes, headers: { cookie: playbacks.cookie } });
    return { shop: measured, bare: baseline };
  } finally {
    if (bare) await new Promise<void>((done) => bare?.close(() => done()));
    await shop.close();
  }
}

const perSecond = (m: Measured): number => m.result.requests / m.result.seconds;
const mbPerSecond = (m: Measured): number => m.result.bytes / m.result.seconds / 2 ** 20;

/**
 * Budget: 200 concurrent players fetching 256 KB segments through their playbacks (`/api/hls/{token}/`,
 * lease checks, the served-media recorder), first-byte p99 and throughput at least half of a bare
 * node:http static file server on the same folder, the server's memory flat (heap kept under 8 MB).
 */
export async function hlsSegments(databaseUrl: string, dataDir: string): Promise<BudgetResult> {
  const files = Array.from({ length: SEGMENTS }, (_, n) => `360p/seg_${String(n).padStart(5, '0')}.m4s`);
  const { shop, bare } = await measureBoth(databaseUrl, dataDir, files);
  const latency = bare.p99 / shop.p99;
  const throughput = mbPerSecond(shop) / mbPerSecond(bare);
  const flat = shop.retainedMb < FLAT_MB;
  const ok = latency >= 0.5 && throughput >= 0.5 && flat && shop.result.errors === 0;
  return {
    crashed: false,
    row: {
      budget: `Video segments (HLS): ${PLAYERS} players, 256 KB segments, first-byte p99 and throughput >= 0.5 x bare node:http static server; memory flat (heap kept +< ${FLAT_MB} MB)`,
      measured: `p99 ${ms(shop.p99)} (p50 ${ms(shop.p50)}); ${mbPerSecond(shop).toFixed(0)} MB/s (${shop.result.requests} segments, ${shop.result.errors} errors); RSS +${shop.rssGrowthMb.toFixed(1)} MB, heap +${shop.heapGrowthMb.toFixed(1)} MB (kept +${shop.retainedMb.toFixed(1)} MB); CPU ${shop.cpuMicros.toFixed(0)} µs/segment`,
      baseline: `bare p99 ${ms(bare.p99)}; ${mbPerSecond(bare).toFixed(0)} MB/s (${bare.result.requests} segments; RSS +${bare.rssGrowthMb.toFixed(1)} MB; CPU ${bare.cpuMicros.toFixed(0)} µs/segment)`,
      ratio: `p99 ${latency.toFixed(2)}, throughput ${throughput.toFixed(2)} (CPU ${(bare.cpuMicros / shop.cpuMicros).toFixed(2)})`,
      verdict: verdict(ok),
    },
  };
}

/**
 * Budget: the playlist answer: 200 players asking the master and the rendition playlist (3 KB of text)
 * again and again through their playbacks, first-byte p99 and requests per second at least half of
 * the bare server's, the server's memory flat.
 */
export async function hlsPlaylist(databaseUrl: string, dataDir: string): Promise<BudgetResult> {
  const { shop, bare } = await measureBoth(databaseUrl, dataDir, ['360p/index.m3u8', 'master.m3u8']);
  const latency = bare.p99 / shop.p99;
  const rate = perSecond(shop) / perSecond(bare);
  const ok = latency >= 0.5 && rate >= 0.5 && shop.retainedMb < FLAT_MB && shop.result.errors === 0;
  return {
    crashed: false,
    row: {
      budget: `Video playlists (HLS): ${PLAYERS} players asking master and rendition playlists, first-byte p99 and requests/s >= 0.5 x bare node:http static server; memory flat (heap kept +< ${FLAT_MB} MB)`,
      measured: `p99 ${ms(shop.p99)} (p50 ${ms(shop.p50)}); ${perSecond(shop).toFixed(0)} req/s (${shop.result.errors} errors); RSS +${shop.rssGrowthMb.toFixed(1)} MB, heap +${shop.heapGrowthMb.toFixed(1)} MB (kept +${shop.retainedMb.toFixed(1)} MB); CPU ${shop.cpuMicros.toFixed(0)} µs/answer`,
      baseline: `bare p99 ${ms(bare.p99)}; ${perSecond(bare).toFixed(0)} req/s (RSS +${bare.rssGrowthMb.toFixed(1)} MB; CPU ${bare.cpuMicros.toFixed(0)} µs/answer)`,
      ratio: `p99 ${latency.toFixed(2)}, req/s ${rate.toFixed(2)} (CPU ${(bare.cpuMicros / shop.cpuMicros).toFixed(2)})`,
      verdict: verdict(ok),
    },
  };
}
