import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type Interval, merge } from '#libs/domain/streaming/intervals.js';
import { PlaybackLeases } from './playback-leases.js';

/** The recorder writes what it gathered about this often (and before a heartbeat decides). */
export const SERVED_FLUSH_MS = 1000;
/** Rendition playlists remembered (each a list of segment spans); a media folder never changes. */
const PLAYLISTS_KEPT = 500;

/**
 * Which seconds of a video were served to which viewing: the HLS route tells it each segment it sends
 * (its span from the rendition playlist's EXTINF sums, parsed once per rendition) and each progressive
 * range (bytes in proportion to the duration). Kept in memory and written to the leases' `served` about
 * every second, in one statement, so serving a segment costs no database write; a heartbeat flushes its
 * viewing first so the decider sees everything sent until then.
 */
@Injectable()
export class ServedMedia implements OnApplicationShutdown {
  private readonly logger = new Logger(ServedMedia.name);
  private pending = new Map<string, Interval[]>();
  private readonly spans = new Map<string, Promise<Map<string, Interval>>>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly leases: PlaybackLeases) {
    this.timer = setInterval(() => void this.flush(), SERVED_FLUSH_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Notes seconds [from, to) served to a viewing (widened to whole seconds: the column holds integers). */
  record(viewingId: string, from: number, to: number): void {
    const whole: Interval = [Math.max(0, Math.floor(from)), Math.ceil(to)];
    if (whole[1] <= whole[0]) return;
    const list = this.pending.get(viewingId);
    if (list) list.push(whole);
    else this.pending.set(viewingId, [whole]);
  }

  /** The span of a segment of an imported rendition, or null for a file that is not a listed segment. */
  async segmentSpan(root: string, mediaId: string, rendition: string, file: string): Promise<Interval | null> {
    const key = `${mediaId}/${rendition}`;
    let spans = this.spans.get(key);
    if (!spans) {
      if (this.spans.size >= PLAYLISTS_KEPT) this.spans.delete(this.spans.keys().next().value as string);
      spans = readFile(join(root, mediaId, rendition, 'index.m3u8'), 'utf8')
        .then(segmentSpans)
        .catch(() => new Map<string, Interval>());
      this.spans.set(key, spans);
    }
    return (await spans).get(file) ?? null;
  }

  /** Writes what was gathered (every viewing, or waits for the running write and writes one viewing's now). */
  async flush(viewingId?: string): Promise<void> {
    const batch = new Map<string, Interval[]>();
    if (viewingId === undefined) {
      for (const [id, list] of this.pending) batch.set(id, merge(list));
      this.pending = new Map();
    } else {
      const list = this.pending.get(viewingId);
      if (list) batch.set(viewingId, merge(list));
      this.pending.delete(viewingId);
    }
    // Writes run one after another, so a heartbeat's flush lands after the timer's write it overlapped.
    const write = this.flushing.then(() => this.leases.addServed(batch));
    this.flushing = write.catch((error: unknown) => {
      this.logger.warn(`served media not recorded: ${error instanceof Error ? error.message : String(error)}`);
    });
    await this.flushing;
  }
}

/** Segment file -> [start, end) seconds, from a VOD media playlist's `#EXTINF:<seconds>,` lines. */
export function segmentSpans(playlist: string): Map<string, Interval> {
  const spans = new Map<string, Interval>();
  let at = 0;
  let duration: number | null = null;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      const seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
      duration = Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
    } else if (line !== '' && !line.startsWith('#') && duration !== null) {
      spans.set(line, [at, at + duration]);
      at += duration;
      duration = null;
    }
  }
  return spans;
}
