import type { ImportedChapter } from '#libs/domain/streaming/video-media.js';
import type { ThumbnailGrid } from './ladder.js';

/**
 * The WebVTT files of a media folder (docs/media.md): chapters read from an operator's file (WebVTT
 * chapters, or lines `H:MM:SS Title` / `M:SS Title`) and written as chapters.vtt, captions checked,
 * the thumbnail track written. Pure: text in, text out; a refusal is a ChapterProblem/CaptionsProblem
 * message the caller puts on one line with the file's name.
 */

/** `HH:MM:SS.mmm`, as WebVTT writes a cue time. */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** A cue time (`HH:MM:SS.mmm` or `MM:SS.mmm`) in seconds, or null. */
export function parseVttTime(text: string): number | null {
  const match = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000;
}

const BOM = '\uFEFF';
const WEBVTT_HEADER = /^WEBVTT(?:[ \t].*)?$/;

/** True when the text opens as WebVTT requires: `WEBVTT` alone or followed by a space or tab, on the first line. */
export function isWebVtt(text: string): boolean {
  const first = text.replace(BOM, '').split(/\r?\n/, 1)[0] ?? '';
  return WEBVTT_HEADER.test(first);
}

export class MediaTextProblem extends Error {}

/** Refuses captions that are not WebVTT: a player shows nothing of them, so the import should not pretend. */
export function checkCaptions(text: string): void {
  if (!isWebVtt(text)) throw new MediaTextProblem('is not WebVTT (the first line must be WEBVTT)');
  if (!/-->/.test(text)) throw new MediaTextProblem('holds no caption cue (no "start --> end" line)');
}

const MAX_TITLE = 200;
/** `H:MM:SS Title` (minutes and seconds two digits) or `M:SS Title`, optional milliseconds. */
const LINE = /^(?:(\d+):([0-5]\d)|(\d+)):([0-5]\d)(?:\.(\d{1,3}))?\s+(\S.*)$/;

function chaptersFromLines(text: string): ImportedChapter[] {
  const chapters: ImportedChapter[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(BOM, '').trim();
    if (line === '' || line.startsWith('#')) return;
    const match = LINE.exec(line);
    if (!match) {
      throw new MediaTextProblem(`line ${index + 1} is not "H:MM:SS Title" or "M:SS Title": ${line.slice(0, 60)}`);
    }
    const [, hours, minutesWithHours, minutes, seconds, fraction, title] = match;
    const start =
      Number(hours ?? 0) * 3600 +
      Number(minutesWithHours ?? minutes) * 60 +
      Number(seconds) +
      Number(`0.${fraction ?? '0'}`);
    chapters.push({ start, title: title!.trim() });
  });
  return chapters;
}

function chaptersFromVtt(text: string): ImportedChapter[] {
  const chapters: ImportedChapter[] = [];
  // Blocks are separated by blank lines; a cue block holds a timing line, its text follows it.
  const blocks = text.replace(BOM, '').split(/\r?\n(?:[ \t]*\r?\n)+/);
  for (const block of blocks.slice(1)) {
    const lines = block.split(/\r?\n/);
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing < 0) continue; // NOTE, STYLE or REGION blocks
    const start = parseVttTime(lines[timing]!.split('-->')[0]!);
    if (start === null) throw new MediaTextProblem(`has a bad cue time: ${lines[timing]!.slice(0, 60)}`);
    const title = lines
      .slice(timing + 1)
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' ');
    chapters.push({ start, title });
  }
  return chapters;
}

/**
 * Reads an operator's chapters file: WebVTT chapters (each cue's start and text), or one chapter per
 * line as `H:MM:SS Title` / `M:SS Title` (blank lines and `#` comments skipped). Refuses an empty
 * list, a chapter without a title or too long a title, and starts that do not increase.
 */
export function parseChapters(text: string): ImportedChapter[] {
  const chapters = isWebVtt(text) ? chaptersFromVtt(text) : chaptersFromLines(text);
  if (chapters.length === 0) throw new MediaTextProblem('lists no chapter');
  chapters.forEach((chapter, i) => {
    if (chapter.title === '') throw new MediaTextProblem(`chapter ${i + 1} has no title`);
    if (chapter.title.length > MAX_TITLE) {
      throw new MediaTextProblem(`chapter ${i + 1}'s title is longer than ${MAX_TITLE} characters`);
    }
    const previous = chapters[i - 1];
    if (previous && chapter.start <= previous.start) {
      throw new MediaTextProblem(`chapter ${i + 1} (${vttTime(chapter.start)}) does not start after chapter ${i}`);
    }
  });
  return chapters;
}

/** Refuses a chapter that starts at or after the end of the video (known once the source is probed). */
export function checkChaptersFit(chapters: readonly ImportedChapter[], durationSeconds: number): void {
  const late = chapters.findIndex((c) => c.start >= durationSeconds);
  if (late >= 0) {
    throw new MediaTextProblem(
      `chapter ${late + 1} starts at ${vttTime(chapters[late]!.start)}, after the video's end (${vttTime(durationSeconds)})`,
    );
  }
}

/** Cue text must not end the cue early: a title's line breaks and "-->" are flattened. */
const cueText = (text: string): string => text.replace(/\s+/g, ' ').replace(/-->/g, '->');

/** chapters.vtt: each chapter runs to the next one's start, the last to the end of the video. */
export function chaptersVtt(chapters: readonly ImportedChapter[], durationSeconds: number): string {
  const cues = chapters.map((chapter, i) => {
    const end = chapters[i + 1]?.start ?? durationSeconds;
    return `${i + 1}\n${vttTime(chapter.start)} --> ${vttTime(end)}\n${cueText(chapter.title)}\n`;
  });
  return `WEBVTT\n\n${cues.join('\n')}`;
}

/** thumbnails.vtt: a cue per picture of the sprite, `thumbnails.jpg#xywh=x,y,w,h` (relative to the folder). */
export function thumbnailsVtt(grid: ThumbnailGrid, durationSeconds: number, sprite = 'thumbnails.jpg'): string {
  const cues: string[] = [];
  for (let i = 0; i < grid.count; i++) {
    const start = i * grid.interval;
    const end = Math.min((i + 1) * grid.interval, durationSeconds);
    if (end <= start) break;
    const x = (i % grid.columns) * grid.width;
    const y = Math.floor(i / grid.columns) * grid.height;
    cues.push(`${vttTime(start)} --> ${vttTime(end)}\n${sprite}#xywh=${x},${y},${grid.width},${grid.height}\n`);
  }
  return `WEBVTT\n\n${cues.join('\n')}`;
}
