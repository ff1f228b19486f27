import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type { FastifyReply } from 'fastify';
import { contentTypeOf } from './media-files.js';

/** Files at most this big are kept in memory once read (playlists, tracks, init segments: a few KB). */
const SMALL_BYTES = 64 * 1024;
/** The cache holds at most this much; the oldest entries go first. */
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The small files of imported media (playlists, WebVTT tracks, init segments) kept in memory: a media
 * folder never changes once it exists (the import renames a whole folder into place), and a player asks
 * its playlists again and again, so the answer is a buffer instead of a stat, an open and a read each
 * time. Media segments are never kept: they are streamed from disk.
 */
export class SmallFiles {
  private readonly files = new Map<string, Promise<Buffer | null>>();
  private bytes = 0;

  /** Sends the file when it is small (true), or answers false to stream it (too big, absent: not kept). */
  async send(reply: FastifyReply, path: string): Promise<boolean> {
    const content = await this.read(path);
    if (!content) return false;
    await reply
      .code(200)
      .header('Accept-Ranges', 'bytes')
      .header('Content-Type', contentTypeOf(extname(path)))
      .header('Cache-Control', 'private, no-store')
      .header('Content-Length', content.length)
      .send(content);
    return true;
  }

  private read(path: string): Promise<Buffer | null> {
    let known = this.files.get(path);
    if (!known) {
      known = this.load(path);
      this.files.set(path, known);
      void known.then((content) => {
        if (!content) this.files.delete(path);
        else this.bytes += content.length;
        while (this.bytes > CACHE_BYTES && this.files.size > 1) this.evictOldest();
      });
    }
    return known;
  }

  private async load(path: string): Promise<Buffer | null> {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || info.size > SMALL_BYTES) return null;
    return readFile(path).catch(() => null);
  }

  private evictOldest(): void {
    const [path, entry] = this.files.entries().next().value as [string, Promise<Buffer | null>];
    this.files.delete(path);
    void entry.then((content) => {
      this.bytes -= content?.length ?? 0;
    });
  }
}
