import { BadRequestException } from '@nestjs/common';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import helmet from 'helmet';
import { CME_PDF_MAX_BYTES } from '#libs/contracts/cme.js';
import type { ErrorBody } from '#libs/contracts/errors.js';
import { cachedEncodingFor, encodedOnce, weakEtagOf } from './http-caching.js';
import { requestIdOf } from './http-logging.js';
import type { PublicAnswers } from './public-answers.js';

/** Every answer of the API that does not declare a public cache itself (the catalog does): never stored. */
export const NO_STORE = 'no-store';
/** Vite's content-hashed build output (web/dist/assets/name-HASH.ext): never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the SPA fallback: revalidated on every load (ETag), so a new build shows at once. */
export const REVALIDATE = 'no-cache';
/** Other files of the web app (product images, sample videos): an hour, then revalidated. */
export const STATIC_FILE = 'public, max-age=3600';

const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;
const HSTS = 'max-age=31536000; includeSubDomains';
/** Largest request body accepted (413 above), as under Express: the API takes small JSON commands only. */
const BODY_LIMIT = 100 * 1024;

/**
 * The Content-Security-Policy the web app runs under (docs/api.md, "HTTP layer"). Everything comes from
 * the shop's own origin; `style-src 'unsafe-inline'` because MUI/emotion and index.html insert <style>
 * elements at run time (a nonce would need a per-response index.html and an emotion cache nonce).
 * `blob:` for media and workers: hls.js plays through Media Source Extensions (the video's source is a
 * blob: URL of the MediaSource) and transmuxes in a worker it starts from a blob: URL of its own code.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'media-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** What the CSP must let in for Stripe.js (PAYMENT_GATEWAY=stripe): its script, its API, its frames. */
export interface StripeSources {
  /** The Stripe.js address the browser loads (stripeScriptUrl). */
  scriptUrl: string;
  /** The API Stripe.js calls: api.stripe.com, or the stand-in's (STRIPE_API_BASE). */
  apiBase: string;
}

/**
 * The CSP with Stripe.js allowed, as Stripe's CSP guide asks: its script, the frames of its card fields
 * and of 3-D Secure (js.stripe.com, hooks.stripe.com), its API. A stand-in (localstripe) serves the
 * script and the API from its own origin. Without Stripe: the shop's own origin only.
 */
