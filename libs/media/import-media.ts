import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ImportedChapter } from '#libs/domain/streaming/video-media.js';
import { MediaInputError, type RunOptions } from './ffmpeg.js';
import { type EncodeSettings, IMPORT_SETTINGS, ladderFor } from './ladder.js';
import { describeMediaFolder, type FolderDescription, hashFile, isDirectory } from './media-folder.js';
import { probeSource, type SourceFacts } from './probe.js';
import { transcodeInto } from './transcode.js';
import { checkChaptersFit, MediaTextProblem } from './webvtt.js';

/** Imports write here first; the folder is renamed to its media id only once whole (docs/media.md). */
export const INCOMING_PREFIX = '.incoming-';

export interface MediaImportRequest {
  /** The source video file. */
  source: string;
  /** HLS_DIR: the folder of every imported media folder. */
  hlsDir: string;
  /** The captions' WebVTT text (checked with checkCaptions), or null. */
  captions: string | null;
  chapters: readonly ImportedChapter[];
  settings?: EncodeSettings;
  /** The source's facts when the caller probed it already. */
  facts?: SourceFacts;
}

export interface MediaImportResult {
  mediaId: string;
  /** True when a folder of this media id was already there (nothing was transcoded). */
  reused: boolean;
  source: { name: string; bytes: number; sha256: string };
  folder: FolderDescription;
}

/** A bump makes every media id new (a change of the layout itself). */
const LAYOUT_VERSION = 1;
const MEDIA_ID_LENGTH = 32;

/**
 * The media id: a hash of what decides the folder's content (the source's bytes, the rungs and how
 * they are encoded, the captions and the chapters), so the same import twice names the same folder.
 */
export function mediaIdOf(parts: {
  sourceSha256: string;
  settings: EncodeSettings;
  rungs: readonly string[];
  captions: string | null;
  chapters: readonly ImportedChapter[];
}): string {
  const captions = parts.captions === null ? null : createHash('sha256').update(parts.captions).digest('hex');
  const recipe = JSON.stringify({
    layout: LAYOUT_VERSION,
    source: parts.sourceSha256,
    settings: parts.settings,
    rungs: parts.rungs,
    captions,
    chapters: parts.chapters.map((c) => [c.start, c.title]),
  });
  return createHash('sha256').update(recipe).digest('hex').slice(0, MEDIA_ID_LENGTH);
}

/** How much of the declared length the ladder must hold: less means the file is damaged or cut short. */
const COMPLETE_SHARE = 0.9;

/**
 * Imports one source into HLS_DIR/{mediaId}/: probe (a bad file is refused before anything is
 * written), hash, then either reuse the folder of the same media id or transcode into
 * HLS_DIR/.incoming-{uuid}/, check the result and rename it into place. Whatever fails or is aborted
 * removes the incoming folder, so HLS_DIR only ever holds whole folders.
 */
export async function importMedia(
  request: MediaImportRequest,
  options: RunOptions & { onIncoming?: (folder: string | null) => void } = {},
): Promise<MediaImportResult> {
  const settings = request.settings ?? IMPORT_SETTINGS;
  const facts = request.facts ?? (await probeSource(request.source, options));
  try {
    checkChaptersFit(request.chapters, facts.durationSeconds);
  } catch (error) {
    if (error instanceof MediaTextProblem) throw new MediaInputError(`The chapters do not fit: ${error.message}.`);
    throw error;
  }
  const hashed = await hashFile(request.source);
  const source = { name: basename(request.source), ...hashed };
  const mediaId = mediaIdOf({
    sourceSha256: hashed.sha256,
    settings,
    rungs: ladderFor(facts).map((r) => r.name),
    captions: request.captions,
    chapters: request.chapters,
  });
  const target = join(request.hlsDir, mediaId);
  if (await isDirectory(target)) {
    return { mediaId, reused: true, source, folder: await describeMediaFolder(target) };
  }
  await mkdir(request.hlsDir, { recursive: true });
  const incoming = join(request.hlsDir, `${INCOMING_PREFIX}${randomUUID()}`);
  await mkdir(incoming);
  // A process that may end abruptly (Ctrl+C in a command) removes it on its way out.
  options.onIncoming?.(incoming);
  try {
    await transcodeInto(
      incoming,
      { input: request.source, facts, settings, captions: request.captions, chapters: request.chapters },
      options,
    );
    const folder = await describeMediaFolder(incoming);
    if (folder.durationSeconds < facts.durationSeconds * COMPLETE_SHARE - 0.5) {
      throw new MediaInputError(
        `${source.name} is damaged or cut short: only ${folder.durationSeconds.toFixed(1)} s of its ` +
          `${facts.durationSeconds.toFixed(1)} s could be read.`,
      );
    }
    try {
      await rename(incoming, target);
      return { mediaId, reused: false, source, folder };
    } catch (error) {
      // Another import of the same media finished first: its folder is the same, keep it.
      if (!(await isDirectory(target))) throw error;
      return { mediaId, reused: true, source, folder: await describeMediaFolder(target) };
    }
  } finally {
    await rm(incoming, { recursive: true, force: true });
    options.onIncoming?.(null);
  }
}

/** The newest modification time under `dir` (an import writes a segment every few seconds). */
async function newestChange(dir: string): Promise<number> {
  let newest = (await stat(dir)).mtimeMs;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const time = (await stat(join(entry.parentPath, entry.name)).catch(() => null))?.mtimeMs ?? 0;
    newest = Math.max(newest, time);
  }
  return newest;
}

/** An incoming folder nothing wrote to for this long is left over from a stopped import. */
export const STALE_INCOMING_MS = 15 * 60_000;

/**
 * Removes the incoming folders of imports that stopped half-way (a crash, kill -9): those under
 * `hlsDir` with no change since `staleMs` before `now`. A running import elsewhere keeps writing, so
 * its folder is left alone. Answers the names removed.
 */
export async function sweepIncoming(hlsDir: string, now: Date, staleMs = STALE_INCOMING_MS): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(hlsDir)).filter((name) => name.startsWith(INCOMING_PREFIX));
  } catch {
    return []; // no HLS_DIR yet
  }
  const removed: string[] = [];
  for (const name of names) {
    const dir = join(hlsDir, name);
    const changed = await newestChange(dir).catch(() => null);
    if (changed === null || now.getTime() - changed < staleMs) continue;
    await rm(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
