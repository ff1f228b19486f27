import { resolve } from 'node:path';

/**
 * The containers a source video may come in, as ffmpeg's demuxers: MP4/MOV, Matroska/WebM, AVI,
 * MPEG-TS and MPEG-PS, MXF, FLV. Never a format that opens further files (an HLS playlist, a concat
 * list, an image sequence): a playlist renamed `.mp4` would read whatever local file it names.
 */
export const SOURCE_FORMATS = ['mov', 'matroska', 'avi', 'mpegts', 'mpeg', 'mxf', 'flv'] as const;

/** What ffmpeg says when a file is of a format SOURCE_FORMATS leaves out. */
export const NOT_ON_WHITELIST = 'not on whitelist';

/**
 * ffmpeg's and ffprobe's arguments for reading an operator's source file: the file only (the `file:`
 * protocol, no other), as an absolute path (a name starting with `-` is never read as an option), and
 * only in one of SOURCE_FORMATS.
 */
export const sourceInput = (file: string): string[] => [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  SOURCE_FORMATS.join(','),
  '-i',
  `file:${resolve(file)}`,
];
