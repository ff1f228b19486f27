import { thumbnailGrid } from './ladder.js';
import {
  checkCaptions,
  checkChaptersFit,
  chaptersVtt,
  isWebVtt,
  MediaTextProblem,
  parseChapters,
  parseVttTime,
  thumbnailsVtt,
  vttTime,
} from './webvtt.js';

const problem = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    if (error instanceof MediaTextProblem) return error.message;
    throw error;
  }
  throw new Error('no problem found');
};

describe('chapter files', () => {
  it('reads lines of H:MM:SS Title and M:SS Title, skipping blank lines and comments', () => {
    const text = '# Table of contents\n0:00 Positioning\n\n4:05 Incision and exposure\n1:02:03.5  Closure  \n';
    expect(parseChapters(text)).toEqual([
      { start: 0, title: 'Positioning' },
      { start: 245, title: 'Incision and exposure' },
      { start: 3723.5, title: 'Closure' },
    ]);
  });

  it('reads WebVTT chapters: each cue is a chapter (identifiers, NOTE blocks and BOM allowed)', () => {
    const text =
      '\uFEFFWEBVTT - chapters\n\nNOTE made by hand\n\nintro\n00:00.000 --> 00:08.000\nPositioning\n\n' +
      '00:00:08.000 --> 00:01:00.000 align:start\nIncision\nand exposure\n';
    expect(parseChapters(text)).toEqual([
      { start: 0, title: 'Positioning' },
      { start: 8, title: 'Incision and exposure' },
    ]);
  });

  it('refuses a line it cannot read, naming its number', () => {
    expect(problem(() => parseChapters('0:00 Start\nfive minutes in: Closure\n'))).toMatch(/^line 2 is not/);
    expect(problem(() => parseChapters('1:60 Bad seconds'))).toMatch(/^line 1 is not/);
    expect(problem(() => parseChapters('1:2:03 One-digit minutes after hours'))).toMatch(/^line 1 is not/);
  });

  it('refuses an empty list, starts that do not increase and overlong titles', () => {
    expect(problem(() => parseChapters('# nothing\n'))).toBe('lists no chapter');
    expect(problem(() => parseChapters('WEBVTT\n'))).toBe('lists no chapter');
    expect(problem(() => parseChapters('0:10 B\n0:05 A'))).toMatch(
      /^chapter 2 \(00:00:05.000\) does not start after chapter 1/,
    );
    expect(problem(() => parseChapters('0:10 B\n0:10 A'))).toMatch(/^chapter 2/);
    expect(problem(() => parseChapters(`0:00 ${'x'.repeat(201)}`))).toMatch(/longer than 200/);
    expect(problem(() => parseChapters('WEBVTT\n\n00:00.000 --> 00:01.000\n\n'))).toBe('chapter 1 has no title');
  });

  it('refuses a chapter starting at or after the end of the video', () => {
    const chapters = parseChapters('0:00 A\n0:30 B');
    expect(() => checkChaptersFit(chapters, 31)).not.toThrow();
    expect(problem(() => checkChaptersFit(chapters, 30))).toMatch(
      /^chapter 2 starts at 00:00:30.000, after the video's end/,
    );
  });

  it('writes chapters.vtt where each chapter runs to the next, the last to the end, and reads it back', () => {
    const chapters = [
      { start: 0, title: 'Positioning' },
      { start: 8.25, title: 'Incision --> exposure' },
    ];
    const vtt = chaptersVtt(chapters, 36);
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:08.250\nPositioning\n\n2\n00:00:08.250 --> 00:00:36.000\nIncision -> exposure\n',
    );
    expect(parseChapters(vtt)).toEqual([chapters[0], { start: 8.25, title: 'Incision -> exposure' }]);
  });
});

describe('WebVTT times, captions and thumbnails', () => {
  it('formats and reads cue times', () => {
    expect(vttTime(3723.5)).toBe('01:02:03.500');
    expect(vttTime(0.0004)).toBe('00:00:00.000');
    expect(parseVttTime('01:02:03.500')).toBe(3723.5);
    expect(parseVttTime('02:03.250')).toBe(123.25);
    expect(parseVttTime('2:03')).toBeNull();
  });

  it('accepts captions that start with WEBVTT and hold a cue, refuses others', () => {
    expect(isWebVtt('WEBVTT\n')).toBe(true);
    expect(isWebVtt('\uFEFFWEBVTT Kind: captions\n')).toBe(true);
    expect(isWebVtt('WEBVTTX\n')).toBe(false);
    expect(isWebVtt('1\n00:00:00,000 --> 00:00:01,000\nSRT\n')).toBe(false);
    expect(() => checkCaptions('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n')).not.toThrow();
    expect(problem(() => checkCaptions('1\n00:00:00,000 --> 00:00:01,000\nSRT\n'))).toMatch(/^is not WebVTT/);
    expect(problem(() => checkCaptions('WEBVTT\n'))).toMatch(/^holds no caption cue/);
  });

  it('writes one thumbnail cue per picture with its place in the sprite, the last cut at the end', () => {
    const grid = thumbnailGrid(25, { width: 1920, height: 1080 });
    expect(grid).toEqual({ interval: 2, count: 13, columns: 10, rows: 2, width: 160, height: 90 });
    const cues = thumbnailsVtt(grid, 25).split('\n\n').slice(1);
    expect(cues).toHaveLength(13);
    expect(cues[0]).toBe('00:00:00.000 --> 00:00:02.000\nthumbnails.jpg#xywh=0,0,160,90');
    expect(cues[10]).toBe('00:00:20.000 --> 00:00:22.000\nthumbnails.jpg#xywh=0,90,160,90');
    expect(cues[12]).toBe('00:00:24.000 --> 00:00:25.000\nthumbnails.jpg#xywh=320,90,160,90\n');
  });
});
