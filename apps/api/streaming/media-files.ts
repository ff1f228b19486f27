import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { FastifyReply } from 'fastify';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
};

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

/** The file of `relative` inside `root`, or null when it would leave the folder. */
export function mediaPath(root: string, relative: string): string | null {
  const base = resolve(root);
  const file = resolve(base, relative);
  return file.startsWith(base + sep) ? file : null;
}

/**
 * Sends a media file, streamed from disk (never read whole): 200 with Accept-Ranges, 206 with
 * Content-Range for a satisfiable Range, 416 otherwise. Answers false when the file does not exist.
 */
export async function sendMediaFile(
  reply: FastifyReply,
  file: string,
  rangeHeader: string | undefined,
): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  const size = info.size;
  const range = parseRange(rangeHeader, size);
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
    .header('Cache-Control', 'private, no-store')
    .header('Last-Modified', info.mtime.toUTCString());
  if (range === 'unsatisfiable') {
    await reply.code(416).header('Content-Range', `bytes */${size}`).header('Content-Length', 0).send();
    return true;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
  else reply.code(200);
  reply.header('Content-Length', size === 0 ? 0 : end - start + 1);
  await reply.send(size === 0 ? '' : createReadStream(file, { start, end }));
  return true;
}
