import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

/** Bodies remembered at most; past that the memo starts afresh (the catalog cache holds the bodies anyway). */
const MAX_REMEMBERED = 500;
/** Bodies shorter than this are hashed every time: remembering them costs more than hashing. */
const REMEMBER_FROM = 4096;

const tags = new Map<string, string>();

function hash(payload: string | Buffer): string {
  return createHash('sha1').update(payload).digest('base64url');
}

/**
 * The ETag value of a response body (without quotes). The catalog answers the same cached JSON text
 * again and again: its hash is computed once per text, not once per request.
 */
export function weakEtagOf(payload: string | Buffer): string {
  if (typeof payload !== 'string' || payload.length < REMEMBER_FROM) return hash(payload);
  const known = tags.get(payload);
  if (known !== undefined) return known;
  if (tags.size >= MAX_REMEMBERED) tags.clear();
  const tag = hash(payload);
  tags.set(payload, tag);
  return tag;
}

export type CachedEncoding = 'br' | 'gzip' | 'identity';
const negotiator = new Negotiator<CachedEncoding>({ supportedValues: ['br', 'gzip', 'identity'] });
const encoded = new Map<string, Partial<Record<CachedEncoding, Buffer>>>();

/** The encoding a client asks for (Accept-Encoding) among those the memo keeps: `identity` when none fits. */
export function cachedEncodingFor(acceptEncoding: string | undefined): CachedEncoding {
  return (acceptEncoding && negotiator.negotiate(acceptEncoding)) || 'identity';
}

/**
 * A public, cached response body as the bytes sent, made once per text and encoding: its UTF-8 bytes
 * (`identity`: a 36 KB string is otherwise encoded again on every write), or compressed at a high level
 * (paid once, not per request as @fastify/compress pays it). Bodies shorter than REMEMBER_FROM return
 * null: they go through the per-request path.
 */
export function encodedOnce(payload: string, encoding: CachedEncoding): Buffer | null {
  if (payload.length < REMEMBER_FROM) return null;
  let entry = encoded.get(payload);
  if (!entry) {
    if (encoded.size >= MAX_REMEMBERED) encoded.clear();
    entry = {};
    encoded.set(payload, entry);
  }
  entry[encoding] ??= encode(payload, encoding);
  return entry[encoding];
}

function encode(payload: string, encoding: CachedEncoding): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(payload, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
  }
  return encoding === 'gzip' ? gzipSync(payload, { level: 9 }) : Buffer.from(payload, 'utf8');
}
