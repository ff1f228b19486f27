import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIG } from '#apps/api/infrastructure/tokens.js';
import { EventSourcedService } from '#apps/api/kernel/event-sourced.service.js';
import { RequestContext, SYSTEM } from '#apps/api/kernel/request-context.js';
import { hlsRoot } from '#apps/api/streaming/playbacks.js';
import type { Config } from '#libs/config/config.js';
import { type ImportedFile, videoMediaDecider, videoMediaStreamId } from '#libs/domain/streaming/video-media.js';
import type { TestApp } from './app.js';

export interface HlsFixtureOptions {
  productId: number;
  videoId: number;
  durationSeconds: number;
  /** Seconds per segment (the last one is shorter when the duration is not a multiple). */
  segmentSeconds?: number;
  renditions?: ('360p' | '720p' | '1080p')[];
  chapters?: { start: number; title: string }[];
  captions?: boolean;
}

export interface HlsFixture {
  mediaId: string;
  folder: string;
  /** Segment file names of a rendition, in order, and the span [from, to) of each. */
  segments: { name: string; from: number; to: number }[];
  /** The bytes of a segment of a rendition (each segment's are distinct). */
  segmentBytes(rendition: string, name: string): Buffer;
}

const HEIGHTS = { '360p': 360, '720p': 720, '1080p': 1080 } as const;
const segmentName = (n: number): string => `seg_${String(n).padStart(5, '0')}.m4s`;

/**
 * A small fake HLS folder (the layout `npm run media:import` writes: playlists, init, segments of a few
 * bytes, poster, thumbnails, captions, chapters) in the test shop's HLS_DIR, and its VideoMediaImported
 * appended through the decider, for tests of access and watch evidence that need no real video.
 */
export async function hlsFixture(shop: TestApp, options: HlsFixtureOptions): Promise<HlsFixture> {
  const { productId, videoId, durationSeconds } = options;
  const segmentSeconds = options.segmentSeconds ?? 4;
  const renditions = options.renditions ?? ['360p', '720p'];
  const chapters = options.chapters ?? [];
  const captions = options.captions ?? false;
  const mediaId = randomBytes(12).toString('hex');
  const folder = join(hlsRoot(shop.app.get<symbol, Config>(CONFIG, { strict: false })), mediaId);
  const files: ImportedFile[] = [];
  const write = async (path: string, content: string | Buffer): Promise<void> => {
    const bytes = Buffer.from(content);
    await mkdir(join(folder, path, '..'), { recursive: true });
    await writeFile(join(folder, path), bytes);
    files.push({ path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  };
  const segments: HlsFixture['segments'] = [];
  for (let from = 0, n = 0; from < durationSeconds; from += segmentSeconds, n++) {
    segments.push({ name: segmentName(n), from, to: Math.min(durationSeconds, from + segmentSeconds) });
  }
  const segmentBytes = (rendition: string, name: string): Buffer =>
    Buffer.from(`${mediaId} ${rendition} ${name} `.repeat(40));

  const master = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rendition of renditions) {
    const height = HEIGHTS[rendition];
    master.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${height * 3000},RESOLUTION=${Math.round((height * 16) / 9)}x${height}`,
      `${rendition}/index.m3u8`,
    );
    const playlist = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      `#EXT-X-TARGETDURATION:${Math.ceil(segmentSeconds)}`,
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-MAP:URI="init.mp4"',
      ...segments.flatMap((s) => [`#EXTINF:${(s.to - s.from).toFixed(6)},`, s.name]),
      '#EXT-X-ENDLIST',
    ];
    await write(`${rendition}/index.m3u8`, `${playlist.join('\n')}\n`);
    await write(`${rendition}/init.mp4`, `init ${rendition}`);
    for (const s of segments) await write(`${rendition}/${s.name}`, segmentBytes(rendition, s.name));
  }
  await write('master.m3u8', `${master.join('\n')}\n`);
  await write('poster.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  await write('thumbnails.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  await write('thumbnails.vtt', 'WEBVTT\n\n00:00:00.000 --> 00:00:10.000\nthumbnails.jpg#xywh=0,0,160,90\n');
  if (captions) await write('captions.vtt', 'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nA fixture caption.\n');
  if (chapters.length > 0) {
    const cue = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(11, 23);
    const cues = chapters.map(
      (c, i) => `${cue(c.start)} --> ${cue(chapters[i + 1]?.start ?? durationSeconds)}\n${c.title}`,
    );
    await write('chapters.vtt', `WEBVTT\n\n${cues.join('\n\n')}\n`);
  }

  await shop.app.get(RequestContext).run({ actorId: SYSTEM }, () =>
    shop.app.get(EventSourcedService).execute(videoMediaStreamId(videoId), videoMediaDecider, {
      type: 'ImportVideoMedia',
      media: {
        productId,
        videoId,
        mediaId,
        durationSeconds,
        renditions: renditions.map((name) => ({
          name,
          width: Math.round((HEIGHTS[name] * 16) / 9),
          height: HEIGHTS[name],
          bandwidth: HEIGHTS[name] * 3000,
          segments: segments.length,
        })),
        chapters,
        captions,
        source: { name: 'fixture.mp4', bytes: 0, sha256: '0'.repeat(64) },
        files,
      },
      now: new Date().toISOString(),
    }),
  );
  return { mediaId, folder, segments, segmentBytes };
}
