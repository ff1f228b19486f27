import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Pool } from 'pg';
import { titlesWithFile } from '#libs/media/catalog-titles.js';
import { describeMediaFolder } from '#libs/media/media-folder.js';
import { importedVideoCount } from '#libs/read-models/video-media.js';
import { importDemoMedia } from '../../apps/api/media/demo-media.js';
import { createTestApp, type TestApp } from '../support/app.js';

/** A log that keeps its lines, to read what each step said. */
function keptLog() {
  const lines: { level: string; message: string; fields: object }[] = [];
  const keep = (level: string) => (fields: object, message: string) => lines.push({ level, message, fields });
  return { lines, info: keep('info'), warn: keep('warn') };
}

async function until(check: () => Promise<boolean>, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not done within ${seconds} s`);
    await new Promise((ok) => setTimeout(ok, 250));
  }
}

/**
 * The demo's adaptive videos at first start (docs/media.md, Demo videos): the shop starts serving at
 * once, the three generated videos are imported in the background (from the machine's cache,
 * demoMediaCacheDir, after the first time on a machine) and every `video/sample-N.mp4` title gets
 * the media of generated video N. The first run on a machine transcodes (about half a minute).
 */
describe('demo videos', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true, env: { DEMO_VIDEOS: 'true' } });
  });
  afterAll(() => shop?.close());

  const mediaOfTitles = async (pool: Pool) => {
    const { rows } = await pool.query<{ file: string; media_id: string }>(
      `SELECT t.url AS file, m.media_id FROM catalog_product_titles t JOIN video_media m ON m.video_id = t.title_id`,
    );
    return rows;
  };

  it('serves while it imports, then every sample title plays the generated video of its number', async () => {
    const health = await fetch(`${shop.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const { pool } = shop.shop;
    const titles = await titlesWithFile(pool, '^video/sample-[123]\\.mp4$');
    expect(titles.length).toBeGreaterThan(100);
    await until(async () => (await importedVideoCount(pool)) === titles.length, 170);

    const rows = await mediaOfTitles(pool);
    const byFile = new Map<string, Set<string>>();
    for (const row of rows) byFile.set(row.file, (byFile.get(row.file) ?? new Set()).add(row.media_id));
    expect([...byFile.keys()].sort()).toEqual(['video/sample-1.mp4', 'video/sample-2.mp4', 'video/sample-3.mp4']);
    // One folder per generated video, shared by its titles.
    expect([...byFile.values()].map((ids) => ids.size)).toEqual([1, 1, 1]);
    const mediaIds = [...byFile.values()].map((ids) => [...ids][0]!);
    expect(new Set(mediaIds).size).toBe(3);
    expect((await readdir(shop.shop.config.HLS_DIR)).sort()).toEqual([...mediaIds].sort());

    for (const mediaId of mediaIds) {
      const folder = await describeMediaFolder(join(shop.shop.config.HLS_DIR, mediaId));
      expect(folder.renditions.map((r) => r.name)).toEqual(['360p', '720p', '1080p']);
      expect(folder.durationSeconds).toBeCloseTo(36, 0);
      expect(folder.chapters).toHaveLength(4);
      expect(folder.captions).toBe(true);
      expect(folder.files.map((f) => f.path)).toEqual(
        expect.arrayContaining(['poster.jpg', 'thumbnails.jpg', 'thumbnails.vtt', 'chapters.vtt', 'captions.vtt']),
      );
    }
  }, 180_000);

  it('a later first start copies the three folders from the cache, and records nothing twice', async () => {
    const hlsDir = await mkdtemp(join(tmpdir(), 'demo-media-again-'));
    try {
      const log = keptLog();
      const signal = new AbortController().signal;
      const started = performance.now();
      const recorded = await importDemoMedia({ app: shop.app, pool: shop.shop.pool, hlsDir, log, signal });
      expect(recorded).toBe(0);
      expect(performance.now() - started).toBeLessThan(30_000);
      expect(log.lines.map((l) => l.message)).toEqual([
        'demo videos: copied from the cache',
        'demo videos: copied from the cache',
        'demo videos: copied from the cache',
        'demo videos: recorded, these titles now play HLS',
      ]);
      expect(log.lines[0]!.fields).toMatchObject({ video: 1, seconds: expect.any(Number) });
      expect((await readdir(hlsDir)).filter((name) => name.startsWith('.'))).toEqual([]);
      expect(await readdir(hlsDir)).toHaveLength(3);
    } finally {
      await rm(hlsDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('without ffmpeg it logs one warning and leaves the titles progressive', async () => {
    // A process whose PATH has no ffmpeg (the built code: Jest's process.env does not reach spawn).
    const script = `
      const { startDemoMediaImport } = await import('./dist/apps/api/media/demo-media.js');
      const lines = [];
      const log = { info: (f, m) => lines.push(['info', m]), warn: (f, m) => lines.push(['warn', m]) };
      const pool = { query: async () => ({ rows: [{ n: 0 }] }) };
      await startDemoMediaImport({ app: null, pool, hlsDir: '/nonexistent/hls', log }).done;
      process.stdout.write(JSON.stringify(lines));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: resolve(__dirname, '../..'),
      env: { PATH: '/nonexistent' },
    });
    expect(JSON.parse(stdout)).toEqual([
      ['warn', 'demo videos: ffmpeg is not installed, the demo titles stay progressive (apt-get install ffmpeg)'],
    ]);
  });

  it('stopping the shop mid-import stops ffmpeg and leaves no incoming folder', async () => {
    const hlsDir = await mkdtemp(join(tmpdir(), 'demo-media-stop-'));
    const cacheDir = await mkdtemp(join(tmpdir(), 'demo-media-cache-'));
    try {
      const log = keptLog();
      const pool = shop.shop.pool;
      // An empty cache: the first video is generated, then transcoded into an incoming folder; stop then.
      const aborting = new AbortController();
      const running = importDemoMedia({ app: shop.app, pool, hlsDir, log, signal: aborting.signal, cacheDir });
      await until(async () => (await readdir(hlsDir)).some((name) => name.startsWith('.incoming-')), 60);
      aborting.abort(new Error('stopping'));
      await expect(running).rejects.toThrow('stopping');
      expect(await readdir(hlsDir)).toEqual([]);
      expect(await readdir(cacheDir)).toEqual([]);
    } finally {
      await rm(hlsDir, { recursive: true, force: true });
      await rm(cacheDir, { recursive: true, force: true });
    }
  }, 90_000);
});
