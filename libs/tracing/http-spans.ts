import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

/**
 * Names each HTTP request's span by its route template (`POST /api/checkout/pay`, attribute
 * `http.route`), as the Fastify instrumentation would: that one patches `require('fastify')` and the
 * built shop's Nest imports `fastify` as an ES module, which it cannot patch (docs/operations.md, Traces).
 * With tracing off there is no active span and the hook does nothing.
 */
export function nameHttpSpans(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const span = trace.getActiveSpan();
    const route = request.routeOptions.url;
    if (span && route) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    done();
  });
}
