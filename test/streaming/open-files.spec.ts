import { fstatSync, mkdtempSync, readdirSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenFiles, readAt } from '#apps/api/streaming/open-files.js';
import { eventually } from '../support/eventually.js';

const folder = mkdtempSync(join(tmpdir(), 'shop-open-files-'));
const write = (name: string, text: string): string => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};
const isOpen = (fd: number): boolean => {
  try {
    fstatSync(fd);
    return true;
  } catch {
    return false;
  }
};
/** Descriptors of this process open on files of the test's folder. */
const openHere = (): number =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(folder);
    } catch {
      return false; // the listing's own descriptor, gone already
    }
  }).length;
const text = async (fd: number, at: number, length: number): Promise<string> => {
  const buffer = Buffer.alloc(length);
  return buffer.toString('utf8', 0, await readAt(fd, buffer, at));
};

/** The media files kept open between answers (open-files.ts): one descriptor read by many answers. */
describe('OpenFiles', () => {
  let files: OpenFiles;
  // Closing is asynchronous (the descriptor goes in the thread pool): each test starts with none open.
  afterEach(async () => {
    files.closeAll();
    await eventually(async () => openHere() === 0);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('gives one descriptor to answers at once, its facts from it, and keeps it open between them', async () => {
    files = new OpenFiles();
    const path = write('a.mp4', '0123456789');
    const [first, second] = await Promise.all([files.lease(path), files.lease(path)]);
    expect(first?.fd).toBe(second?.fd);
    expect(first?.facts.size).toBe(10);
    expect(await text(first!.fd, 3, 4)).toBe('3456');
    first!.release();
    second!.release();
    const third = await files.lease(path);
    expect(third?.fd).toBe(first?.fd);
    expect(isOpen(third!.fd)).toBe(true);
    third!.release();
  });

  it('answers null for no file or a folder, and keeps nothing open for them', async () => {
    files = new OpenFiles();
    expect(await files.lease(join(folder, 'absent.mp4'))).toBeNull();
    expect(await files.lease(folder)).toBeNull();
    await eventually(async () => openHere() === 0);
  });

  it('sees a replaced file once the age is over, and closes the old one when its last reader is done', async () => {
    files = new OpenFiles(50);
    const path = write('b.mp4', 'old bytes');
    const reading = await files.lease(path);
    expect(await text(reading!.fd, 0, 9)).toBe('old bytes');
    // An operator replaces the file as a whole (rename into place).
    renameSync(write('b.new', 'new bytes, longer'), path);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const next = await files.lease(path);
    expect(next?.facts.size).toBe(17);
    expect(await text(next!.fd, 0, 9)).toBe('new bytes');
    // The answer that was reading the old file still reads it whole: its descriptor waits for it.
    expect(await text(reading!.fd, 4, 5)).toBe('bytes');
    const old = reading!.fd;
    reading!.release();
    await eventually(async () => !isOpen(old));
    reading!.release(); // a second release changes nothing
    expect(isOpen(next!.fd)).toBe(true);
    next!.release();
  });

  it('keeps at most 256 files open: the least recently read close first', async () => {
    files = new OpenFiles();
    const paths = Array.from({ length: 300 }, (_, i) => write(`many-${i}.m4s`, `segment ${i}`));
    for (const path of paths) (await files.lease(path))!.release();
    await eventually(async () => openHere() === 256);
    expect(openHere()).toBe(256);
    // The first ones were closed; asked again, they open again and read right.
    const again = await files.lease(paths[0]!);
    expect(await text(again!.fd, 0, 9)).toBe('segment 0');
    again!.release();
    files.closeAll();
    await eventually(async () => openHere() === 0);
  });
});
