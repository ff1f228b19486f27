import { close, fstat, open, read } from 'node:fs';

/** What an answer needs of a file before its bytes: its size and modification time. */
export interface FileFacts {
  size: number;
  mtime: Date;
}

/** A file kept open for this answer: read it at `fd` (positional reads), then `release` it once. */
export interface OpenFile {
  readonly fd: number;
  readonly facts: FileFacts;
  release(): void;
}

/** Files kept open at most (a process has a bounded number of descriptors): the least recently read close first. */
const KEPT_OPEN = 256;
/** A file nobody read for this long is closed. */
const IDLE_MS = 30_000;

interface Kept {
  fd: number;
  facts: FileFacts;
  openedAt: number;
  readAt: number;
  /** Answers reading it now: it is closed once retired and none is left. */
  users: number;
  retired: boolean;
  closed: boolean;
}

/** Reads `buffer.length` bytes of `fd` from `position` (fewer at the end of the file). */
export function readAt(fd: number, buffer: Buffer, position: number): Promise<number> {
  return new Promise((resolve, reject) =>
    read(fd, buffer, 0, buffer.length, position, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))),
  );
}

/**
 * Media files kept open between answers (as a web server's open-file cache): a range of a video
 * costs one positional read instead of an open, a read and a close, and its size and time come from
 * the same descriptor (`fstat`). A file is kept for `maxAgeMs` (real time): forever for files that
 * never change once they exist (an imported media folder is renamed into place whole), a moment for
 * MEDIA_DIR's, which an operator may replace (the next answer after it opens the new file). At most
 * KEPT_OPEN are open, each closed after IDLE_MS unread; a file retired while answers read it is
 * closed when the last of them releases it. A path that is not a regular file is not kept.
 */
export class OpenFiles {
  private readonly kept = new Map<string, Kept>();
  private readonly opening = new Map<string, Promise<Kept | null>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly maxAgeMs = Infinity) {
    this.sweeper = setInterval(() => this.closeIdle(), IDLE_MS);
    this.sweeper.unref();
  }

  /** The file at `path`, open for this answer, or null when there is no regular file there. */
  async lease(path: string): Promise<OpenFile | null> {
    for (;;) {
      let entry = this.kept.get(path);
      if (entry && performance.now() - entry.openedAt >= this.maxAgeMs) {
        this.retire(path, entry);
        entry = undefined;
      }
      entry ??= (await this.open(path)) ?? undefined;
      if (!entry) return null;
      // Closed while this answer waited for its opening (evicted meanwhile): open it again.
      if (entry.closed) continue;
      return this.use(path, entry);
    }
  }

  /** Its size and time (the X-Accel-Redirect answers, which read no byte). */
  readonly of = async (path: string): Promise<FileFacts | null> => {
    const file = await this.lease(path);
    file?.release();
    return file?.facts ?? null;
  };

  /** Closes every file (the shop stops); answers still reading theirs close them on release. */
  closeAll(): void {
    clearInterval(this.sweeper);
    for (const [path, entry] of [...this.kept]) this.retire(path, entry);
  }

  private use(path: string, entry: Kept): OpenFile {
    entry.users++;
    entry.readAt = performance.now();
    if (this.kept.get(path) === entry) {
      // Most recently read last: the first entries are the ones to close.
      this.kept.delete(path);
      this.kept.set(path, entry);
    }
    let released = false;
    return {
      fd: entry.fd,
      facts: entry.facts,
      release: () => {
        if (released) return;
        released = true;
        entry.users--;
        if (entry.retired && entry.users === 0) this.closeNow(entry);
      },
    };
  }

  private open(path: string): Promise<Kept | null> {
    let opening = this.opening.get(path);
    if (!opening) {
      opening = openRegular(path).then((entry) => {
        this.opening.delete(path);
        if (entry) {
          const before = this.kept.get(path);
          if (before) this.retire(path, before);
          this.kept.set(path, entry);
          for (const [oldest, old] of this.kept) {
            if (this.kept.size <= KEPT_OPEN) break;
            this.retire(oldest, old);
          }
        }
        return entry;
      });
      this.opening.set(path, opening);
    }
    return opening;
  }

  private retire(path: string, entry: Kept): void {
    if (this.kept.get(path) === entry) this.kept.delete(path);
    entry.retired = true;
    if (entry.users === 0) this.closeNow(entry);
  }

  private closeNow(entry: Kept): void {
    if (entry.closed) return;
    entry.closed = true;
    close(entry.fd, () => undefined);
  }

  private closeIdle(): void {
    const before = performance.now() - IDLE_MS;
    for (const [path, entry] of [...this.kept]) if (entry.readAt < before) this.retire(path, entry);
  }
}

/** Opens a regular file for reading with its facts; null (nothing left open) for anything else or an error. */
function openRegular(path: string): Promise<Kept | null> {
  return new Promise((resolve) => {
    open(path, 'r', (error, fd) => {
      if (error) {
        resolve(null);
        return;
      }
      fstat(fd, (statError, info) => {
        if (statError || !info.isFile()) {
          close(fd, () => resolve(null));
          return;
        }
        const now = performance.now();
        const facts = { size: info.size, mtime: info.mtime };
        resolve({ fd, facts, openedAt: now, readAt: now, users: 0, retired: false, closed: false });
      });
    });
  });
}
