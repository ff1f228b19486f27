import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STALE_INCOMING_MS, sweepIncoming } from '#libs/media/import-media.js';
import { createTestApp } from '../support/app.js';

/** Makes `name` under `dir` with a file in a rendition folder, everything last written at `time`. */
async function folder(dir: string, name: string, time: Date): Promise<void> {
  await mkdir(join(dir, name, '360p'), { recursive: true });
  await writeFile(join(dir, name, '360p', 'seg_00000.m4s'), 'x');
  for (const path of [join(name, '360p', 'seg_00000.m4s'), join(name, '360p'), name]) {
    await utimes(join(dir, path), time, time);
  }
}

/** An import killed half-way leaves `.incoming-*` behind; the shop removes it at start, never a live one. */
describe('leftover incoming folders', () => {
  let hlsDir: string;
  beforeEach(async () => {
    hlsDir = await mkdtemp(join(tmpdir(), 'hls-sweep-'));
  });
  afterEach(() => rm(hlsDir, { recursive: true, force: true }));

  const now = new Date('2026-03-01T10:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('removes incoming folders quiet for 15 minutes, keeps one still written to and every media folder', async () => {
    await folder(hlsDir, '.incoming-dead', ago(STALE_INCOMING_MS + 1000));
    await folder(hlsDir, '.incoming-live', ago(STALE_INCOMING_MS + 1000));
    // A running import: its folder is old, but a segment was written a moment ago.
    await writeFile(join(hlsDir, '.incoming-live', '360p', 'seg_00001.m4s'), 'y');
    await utimes(join(hlsDir, '.incoming-live', '360p', 'seg_00001.m4s'), ago(2000), ago(2000));
    await folder(hlsDir, '0123456789abcdef0123456789abcdef', ago(24 * 3600_000));
    expect(await sweepIncoming(hlsDir, now)).toEqual(['.incoming-dead']);
    expect((await readdir(hlsDir)).sort()).toEqual(['.incoming-live', '0123456789abcdef0123456789abcdef']);
  });

  it('does nothing without HLS_DIR', async () => {
    expect(await sweepIncoming(join(hlsDir, 'absent'), now)).toEqual([]);
  });

  it('the shop sweeps its HLS_DIR when it starts', async () => {
    await folder(hlsDir, '.incoming-dead', new Date(Date.now() - STALE_INCOMING_MS - 60_000));
    await folder(hlsDir, '0123456789abcdef0123456789abcdef', new Date(Date.now() - 3600_000));
    const shop = await createTestApp({ env: { HLS_DIR: hlsDir } });
    try {
      expect(await readdir(hlsDir)).toEqual(['0123456789abcdef0123456789abcdef']);
    } finally {
      await shop.close();
    }
  });
});
