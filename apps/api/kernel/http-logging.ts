import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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

/** pino-http's request serializer: the standard fields, with the URL redacted and no parsed query. */
export function requestLogSerializer(request: { url?: string; query?: unknown }): Record<string, unknown> {
  return { ...request, url: request.url === undefined ? undefined : redactUrl(request.url), query: undefined };
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
 * The request log (pino-http under nestjs-pino): one JSON line per /api request with the request's id
 * (Fastify's, from `requestIdOf`; the HTTP layer echoes it as X-Request-Id). No credential reaches a
 * line: the Authorization header, cookies and query tokens (a guest's receipt link) are redacted.
 */
export function httpLogOptions(level: string): Options {
  return {
    level,
    // Every line written while a request (or a context of its own) runs names its correlation id.
    mixin: correlationIdMixin,
    genReqId: (req) => (typeof req.id === 'string' ? req.id : requestIdOf(req)),
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: requestLogSerializer },
    // Under Fastify the middleware sees `url` without the matched prefix; `originalUrl` is the request's.
    autoLogging: { ignore: (req) => !urlOf(req).startsWith('/api') },
  };
}
