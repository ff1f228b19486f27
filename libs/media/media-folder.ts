import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type {
  ImportedChapter,
  ImportedFile,
  ImportedRendition,
  VideoMediaImported,
} from '#libs/domain/streaming/video-media.js';
import { parseMasterPlaylist, parseMediaPlaylist, PlaylistProblem } from './playlists.js';
import { parseChapters } from './webvtt.js';

/** What a finished media folder holds, as VideoMediaImported records it. */
export type FolderDescription = Pick<
  VideoMediaImported['data'],
  'durationSeconds' | 'renditions' | 'chapters' | 'captions' | 'files'
>;

/** A media id names a folder under HLS_DIR: hex, 16 to 64 characters. */
export const MEDIA_ID = /^[a-f0-9]{16,64}$/;

/** Size and SHA-256 of a file, read as a stream (a segment or a source of gigabytes alike). */
export async function hashFile(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Every file under `dir`, as paths relative to it with `/`, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/**
 * Reads a media folder (docs/media.md, the layout) and describes it: the renditions from the master
 * playlist with their segment counts, the duration (the longest rendition's EXTINF sum, the length a
 * player shows), the chapters of chapters.vtt, whether captions.vtt is there, and every file with
 * its size and SHA-256. Throws PlaylistProblem when a playlist is malformed or names a missing file.
 */
export async function describeMediaFolder(dir: string): Promise<FolderDescription> {
  const paths = await filesUnder(dir);
  const present = new Set(paths);
  const need = (path: string) => {
    if (!present.has(path)) throw new PlaylistProblem(`${path} is missing`);
  };
  need('master.m3u8');
  const variants = parseMasterPlaylist(await readFile(join(dir, 'master.m3u8'), 'utf8'));
  const renditions: ImportedRendition[] = [];
  let durationSeconds = 0;
  for (const variant of variants) {
    const playlist = parseMediaPlaylist(await readFile(join(dir, variant.uri), 'utf8'), variant.uri);
    need(`${variant.rendition}/${playlist.map}`);
    playlist.segments.forEach((s) => need(`${variant.rendition}/${s.uri}`));
    durationSeconds = Math.max(durationSeconds, playlist.durationSeconds);
    renditions.push({
      name: variant.rendition,
      width: variant.width,
      height: variant.height,
      bandwidth: variant.bandwidth,
      segments: playlist.segments.length,
    });
  }
  const chapters: ImportedChapter[] = present.has('chapters.vtt')
    ? parseChapters(await readFile(join(dir, 'chapters.vtt'), 'utf8'))
    : [];
  const files: ImportedFile[] = [];
  for (const path of paths) files.push({ path, ...(await hashFile(join(dir, path))) });
  return { durationSeconds, renditions, chapters, captions: present.has('captions.vtt'), files };
}

/** The total size of a description's files. */
export const folderBytes = (description: Pick<FolderDescription, 'files'>): number =>
  description.files.reduce((sum, f) => sum + f.bytes, 0);

/** True when `path` is a directory. */
export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
