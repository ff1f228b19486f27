import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#libs/config/config.js';
import { bearerMatches } from '#libs/metrics/metrics-access.js';
import { METRICS_CONTENT_TYPE, countHttpRequest, metricsText } from '#libs/metrics/metrics.js';

/** The route label of a request no route matched: one value, so stray paths cannot grow the label set. */
export const UNMATCHED_ROUTE = '(unmatched)';
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Who may read GET /metrics on the public port (docs/operations.md, Metrics). */
export type MetricsAccess = 'token' | 'loopback' | 'off';

/**
 * METRICS_PORT set: /metrics is served there, not here (off). METRICS_TOKEN set: here, with its Bearer
 * header. Neither: off in production; on this machine only (loopback callers) otherwise, so the demo
 * (`npm start`) can be looked at with curl and nobody else reads it.
 */
export function metricsAccess(config: Pick<Config, 'METRICS_PORT' | 'METRICS_TOKEN' | 'NODE_ENV'>): MetricsAccess {
  if (config.METRICS_PORT !== undefined) return 'off';
  if (config.METRICS_TOKEN !== undefined) return 'token';
  return config.NODE_ENV === 'production' ? 'off' : 'loopback';
}

/**
 * Counts every answer by route template (`request.routeOptions.url`), method and status, with its
 * latency, and serves GET /metrics as `metricsAccess` decides (404 when off or not allowed from here,
 * 401 without the right token). Call before `app.init()`.
 */
export function registerHttpMetrics(fastify: FastifyInstance, config: Config): void {
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    countHttpRequest(
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const access = metricsAccess(config);
  // Registered even when off: the web app's fallback would otherwise answer /metrics with its page.
  fastify.get('/metrics', async (request, reply) => {
    if (access === 'off' || (access === 'loopback' && !LOOPBACK.test(request.ip))) return reply.callNotFound();
    if (access === 'token' && !bearerMatches(request.headers.authorization, config.METRICS_TOKEN!)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized\n');
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type(METRICS_CONTENT_TYPE)
      .send(await metricsText());
  });
}
