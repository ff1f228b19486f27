import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MEDIA_CACHE, demoMediaCacheDir } from './demo-media.js';

/** The demo videos' cache is the machine's (docs/media.md, Demo videos): shared by every clone. */
describe('demoMediaCacheDir', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'demo-media-cache-dir-'));
  });
  afterEach(() => rm(scratch, { recursive: true, force: true }));

  it('is under $XDG_CACHE_HOME when set, made when missing', async () => {
    const xdg = join(scratch, 'xdg');
    const dir = await demoMediaCacheDir({ XDG_CACHE_HOME: xdg, HOME: join(scratch, 'home') });
    expect(dir).toBe(join(xdg, 'medshop-demo-media', 'v1'));
    expect(DEMO_MEDIA_CACHE).toBe(join('medshop-demo-media', 'v1'));
  });

  it('is under ~/.cache without $XDG_CACHE_HOME (a relative one is ignored), not under the working folder', async () => {
    const home = join(scratch, 'home');
    expect(await demoMediaCacheDir({ HOME: home })).toBe(join(home, '.cache', DEMO_MEDIA_CACHE));
    expect(await demoMediaCacheDir({ HOME: home, XDG_CACHE_HOME: 'relative' })).toBe(
      join(home, '.cache', DEMO_MEDIA_CACHE),
    );
  });

  it('falls back to a folder of its own in the temporary directory when the home cannot be written', async () => {
    // A file where the home's .cache would be: no folder can be made under it (also as root).
    const home = join(scratch, 'home');
    await mkdir(home);
    await writeFile(join(home, '.cache'), 'not a folder');
    const dir = await demoMediaCacheDir({ HOME: home, XDG_CACHE_HOME: join(home, '.cache', 'xdg') });
    expect(dir).toBe(join(tmpdir(), `medshop-cache-${process.getuid?.() ?? 'user'}`, DEMO_MEDIA_CACHE));
  });
});
