import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportedChapter } from '#libs/domain/streaming/video-media.js';
import { type RunOptions, runFfmpeg } from './ffmpeg.js';
import {
  type EncodeSettings,
  ladderFor,
  posterArguments,
  thumbnailArguments,
  thumbnailGrid,
  transcodeArguments,
  type Rung,
} from './ladder.js';
import type { SourceFacts } from './probe.js';
import { chaptersVtt, thumbnailsVtt } from './webvtt.js';

export interface TranscodeJob {
  input: string;
  facts: SourceFacts;
  settings: EncodeSettings;
  captions: string | null;
  chapters: readonly ImportedChapter[];
}

/** ffmpeg names each rung's init segment init_{n}.mp4; the layout (and its playlist) says init.mp4. */
async function renameInitSegments(folder: string, rungs: readonly Rung[]): Promise<void> {
  for (const rung of rungs) {
    const dir = join(folder, rung.name);
    const init = (await readdir(dir)).find((name) => /^init(_\d+)?\.mp4$/.test(name));
    if (!init || init === 'init.mp4') continue;
    await rename(join(dir, init), join(dir, 'init.mp4'));
    const playlist = join(dir, 'index.m3u8');
    const text = await readFile(playlist, 'utf8');
    await writeFile(playlist, text.replace(`#EXT-X-MAP:URI="${init}"`, '#EXT-X-MAP:URI="init.mp4"'));
  }
}

/**
 * Writes a whole media folder into `folder` (empty, made by the caller): the ladder in one ffmpeg run
 * (its progress reported in seconds of the source), the thumbnail sprite from the 360p rendition, the
 * poster from the source, then the WebVTT files (thumbnails, captions when given, chapters when given).
 */
export async function transcodeInto(folder: string, job: TranscodeJob, options: RunOptions = {}): Promise<void> {
  const { facts } = job;
  const rungs = ladderFor(facts);
  const grid = thumbnailGrid(facts.durationSeconds, facts);
  await runFfmpeg(
    transcodeArguments({ input: job.input, output: folder, rungs, source: facts, settings: job.settings }),
    options,
  );
  await renameInitSegments(folder, rungs);
  const quiet = { signal: options.signal, nice: options.nice };
  await runFfmpeg(thumbnailArguments(join(folder, '360p', 'index.m3u8'), join(folder, 'thumbnails.jpg'), grid), quiet);
  await runFfmpeg(posterArguments(job.input, join(folder, 'poster.jpg'), facts.durationSeconds), quiet);
  await writeFile(join(folder, 'thumbnails.vtt'), thumbnailsVtt(grid, facts.durationSeconds));
  if (job.captions !== null) await writeFile(join(folder, 'captions.vtt'), job.captions);
  if (job.chapters.length > 0) {
    await writeFile(join(folder, 'chapters.vtt'), chaptersVtt(job.chapters, facts.durationSeconds));
  }
}
