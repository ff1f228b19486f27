import { createReadStream, existsSync, read } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { FastifyReply } from 'fastify';
import { type FileFacts, type OpenFiles, readAt } from './open-files.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.jpg': 'image/jpeg',
};

/** Bytes read from disk at a time: a whole HLS segment of a low rung in one read (fewer reads and writes per byte). */
const SEGMENT_CHUNK = 256 * 1024;
/** A range up to this long is read in one go into a buffer (a player's range of a video), not streamed. */
const READ_AT_ONCE = 64 * 1024;

/** The Content-Type of a media file by its extension (with the dot). */
export const contentTypeOf = (extension: string): string =>
  CONTENT_TYPES[extension.toLowerCase()] ?? 'application/octet-stream';

/** A byte range to send: both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The Range header (RFC 9110 section 14): one `bytes=a-b`, `bytes=a-` or `bytes=-n`. Answers null to
 * send the whole file (no header, another unit, or several ranges, which RFC 9110 lets a server
 * ignore), 'unsatisfiable' for a range outside the file or malformed (answered 416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return null;
  const spec = (match[1] ?? '').trim();
  if (spec.includes(',')) return null;
  const parts = /^(\d*)-(\d*)$/.exec(spec);
  if (!parts || (parts[1] === '' && parts[2] === '')) return 'unsatisfiable';
  if (parts[1] === '') {
    const suffix = Number(parts[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(parts[1]);
  const end = parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const known = new Map<string, boolean>();

/** Whether the media folder holds a file (remembered: captions are looked up on every video call). */
export function mediaFileExists(root: string, relative: string): boolean {
  const path = mediaPath(root, relative);
  const key = path ?? '';
  let exists = known.get(key);
  if (exists === undefined) {
    exists = path !== null && existsSync(path);
    if (known.size > 10_000) known.clear();
    known.set(key, exists);
  }
  return exists;
}

/** The captions file beside a video (`video/sample-1.mp4` -> `video/sample-1.vtt`). */
export const captionsFileOf = (video: string): string => video.replace(/\.[^./]+$/, '.vtt');

/** The file of `relative` inside `root`, or null when it would leave the folder. */
export function mediaPath(root: string, relative: string): string | null {
  const base = resolve(root);
  const file = resolve(base, relative);
  return file.startsWith(base + sep) ? file : null;
}

/** Told which bytes of a file an answer sent: from `start`, `bytes` of the file's `size`. */
export type SentBytes = (start: number, bytes: number, size: number) => void;

/**
 * Sends a media file from the descriptor `files` keeps open for it: 200 with Accept-Ranges, 206 with
 * Content-Range for a satisfiable Range, 416 otherwise. A range of at most READ_AT_ONCE bytes (a
 * player's range of a video) is one positional read into a buffer; anything longer is streamed, never
 * read whole. Answers false when the file does not exist.
 */
