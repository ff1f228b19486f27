import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { FixedClock } from '#libs/application/clock.js';
import type { VideoMediaImported } from '#libs/domain/streaming/video-media.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import type { EncodeSettings } from '#libs/media/ladder.js';
import { parseMasterPlaylist, parseMediaPlaylist } from '#libs/media/playlists.js';
import { generateTestSource } from '#libs/media/test-sources.js';
import { videoMediaOf } from '#libs/read-models/video-media.js';
import { ImportRefused, runMediaImport } from '../../apps/api/media/media-import-run.js';
import { createTestApp, type TestApp } from '../support/app.js';

const ROOT = resolve(__dirname, '../..');
/** Test patterns at a few frames a second: every transcode here takes a second or two. */
const FAST: EncodeSettings = { preset: 'ultrafast', crf: 30, audioKbps: 64, segmentSeconds: 4 };
const PRODUCT = 250;
const VIDEO = 5001;
const OTHER_VIDEO = 5002;

/** The command appends without waiting for the read models (the shop may not even run): poll them. */
async function projected<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (done(value) || i === 100) return value;
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/**
 * `npm run media:import` with the real ffmpeg: the ladder, its playlists, poster, thumbnails, captions
 * and chapters, the event with sizes and checksums; what a source of 480 lines gets; broken files
 * refused in one line with nothing left; the built command's exit codes.
 */
