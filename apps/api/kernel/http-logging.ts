import { randomUUID } from 'node:crypto';
import { openSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import type { Options } from 'pino-http';
import { correlationIdMixin } from './request-context.js';

/** Query parameters whose values never reach a log line (a guest's receipt token, any other token). */
const SECRET_PARAMETER = /([?&][^=&#]*(?:token|tolken)[^=&#]*=)[^&#]*/gi;

/** A playback's token in the path of its media (`/api/hls/{token}/...`). */
const PLAYBACK_TOKEN = /^(\/api\/hls\/)[^/?#]+/i;

/**
 * The URL as a log line may show it: the value of every `*token*` (and `tolken`, the mail links' name)
 * query parameter replaced, and a playback's token in a media path.
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETER, '$1[REDACTED]').replace(PLAYBACK_TOKEN, '$1[REDACTED]');
}

/** The request's URL as the client sent it (@fastify/middie strips the middleware's path from `url`). */
function urlOf(req: IncomingMessage & { originalUrl?: string }): string {
  return req.originalUrl ?? req.url ?? '';
}

/** A request's id: the caller's X-Request-Id (up to 200 characters) or a new uuid. Fastify's `genReqId`. */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const asked = req.headers['x-request-id'];
  return typeof asked === 'string' && asked.length > 0 && asked.length <= 200 ? asked : randomUUID();
}

/**
 * A request as its log line shows it: id, method and the redacted URL. No headers (they cost a fifth of
 * a small route's throughput to serialise and they carry the credentials), no parsed query.
 */
export function requestLogSerializer(req: IncomingMessage & { id?: unknown; originalUrl?: string }): RequestLine {
  return { id: req.id, method: req.method, url: redactUrl(urlOf(req)) };
}

/** A response as its log line shows it: the status only (no headers: Set-Cookie never reaches a line). */
export function responseLogSerializer(res: ServerResponse): { statusCode: number } {
  return { statusCode: res.statusCode };
}

interface RequestLine {
  id: unknown;
  method: string | undefined;
  url: string;
}

/**
 * The request log (pino-http under nestjs-pino): one JSON line per /api request with the request's id
 * (Fastify's, from `requestIdOf`; the HTTP layer echoes it as X-Request-Id), method, redacted URL,
 * status and response time. Lean on purpose: no headers, so no credential (Authorization, cookies)
 * can reach a line, and query tokens (a guest's receipt link) are redacted.
 */
/**
 * Whether a request gets an access line: /api calls, except a playback's media (`/api/hls/...`), asked
 * every few seconds by each player: those are counted in the metrics (route, status, latency), their
 * errors still logged, and in production a CDN's logs carry them (docs/performance.md).
 */
export function accessLogged(url: string): boolean {
  return url.startsWith('/api') && !url.startsWith('/api/hls/');
}

export function httpLogOptions(level: string): Options {
  return {
    level,
    // Every line written while a request (or a context of its own) runs names its correlation id.
    mixin: correlationIdMixin,
    genReqId: (req) => (typeof req.id === 'string' ? req.id : requestIdOf(req)),
    // The serializers get the raw request and response: pino-std-serializers' wrappers would first copy
    // every header into an object the lean serializers then drop.
    wrapSerializers: false,
    serializers: { req: requestLogSerializer, res: responseLogSerializer },
    // Under Fastify the middleware sees `url` without the matched prefix; `originalUrl` is the request's.
    autoLogging: { ignore: (req) => !accessLogged(urlOf(req)) },
  };
}

/**
 * The access line of an answer given from a Fastify hook before Nest's request logger runs (a kept
 * public answer, the media fast path), in the shape of pino-http's lines.
 */
export function logAnsweredEarly(log: pino.Logger, request: FastifyRequest, reply: FastifyReply): void {
  if (!log.isLevelEnabled('info')) return;
  log.info(
    {
      req: { id: request.id, method: request.method, url: redactUrl(request.url) },
      correlationId: request.id,
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime),
    },
    'request completed',
  );
}

/** How long a stop waits for the log lines still queued to be written. */
const FLUSH_TIMEOUT_MS = 2000;

/** The destination of the newest shop started in this process (see `requestLogStream`). */
let newestDestination: pino.DestinationStream | null = null;

/**
 * What the request logger writes to. nestjs-pino builds its pino-http instance once per process, with
 * the first shop's destination; a later shop in the same process (the bench, the tests) would write to
 * a destination already closed. This stream forwards each line to the newest shop's destination.
 */
export const requestLogStream: pino.DestinationStream = {
  write(line: string) {
    newestDestination?.write(line);
  },
};

/** The shop's log destination: where every line (requests and the rest) goes, and its flush at stop. */
export interface LogDestination {
  stream: pino.DestinationStream;
  /** Resolves once every line written so far has reached the file or stdout (or after 2 s). */
  flush(): Promise<void>;
}

/**
 * An asynchronous, buffered destination (sonic-boom): a request never waits for its line's write, and
 * lines leave together, in writes of 4 KB or once a second. Stdout, or a file appended to.
 */
export function createLogDestination(file?: string): LogDestination {
  // A file opened here, synchronously, so the destination is ready at once (and can be flushed at once).
  const stream = pino.destination({
    dest: file === undefined ? 1 : openSync(file, 'a'),
    sync: false,
    // Lines leave in writes of 4 KB or more (one system call for a few dozen lines), and at least once a second.
    minLength: 4096,
    periodicFlush: 1000,
  });
  newestDestination = stream;
  return {
    stream,
    async flush() {
      const flushed = new Promise<void>((resolve) => stream.flush(() => resolve()));
      await Promise.race([flushed, setTimeout(FLUSH_TIMEOUT_MS, undefined, { ref: false })]);
      if (file !== undefined) stream.end();
    },
  };
}