export async function sendMediaFile(
  reply: FastifyReply,
  file: string,
  rangeHeader: string | undefined,
  /** Told, once the answer's bytes were read, which bytes of the file it read (what was really sent, about). */
  sent: SentBytes | undefined,
  files: OpenFiles,
): Promise<boolean> {
  const open = await files.lease(file);
  if (!open) return false;
  let streaming = false;
  try {
    const size = open.facts.size;
    const range = parseRange(rangeHeader, size);
    reply
      .header('Accept-Ranges', 'bytes')
      .header('Content-Type', contentTypeOf(extname(file)))
      .header('Cache-Control', 'private, no-store')
      .header('Last-Modified', open.facts.mtime.toUTCString())
      // The file's own tag (its size and time, as web servers make it): the same for every range of it,
      // and no hash of the bytes sent (the ETag hook leaves an answer with a tag as it is).
      .header('ETag', `W/"${size.toString(16)}-${open.facts.mtime.getTime().toString(16)}"`);
    if (range === 'unsatisfiable') {
      await reply.code(416).header('Content-Range', `bytes */${size}`).header('Content-Length', 0).send();
      return true;
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    if (range) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
    else reply.code(200);
    const length = size === 0 ? 0 : end - start + 1;
    if (length <= READ_AT_ONCE) {
      const buffer = Buffer.allocUnsafe(length);
      const read = length === 0 ? 0 : await readAt(open.fd, buffer, start);
      open.release();
      if (length > 0) sent?.(start, read, size);
      await reply.header('Content-Length', read).send(buffer.subarray(0, read));
      return true;
    }
    reply.header('Content-Length', length);
    const stream = createReadStream(file, {
      fd: open.fd,
      start,
      end,
      highWaterMark: Math.min(length, SEGMENT_CHUNK),
      // The descriptor is the kept one: the stream's end (or its client leaving) releases it, never closes it.
      fs: { read, close: (_fd: number, done: (error: null) => void) => (open.release(), done(null)) },
    });
    streaming = true;
    if (sent) {
      // 'end': everything asked was read (and handed on); a 'close' before it: the client left early.
      let ended = false;
      stream.once('end', () => {
        ended = true;
        sent(start, length, size);
      });
      stream.once('close', () => {
        if (!ended) sent(start, stream.bytesRead, size);
      });
    }
    await reply.send(stream);
    return true;
  } finally {
    if (!streaming) open.release();
  }
}

/**
 * MEDIA_ACCEL_REDIRECT: the answer names the file for the web server in front (`X-Accel-Redirect: uri`,
 * no body), which sends it from its internal location with Range, 206 and 416 itself. The shop still
 * looks the file up (its size; 404 when absent) and tells `sent` the range it handed over (the whole file without a
 * Range): nginx sends it to the client unless the client leaves first.
 */
export async function accelRedirect(
  reply: FastifyReply,
  file: string,
  uri: string,
  rangeHeader: string | undefined,
  sent: SentBytes | undefined,
  factsOf: (file: string) => Promise<FileFacts | null>,
): Promise<boolean> {
  const info = await factsOf(file);
  if (!info) return false;
  const range = parseRange(rangeHeader, info.size);
  if (sent && range !== 'unsatisfiable' && info.size > 0) {
    const { start, end } = range ?? { start: 0, end: info.size - 1 };
    sent(start, end - start + 1, info.size);
  }
  // Content-Type and Cache-Control are the ones nginx keeps from this answer for the file it sends.
  await reply
    .code(200)
    .header('X-Accel-Redirect', uri)
    .header('Content-Type', contentTypeOf(extname(file)))
    .header('Cache-Control', 'private, no-store')
    .header('Content-Length', 0)
    .send('');
  return true;
}

const durations = new Map<string, Promise<number | null>>();

/**
 * The duration in seconds of an MP4 file, from its movie header (`moov/mvhd`, wherever `moov` sits),
 * remembered per file; null when the file is not a readable MP4. A progressive title's length.
 */
export function mp4Duration(file: string): Promise<number | null> {
  let known = durations.get(file);
  if (!known) {
    known = readMp4Duration(file).catch(() => null);
    if (durations.size > 1000) durations.clear();
    durations.set(file, known);
  }
  return known;
}

async function readMp4Duration(file: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (at: number, length: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, at);
      return buffer.subarray(0, bytesRead);
    };
    /** The boxes between `from` and `to`: [type, start of the payload, end]. */
    const find = async (type: string, from: number, to: number): Promise<[number, number] | null> => {
      for (let at = from; at + 8 <= to;) {
        const head = await read(at, 16);
        if (head.length < 8) return null;
        let length = head.readUInt32BE(0);
        let payload = at + 8;
        if (length === 1) {
          length = Number(head.readBigUInt64BE(8));
          payload = at + 16;
        } else if (length === 0) length = to - at;
        if (length < 8) return null;
        if (head.toString('latin1', 4, 8) === type) return [payload, at + length];
        at += length;
      }
      return null;
    };
    const moov = await find('moov', 0, size);
    const mvhd = moov && (await find('mvhd', moov[0], moov[1]));
    if (!mvhd) return null;
    const header = await read(mvhd[0], 32);
    const v1 = header[0] === 1;
    const timescale = header.readUInt32BE(v1 ? 20 : 12);
    const units = v1 ? Number(header.readBigUInt64BE(24)) : header.readUInt32BE(16);
    return timescale > 0 ? units / timescale : null;
  } finally {
    await handle.close();
  }
}