export function contentSecurityPolicy(stripe: StripeSources | null): Record<string, string[]> {
  if (stripe === null) return CONTENT_SECURITY_POLICY;
  const script = new URL(stripe.scriptUrl).origin;
  const api = new URL(stripe.apiBase).origin;
  const real = script === 'https://js.stripe.com';
  const with_ = (name: string, ...sources: string[]) => [
    ...(CONTENT_SECURITY_POLICY[name] ?? ["'self'"]),
    ...new Set(sources),
  ];
  return {
    ...CONTENT_SECURITY_POLICY,
    'script-src': with_('script-src', script, ...(real ? ['https://*.js.stripe.com'] : [])),
    'frame-src': with_('frame-src', script, ...(real ? ['https://*.js.stripe.com', 'https://hooks.stripe.com'] : [])),
    'connect-src': with_('connect-src', api),
    'img-src': with_('img-src', ...(real ? ['https://*.stripe.com'] : [])),
  };
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`: `true`/`false`, a hop count, or addresses, CIDRs and the
 * proxy-addr names `loopback`, `linklocal`, `uniquelocal` (comma-separated), as Express read it before.
 */
export function trustProxyOption(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false' || trimmed === '') return false;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return (_address, hop) => hop < hops;
  }
  return trimmed.split(',').map((part) => part.trim());
}

export const BAD_ADDRESS = 'The address is not valid: a part of its path is malformed or too long.';

/**
 * The Fastify server under Nest: which proxies to trust (TRUST_PROXY) and the request id of each
 * request. An address the router cannot read (broken percent-encoding, a path part over Fastify's
 * 100-character limit) is answered before any route runs: 400 with the one error body, not Fastify's
 * own 414 or body.
 */
export function createFastifyAdapter(trustProxy: string): FastifyAdapter {
  return new FastifyAdapter({
    trustProxy: trustProxyOption(trustProxy),
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT,
    frameworkErrors: (_error: Error, _request: FastifyRequest, reply: FastifyReply) => {
      const body: ErrorBody = { statusCode: 400, error: BAD_ADDRESS, message: [BAD_ADDRESS], ERROR: BAD_ADDRESS };
      void reply.code(400).header('content-type', 'application/json; charset=utf-8').send(body);
    },
  });
}

export const INVALID_JSON = 'The request body is not valid JSON.';
export const NOT_AN_OBJECT = 'The request body must be a JSON object.';

/**
 * JSON bodies as the API read them under Express: an empty body (a DELETE or POST with a JSON content
 * type and nothing to send) is `{}`; anything else goes through Fastify's JSON parser, which refuses
 * `__proto__` and `constructor` keys, and must be an object (400 NOT_AN_OBJECT otherwise).
 */
function registerJsonParser(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', { bodyLimit: BODY_LIMIT }, (request, body, done) => {
    if (body.length === 0) {
      done(null, {});
      return;
    }
    parseJson(request, body.toString('utf8'), (error, parsed) => {
      if (error) done(new BadRequestException(INVALID_JSON), undefined);
      // Every body of the API is an object: `null`, a number or an array is refused too.
      else if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        done(new BadRequestException(NOT_AN_OBJECT), undefined);
      } else done(null, parsed);
    });
  });
}

/**
 * The security headers of every answer, as `helmet` sets them with the options below. They do not
 * depend on the request (no nonce), so helmet runs once at start-up against a recording response and
 * each answer gets the recorded headers (running its middleware per request costs a few percent of a
 * catalog request).
 */
export function securityHeaders(stripe: StripeSources | null = null): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(stripe) },
    // Strict-Transport-Security only on answers that went out over TLS (the onSend hook below).
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  const recorded: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      recorded[name] = String(value);
    },
    removeHeader: () => undefined,
  };
  let failure: unknown;
  // The recorder stands in for the ServerResponse: helmet only calls setHeader and removeHeader on it.
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return recorded;
}

export interface HttpLayerOptions {
  /** The built web app (web/dist) to serve with the SPA fallback, or null (API only). */
  webRoot: string | null;
  /** With PAYMENT_GATEWAY=stripe: the Stripe.js sources the CSP lets in; else null. */
  stripe?: StripeSources | null;
  /** Where the public answers the pipeline gives are kept, to be answered again before it. */
  publicAnswers?: PublicAnswers;
}

/** `/api` and everything under it: the JSON API, never the web app. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The Cache-Control of a file of the web app, by its URL path. */
export function staticCacheControl(urlPath: string): string {
  if (HASHED_ASSET.test(urlPath)) return IMMUTABLE;
  if (urlPath === '/' || urlPath.endsWith('.html')) return REVALIDATE;
  return STATIC_FILE;
}

/**
 * Security headers, ETags, compression, API cache policy and (embedded mode) the web app with its SPA
 * fallback, on the Fastify instance under Nest. Call before `app.init()`: the compression plugin hooks
 * into every route as it is registered.
 */
export async function registerHttpLayer(app: NestFastifyApplication, options: HttpLayerOptions): Promise<void> {
  registerJsonParser(app);
  // The one binary upload: a CME certificate checked against the PDF issued, read as bytes (sent as
  // application/pdf, or as plain bytes by a client that does not name the type).
  for (const type of ['application/pdf', 'application/octet-stream']) {
    app.useBodyParser<RawServerDefault>(type, { bodyLimit: CME_PDF_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
  }
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const headers = securityHeaders(options.stripe ?? null);
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Weak ETags: the same tag stands for the plain and the compressed representation.
  await app.register(fastifyEtag, { weak: true, hashFn: weakEtagOf });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    reply.header('X-Request-Id', request.id);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    const cacheControl = reply.getHeader('cache-control');
    if (cacheControl === undefined) {
      if (isApiPath(request.url)) reply.header('Cache-Control', NO_STORE);
    } else if (typeof payload === 'string' && String(cacheControl).startsWith('public')) {
      if (isApiPath(request.url)) options.publicAnswers?.remember(request, reply, payload);
      // A public catalog answer is the same cached text for everyone: encoded (and compressed) once, not
      // per request. This hook runs before the per-route one of @fastify/compress, which then leaves it be.
      const encoding = cachedEncodingFor(request.headers['accept-encoding']);
      const body = encodedOnce(payload, encoding);
      if (body !== null) {
        if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
        reply.header('Content-Length', body.length).header('Vary', 'Accept-Encoding');
        done(null, body);
        return;
      }
    }
    done(null, payload);
  });

  if (options.webRoot && existsSync(options.webRoot)) await registerWebApp(app, options.webRoot);
}

/**
 * The built web app: every file under its own URL (listed at start-up), and for any other GET outside
 * /api the app's index.html (deep links such as /product/215). Unknown /api paths fall through to
 * Nest's 404.
 */
async function registerWebApp(app: NestFastifyApplication, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply: FastifyReply, path: string) => {
      const urlPath = path.slice(root.length).split('\\').join('/');
      reply.header('Cache-Control', staticCacheControl(urlPath));
    },
  });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  fastify.get('/*', (request, reply) => {
    if (isApiPath(request.url)) return reply.callNotFound();
    return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
  });
}
