import { createHash, randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, cp, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import type { Pool } from 'pg';
import { type ImportVideoMedia, videoMediaDecider, videoMediaStreamId } from '#libs/domain/streaming/video-media.js';
import { importedVideoCount } from '#libs/read-models/video-media.js';
import { type CatalogTitle, titlesWithFile } from '#libs/media/catalog-titles.js';
import { mediaToolsPresent } from '#libs/media/ffmpeg.js';
import { importMedia, INCOMING_PREFIX, type MediaImportResult, sweepIncoming } from '#libs/media/import-media.js';
import { type EncodeSettings, LADDER } from '#libs/media/ladder.js';
import { describeMediaFolder, isDirectory, MEDIA_ID } from '#libs/media/media-folder.js';
import { generateTestSource } from '#libs/media/test-sources.js';
import { Clock } from '#libs/application/clock.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { RequestContext } from '../kernel/request-context.js';
import { DEMO_VIDEOS, type DemoVideo } from './demo-media-texts.js';
import { mediaOfTitle } from './media-import-run.js';
import { systemContext } from '#libs/application/command-context.js';

/** The demo's folder under a cache root; `v1` names the layout of its entries (the recipe hash is in each). */
export const DEMO_MEDIA_CACHE = join('medshop-demo-media', 'v1');
/** The demo titles: their progressive file names the generated video that replaces it. */
const SAMPLE_FILE = '^video/sample-([0-9]+)\\.mp4$';
/** Test patterns need no care: the fastest preset keeps the first start to seconds of work. */
const DEMO_SETTINGS: EncodeSettings = { preset: 'ultrafast', crf: 23, audioKbps: 96, segmentSeconds: 4 };
/** ffmpeg's priority while the shop serves: its requests go first. */
const BACKGROUND = 10;
/** Appends at once (each its own stream): 500 titles take a second or two, not one after another. */
const APPEND_CONCURRENCY = 8;

export interface DemoMediaLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface DemoMediaDependencies {
  app: INestApplicationContext;
  pool: Pool;
  hlsDir: string;
  log: DemoMediaLog;
  signal: AbortSignal;
  /** Default: demoMediaCacheDir(), the machine's. */
  cacheDir?: string;
}

/** `root/DEMO_MEDIA_CACHE` when this process can write into it (made when missing), else undefined. */
async function writableCache(root: string, ownRoot: boolean): Promise<string | undefined> {
  const dir = join(root, DEMO_MEDIA_CACHE);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await access(dir, constants.W_OK);
    // Under the shared temporary directory only a root of the user's own: nobody else can plant a folder.
    if (ownRoot && process.getuid && (await stat(root)).uid !== process.getuid()) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Where finished demo folders are kept between first starts (every test server, journey run and
 * clone starts from a fresh DATA_DIR): once per machine and user, in `$XDG_CACHE_HOME` or `~/.cache`;
 * when neither can be written (a read-only home), a folder of the user's own in the temporary
 * directory; when that fails too, the first, whose writes then fail and each first start transcodes.
 */
export async function demoMediaCacheDir(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const xdg = env.XDG_CACHE_HOME;
  const home = env.HOME ?? homedir();
  const roots = [
    ...(xdg && isAbsolute(xdg) ? [{ root: xdg, ownRoot: false }] : []),
    ...(home && isAbsolute(home) ? [{ root: join(home, '.cache'), ownRoot: false }] : []),
    { root: join(tmpdir(), `medshop-cache-${process.getuid?.() ?? 'user'}`), ownRoot: true },
  ];
  for (const { root, ownRoot } of roots) {
    const dir = await writableCache(root, ownRoot);
    if (dir) return dir;
  }
  return join(roots[0]!.root, DEMO_MEDIA_CACHE);
}

const seconds = (since: number): number => Math.round((performance.now() - since) / 100) / 10;

/** What decides a demo folder's content: a change of pattern, texts or ladder makes a new one. */
function recipeOf(video: DemoVideo): string {
  const recipe = JSON.stringify({ video, settings: DEMO_SETTINGS, ladder: LADDER });
  return createHash('sha256').update(recipe).digest('hex');
}

interface CacheEntry {
  recipe: string;
  mediaId: string;
  source: MediaImportResult['source'];
}

async function readCacheEntry(cacheDir: string, video: DemoVideo): Promise<CacheEntry | null> {
  try {
    const entry = JSON.parse(await readFile(join(cacheDir, `sample-${video.n}.json`), 'utf8')) as CacheEntry;
    const whole = MEDIA_ID.test(entry.mediaId) && (await isDirectory(join(cacheDir, entry.mediaId)));
    return whole && entry.recipe === recipeOf(video) ? entry : null;
  } catch {
    return null;
  }
}

/** Copies a folder into `parent/name` through an incoming folder renamed when whole; an existing one stays. */
async function copyWhole(from: string, parent: string, name: string): Promise<void> {
  if (await isDirectory(join(parent, name))) return;
  await mkdir(parent, { recursive: true });
  const incoming = join(parent, `${INCOMING_PREFIX}${randomUUID()}`);
  try {
    await cp(from, incoming, { recursive: true });
    await rename(incoming, join(parent, name)).catch(async (error: unknown) => {
      if (!(await isDirectory(join(parent, name)))) throw error;
    });
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
}

/** Generates demo video N's source and imports it into HLS_DIR, then keeps the folder in the cache. */
async function generate(deps: DemoMediaDependencies, cacheDir: string, video: DemoVideo): Promise<MediaImportResult> {
  const scratch = await mkdtemp(join(tmpdir(), 'medshop-demo-source-'));
  try {
    const source = join(scratch, `demo-video-${video.n}.mp4`);
    let started = performance.now();
    await generateTestSource(source, video.pattern, { signal: deps.signal, nice: BACKGROUND });
    deps.log.info({ video: video.n, seconds: seconds(started) }, 'demo videos: test pattern generated');
    started = performance.now();
    const result = await importMedia(
      { source, hlsDir: deps.hlsDir, captions: video.captions, chapters: video.chapters, settings: DEMO_SETTINGS },
      { signal: deps.signal, nice: BACKGROUND },
    );
    deps.log.info({ video: video.n, mediaId: result.mediaId, seconds: seconds(started) }, 'demo videos: transcoded');
    try {
      await copyWhole(join(deps.hlsDir, result.mediaId), cacheDir, result.mediaId);
      const entry: CacheEntry = { recipe: recipeOf(video), mediaId: result.mediaId, source: result.source };
      const file = join(cacheDir, `sample-${video.n}.json`);
      await writeFile(`${file}.${process.pid}`, JSON.stringify(entry));
      await rename(`${file}.${process.pid}`, file);
    } catch (error) {
      // A cache that cannot be written (demoMediaCacheDir found none) only costs the next first start its transcode.
      deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'demo videos: not cached');
    }
    return result;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Demo video N in HLS_DIR: copied from the cache when there, else generated and transcoded. */
async function demoFolder(deps: DemoMediaDependencies, cacheDir: string, video: DemoVideo): Promise<MediaImportResult> {
  const cached = await readCacheEntry(cacheDir, video);
  if (!cached) return generate(deps, cacheDir, video);
  const started = performance.now();
  await copyWhole(join(cacheDir, cached.mediaId), deps.hlsDir, cached.mediaId);
  const folder = await describeMediaFolder(join(deps.hlsDir, cached.mediaId));
  deps.log.info(
    { video: video.n, mediaId: cached.mediaId, seconds: seconds(started) },
    'demo videos: copied from the cache',
  );
  return { mediaId: cached.mediaId, reused: true, source: cached.source, folder };
}

/** Runs `work` over `items`, at most `limit` at a time, stopping early when aborted. */
async function eachAtMost<T>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal.aborted) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The demo's adaptive videos (docs/media.md, Demo videos): for each generated video a catalog title
 * uses (`video/sample-N.mp4`), its folder in HLS_DIR (from the cache, or generated), then one
 * VideoMediaImported per title through the one write path, as the system actor. Answers how many
 * titles were recorded. Every step logs one line with its duration.
 */
export async function importDemoMedia(deps: DemoMediaDependencies): Promise<number> {
  const cacheDir = deps.cacheDir ? resolve(deps.cacheDir) : await demoMediaCacheDir();
  const titles = (await titlesWithFile(deps.pool, SAMPLE_FILE))
    .map((title) => ({ title, n: Number(/sample-(\d+)\.mp4$/.exec(title.file)?.[1]) }))
    .filter(({ n }) => DEMO_VIDEOS.some((v) => v.n === n));
  if (titles.length === 0) return 0;
  const clock = deps.app.get(Clock, { strict: false });
  // A copy into the cache cut off by a crash is never used; it goes like HLS_DIR's leftovers.
  await sweepIncoming(cacheDir, clock.now()).catch(() => []);
  const folders = new Map<number, MediaImportResult>();
  for (const video of DEMO_VIDEOS) {
    if (deps.signal.aborted) return 0;
    if (titles.some(({ n }) => n === video.n)) folders.set(video.n, await demoFolder(deps, cacheDir, video));
  }
  const started = performance.now();
  const service = deps.app.get(EventSourcedService, { strict: false });
  const context = deps.app.get(RequestContext, { strict: false });
  let recorded = 0;
  await context.run(systemContext(), () =>
    eachAtMost(titles, APPEND_CONCURRENCY, deps.signal, async ({ title, n }: { title: CatalogTitle; n: number }) => {
      const command: ImportVideoMedia = {
        type: 'ImportVideoMedia',
        media: mediaOfTitle(title, folders.get(n)!),
        now: clock.now().toISOString(),
      };
      const result = await service.execute(videoMediaStreamId(title.videoId), videoMediaDecider, command);
      recorded += result.events.length;
    }),
  );
  deps.log.info({ titles: recorded, seconds: seconds(started) }, 'demo videos: recorded, these titles now play HLS');
  return recorded;
}

/** The demo import running in the background; `stop()` aborts ffmpeg and waits until nothing more is written. */
export interface DemoMediaImport {
  done: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts importDemoMedia without waiting for it: the shop serves meanwhile (titles stay progressive
 * until their event is in). Without ffmpeg it logs one warning; a failure logs one line, never stops the shop.
 */
export function startDemoMediaImport(deps: Omit<DemoMediaDependencies, 'signal'>): DemoMediaImport {
  const aborting = new AbortController();
  const run = async () => {
    const started = performance.now();
    // First start only: once any video has media, the demo (or an operator) has been here.
    if ((await importedVideoCount(deps.pool)) > 0) return;
    if (!(await mediaToolsPresent())) {
      deps.log.warn(
        {},
        'demo videos: ffmpeg is not installed, the demo titles stay progressive (apt-get install ffmpeg)',
      );
      return;
    }
    const titles = await importDemoMedia({ ...deps, signal: aborting.signal });
    if (!aborting.signal.aborted) deps.log.info({ titles, seconds: seconds(started) }, 'demo videos: ready');
  };
  const done = run().catch((error: unknown) => {
    if (aborting.signal.aborted) return;
    deps.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'demo videos: import failed, titles stay progressive',
    );
  });
  return {
    done,
    stop: async () => {
      aborting.abort(new Error('the shop is stopping'));
      await done;
    },
  };
}