describe('media import', () => {
  let shop: TestApp;
  let store: EventStore;
  let scratch: string;
  let hlsDir: string;
  const clock = new FixedClock(new Date('2026-03-01T10:00:00.000Z'));
  const source = (name: string) => join(scratch, name);

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
    store = await createEventStore(shop.shop.config, shop.shop.pool);
    hlsDir = shop.shop.config.HLS_DIR;
    scratch = await mkdtemp(join(tmpdir(), 'media-import-test-'));
    await generateTestSource(source('hd.mp4'), {
      video: 'testsrc2=size=1920x1080:rate=8',
      seconds: 6,
      toneHz: 440,
    });
    await generateTestSource(source('sd.mp4'), { video: 'testsrc=size=854x480:rate=8', seconds: 3, toneHz: 0 });
    await writeFile(source('captions.vtt'), 'WEBVTT\n\n00:00.000 --> 00:03.000\nA generated test pattern.\n');
    await writeFile(source('chapters.txt'), '0:00 Positioning\n0:02 Incision\n0:04.5 Closure\n');
  });
  afterAll(async () => {
    await store?.close();
    await shop?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const deps = () => ({ store, pool: shop.shop.pool, clock, hlsDir, settings: FAST });
  const args = (file: string, more: Partial<Parameters<typeof runMediaImport>[1]> = {}) => ({
    file: source(file),
    productId: PRODUCT,
    videoId: VIDEO,
    captions: null,
    chapters: null,
    by: 'ann',
    ...more,
  });
  const eventsOf = async (videoId: number) =>
    (await store.readStream(`video-media-${videoId}`)) as unknown as (VideoMediaImported & {
      metadata: { actorId: string };
    })[];
  const hlsEntries = async () => (await readdir(hlsDir).catch(() => [])).sort();

  it('transcodes a 1080p source into three rungs with playlists, poster, thumbnails, captions and chapters', async () => {
    const progress: number[] = [];
    const outcome = await runMediaImport(
      deps(),
      args('hd.mp4', { captions: source('captions.vtt'), chapters: source('chapters.txt') }),
      { onProgress: (s) => progress.push(s) },
    );
    expect(outcome).toMatchObject({ reused: false, recorded: true });
    expect(outcome.mediaId).toMatch(/^[a-f0-9]{32}$/);
    expect(progress.at(-1)).toBeGreaterThan(5);
    expect(await hlsEntries()).toEqual([outcome.mediaId]);

    const folder = join(hlsDir, outcome.mediaId);
    const variants = parseMasterPlaylist(await readFile(join(folder, 'master.m3u8'), 'utf8'));
    expect(variants.map((v) => [v.uri, v.width, v.height])).toEqual([
      ['360p/index.m3u8', 640, 360],
      ['720p/index.m3u8', 1280, 720],
      ['1080p/index.m3u8', 1920, 1080],
    ]);
    for (const variant of variants) {
      expect(variant.codecs).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
      const playlist = parseMediaPlaylist(await readFile(join(folder, variant.uri), 'utf8'), variant.uri);
      expect(playlist.map).toBe('init.mp4');
      // Keyframes every 4 s: the 6-second source makes a 4 s segment and a 2 s one, in every rung.
      expect(playlist.segments.map((s) => Math.round(s.duration))).toEqual([4, 2]);
      for (const file of [playlist.map, ...playlist.segments.map((s) => s.uri)]) {
        expect(existsSync(join(folder, variant.rendition, file))).toBe(true);
      }
    }
    for (const file of ['poster.jpg', 'thumbnails.jpg']) {
      expect((await readFile(join(folder, file))).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
    const thumbnails = await readFile(join(folder, 'thumbnails.vtt'), 'utf8');
    expect(thumbnails.match(/thumbnails\.jpg#xywh=\d+,0,160,90/g)).toHaveLength(3);
    expect(await readFile(join(folder, 'captions.vtt'), 'utf8')).toBe(await readFile(source('captions.vtt'), 'utf8'));
    expect(await readFile(join(folder, 'chapters.vtt'), 'utf8')).toContain('00:00:04.500 --> 00:00:06.000\nClosure');

    const [event, ...more] = await eventsOf(VIDEO);
    expect(more).toEqual([]);
    const data = event!.data;
    expect(data).toMatchObject({
      productId: PRODUCT,
      videoId: VIDEO,
      mediaId: outcome.mediaId,
      captions: true,
      chapters: [
        { start: 0, title: 'Positioning' },
        { start: 2, title: 'Incision' },
        { start: 4.5, title: 'Closure' },
      ],
      importedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(event!.metadata.actorId).toBe('operator:ann');
    expect(data.durationSeconds).toBeCloseTo(6, 0);
    expect(data.renditions.map((r) => [r.name, r.segments])).toEqual([
      ['360p', 2],
      ['720p', 2],
      ['1080p', 2],
    ]);
    expect(data.renditions.every((r) => r.bandwidth > 0)).toBe(true);
    const sourceBytes = await readFile(source('hd.mp4'));
    expect(data.source).toEqual({
      name: 'hd.mp4',
      bytes: sourceBytes.length,
      sha256: createHash('sha256').update(sourceBytes).digest('hex'),
    });
    // Every file of the folder, with its true size and checksum.
    const listed = (await readdir(folder, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(folder.length + 1))
      .sort();
    expect(data.files.map((f) => f.path)).toEqual(listed);
    for (const file of data.files) {
      const bytes = await readFile(join(folder, file.path));
      expect([file.bytes, file.sha256]).toEqual([bytes.length, createHash('sha256').update(bytes).digest('hex')]);
    }
    const row = await projected(
      () => videoMediaOf(shop.shop.pool, VIDEO),
      (r) => r !== null,
    );
    expect(row).toMatchObject({ mediaId: outcome.mediaId, captions: true });
  });

  it('the same import again reuses the folder and records nothing; another title of the product shares it', async () => {
    const more = { captions: source('captions.vtt'), chapters: source('chapters.txt') };
    const again = await runMediaImport(deps(), args('hd.mp4', more));
    expect(again).toMatchObject({ reused: true, recorded: false });
    expect(await eventsOf(VIDEO)).toHaveLength(1);
    const other = await runMediaImport(deps(), args('hd.mp4', { ...more, videoId: OTHER_VIDEO }));
    expect(other).toMatchObject({ mediaId: again.mediaId, reused: true, recorded: true });
    expect(await hlsEntries()).toEqual([again.mediaId]);
  });

  it('a source of 480 lines gets 360p only; without captions and chapters there are no such files', async () => {
    const outcome = await runMediaImport(deps(), args('sd.mp4', { videoId: OTHER_VIDEO }));
    const folder = join(hlsDir, outcome.mediaId);
    expect(outcome.folder.renditions.map((r) => [r.name, r.width, r.height])).toEqual([['360p', 640, 360]]);
    expect(await readdir(folder)).toEqual(
      expect.arrayContaining(['360p', 'master.m3u8', 'poster.jpg', 'thumbnails.jpg', 'thumbnails.vtt']),
    );
    expect(existsSync(join(folder, '720p'))).toBe(false);
    expect(existsSync(join(folder, 'captions.vtt'))).toBe(false);
    expect(existsSync(join(folder, 'chapters.vtt'))).toBe(false);
    expect(outcome.folder).toMatchObject({ captions: false, chapters: [] });
    const row = await projected(
      () => videoMediaOf(shop.shop.pool, OTHER_VIDEO),
      (r) => r?.mediaId === outcome.mediaId,
    );
    expect(row).toMatchObject({ mediaId: outcome.mediaId });
  });

  it('refuses bad captions and chapters files, and chapters past the end, before anything is written', async () => {
    await writeFile(source('subs.srt'), '1\n00:00:00,000 --> 00:00:01,000\nSRT\n');
    await writeFile(source('late.txt'), '0:00 Start\n0:09 After the end\n');
    const before = await hlsEntries();
    const refused = (more: object) => runMediaImport(deps(), args('hd.mp4', { videoId: 5003, ...more }));
    await expect(refused({ captions: source('subs.srt') })).rejects.toEqual(
      new ImportRefused('subs.srt is not WebVTT (the first line must be WEBVTT).', 2),
    );
    await expect(refused({ chapters: source('late.txt') })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^The chapters do not fit: chapter 2 starts at 00:00:09\.000/),
    });
    await expect(refused({ captions: source('none.vtt') })).rejects.toMatchObject({
      exitCode: 2,
      message: 'none.vtt cannot be read (ENOENT).',
    });
    await expect(refused({ videoId: VIDEO, productId: 251 })).rejects.toEqual(
      new ImportRefused(`Video ${VIDEO} is a title of product ${PRODUCT}, not of 251.`, 1),
    );
    expect(await hlsEntries()).toEqual(before);
    expect(await eventsOf(5003)).toEqual([]);
  });

  describe('the built command (npm run media:import)', () => {
    /** The built command, run from `cwd` (the project folder unless a test names another). */
    const cliIn = (cwd: string, ...argv: string[]) =>
      promisify(execFile)(process.execPath, [join(ROOT, 'dist/apps/api/media/media-import.js'), ...argv], {
        cwd,
        env: {
          ...process.env,
          DATABASE_URL: shop.shop.config.DATABASE_URL,
          DATA_DIR: '/tmp/shop-test-unused',
          HLS_DIR: hlsDir,
          LOG_LEVEL: 'silent',
        },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const cli = (...argv: string[]) => cliIn(ROOT, ...argv);

    it('refuses a broken file in one line with exit code 2, leaving nothing in HLS_DIR and no event', async () => {
      const hd = await readFile(source('hd.mp4'));
      await writeFile(source('random.mp4'), Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 251)));
      await writeFile(source('notes.txt'), 'Operative notes, not a video.\n');
      // Cut after the header (fast start): ffprobe reads it, the pictures end after a fraction of a second.
      await writeFile(source('truncated.mp4'), hd.subarray(0, Math.floor(hd.length / 8)));
      const before = await hlsEntries();
      for (const [file, line] of [
        ['random.mp4', /^random\.mp4 is not a readable video file \(Invalid data found when processing input\)\.$/],
        ['notes.txt', /^notes\.txt is not a readable video file/],
        ['missing.mp4', /^missing\.mp4 is not a readable video file \(No such file or directory\)\.$/],
        ['truncated.mp4', /^truncated\.mp4 is damaged or cut short: only \d+\.\d s of its 6\.0 s could be read\.$/],
      ] as const) {
        const run = await cli(source(file), '--product', String(PRODUCT), '--video', '5004');
        expect({ file, code: run.code, stdout: run.stdout }).toEqual({ file, code: 2, stdout: '' });
        expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
      }
      expect(await hlsEntries()).toEqual(before);
      expect(await eventsOf(5004)).toEqual([]);
    });

    it('refuses a playlist renamed .mp4 that points at another local file: only video containers are read', async () => {
      // An HLS playlist is a text that names other files: read as a source, it would import whatever it names.
      await writeFile(
        source('playlist.mp4'),
        '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:3\n#EXTINF:3.0,\nsd.mp4\n#EXT-X-ENDLIST\n',
      );
      const before = await hlsEntries();
      const run = await cli(source('playlist.mp4'), '--product', String(PRODUCT), '--video', '5004');
      expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'playlist.mp4 is not a video file the import takes (MP4, MOV, Matroska, WebM, AVI, MPEG-TS, MPEG-PS, MXF or FLV).\n',
      });
      expect(await hlsEntries()).toEqual(before);
      expect(await eventsOf(5004)).toEqual([]);
    });

    it('reads a file whose name starts with "-" as the file it is, never as an option of ffprobe or ffmpeg', async () => {
      // A source of its own (the same bytes as another would be that one's media, already imported).
      await generateTestSource(source('-i.mp4'), { video: 'testsrc=size=640x360:rate=8', seconds: 2, toneHz: 0 });
      // Given as the operator types it, from the folder that holds it.
      const run = await cliIn(scratch, '-i.mp4', '--product', String(PRODUCT), '--video', '5003');
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(/^Imported -i\.mp4 \(2\.0 s\) as media [a-f0-9]{32}: 360p;/);
      expect((await eventsOf(5003)).map((e) => e.type)).toEqual(['VideoMediaImported']);
    });

    it('refuses an unknown product or video and bad arguments with exit code 1', async () => {
      const unknownProduct = await cli(source('sd.mp4'), '--product', '999999', '--video', String(VIDEO));
      expect(unknownProduct).toMatchObject({ code: 1, stderr: 'Product 999999 is not in the catalog.\n' });
      const unknownVideo = await cli(source('sd.mp4'), '--product', String(PRODUCT), '--video', '999999');
      expect(unknownVideo).toMatchObject({ code: 1, stderr: 'Video 999999 is not in the catalog.\n' });
      const usage = await cli(source('sd.mp4'), '--product', 'x', '--video', '1');
      expect(usage).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^--product must be a positive whole number\.\nUsage: npm run media:import/),
      });
    });

    it('Ctrl+C stops ffmpeg, removes the half-written folder and records nothing', async () => {
      await generateTestSource(source('long.mp4'), { video: 'testsrc2=size=1920x1080:rate=8', seconds: 30, toneHz: 0 });
      const child = spawn(
        process.execPath,
        ['dist/apps/api/media/media-import.js', source('long.mp4'), '--product', '250', '--video', '5006'],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            DATABASE_URL: shop.shop.config.DATABASE_URL,
            DATA_DIR: '/tmp/shop-test-unused',
            HLS_DIR: hlsDir,
          },
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
      const before = await hlsEntries();
      await projected(hlsEntries, (names) => names.some((name) => name.startsWith('.incoming-')));
      expect((await hlsEntries()).filter((name) => name.startsWith('.incoming-'))).toHaveLength(1);
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stderr).toBe('\nInterrupted: nothing was imported.\n');
      expect(await hlsEntries()).toEqual(before);
      expect(await eventsOf(5006)).toEqual([]);
    });

    it('imports and says what it did, then says nothing was recorded when run again', async () => {
      const argv = [source('sd.mp4'), '--product', String(PRODUCT), '--video', '5005', '--by', 'ben'];
      const first = await cli(...argv);
      expect(first).toMatchObject({ code: 0, stderr: '' });
      expect(first.stdout).toMatch(
        /^Imported sd\.mp4 \(3\.0 s\) as media [a-f0-9]{32}: 360p; 0 chapters; no captions; \d+ files, \d+\.\d MB \(transcoded in \d+\.\d s\)\.\nRecorded VideoMediaImported: video 5005 of product 250 now plays it\.\n$/,
      );
      const second = await cli(...argv);
      expect(second.stdout).toMatch(
        /\(already imported, folder reused\)\.\nVideo 5005 of product 250 already plays this media/,
      );
      const events = await eventsOf(5005);
      expect(events.map((e) => e.metadata.actorId)).toEqual(['operator:ben']);
    });
  });
});
