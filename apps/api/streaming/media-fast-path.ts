import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pino from 'pino';
import { accessLogged, logAnsweredEarly } from '../kernel/http-logging.js';
import type { MediaServing } from './media-serving.js';

type Params = Partial<Record<string, string>>;
type Answer = (serving: MediaServing, p: Params, request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

const header = (request: FastifyRequest, name: 'range' | 'cookie'): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};
const tokenOf = (request: FastifyRequest): string | undefined => {
  const token = (request.query as Params | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
};
const signed = (parts: (string | undefined)[], request: FastifyRequest): [string[], string | undefined] | null =>
  parts.every((part) => part !== undefined) ? [parts as string[], tokenOf(request)] : null;

/** The media routes (their templates, as Nest registers them under /api) and their fast answers. */
const ROUTES: Readonly<Record<string, Answer>> = {
  '/api/media/:folder/:file': (serving, p, request, reply) => {
    const asked = signed([p.folder, p.file], request);
    return asked ? serving.signedCached(...asked, header(request, 'cookie'), header(request, 'range'), reply) : no;
  },
  '/api/media/:folder/:sub/:file': (serving, p, request, reply) => {
    const asked = signed([p.folder, p.sub, p.file], request);
    return asked ? serving.signedCached(...asked, header(request, 'cookie'), header(request, 'range'), reply) : no;
  },
  '/api/hls/:token/:file': (serving, p, request, reply) =>
    p.token === undefined || p.file === undefined
      ? no
      : serving.playbackCached(p.token, null, p.file, header(request, 'cookie'), header(request, 'range'), reply),
  '/api/hls/:token/:rendition/:file': (serving, p, request, reply) =>
    p.token === undefined || p.rendition === undefined || p.file === undefined
      ? no
      : serving.playbackCached(
          p.token,
          p.rendition,
          p.file,
          header(request, 'cookie'),
          header(request, 'range'),
          reply,
        ),
};
const no = Promise.resolve(false);

const answeredHere = Symbol('answered by the media fast path');
type MarkedRequest = FastifyRequest & { [answeredHere]?: true };

/**
 * The media fast path (issue 32): a GET of a media route whose authorisation is already known (a
 * playback's lease checked in the last 5 s, a signed URL's token, cookie and access checked in the
 * last 5 s) is answered from the first Fastify hook, before Nest's middleware, guards, pipes and
 * interceptors: a map look-up, a `stat` and the file's stream (or its X-Accel-Redirect). Everything
 * else (the first request of a lease, every refusal, a file not found, a bad path) goes on to the Nest
 * route, which checks in full, answers errors in the API's error shape and is what the OpenAPI document
 * describes. Answers here carry the same security headers, go through the same onSend hooks (X-Request-Id)
 * and metrics (the route template is known before the first hook), and write the same access line.
 * Register before Nest initialises (its middleware runs from a later onRequest hook), `attach` once
 * the app exists; until then every request goes to Nest.
 */
export class MediaFastPath {
  private serving: MediaServing | null = null;

  attach(serving: MediaServing): void {
    this.serving = serving;
  }

  register(fastify: FastifyInstance, securityHeaders: Record<string, string>, log: pino.Logger): void {
    fastify.addHook('onRequest', (request: MarkedRequest, reply, done) => {
      const serving = this.serving;
      const route = request.method === 'GET' ? request.routeOptions.url : undefined;
      const answer = route === undefined ? undefined : ROUTES[route];
      if (!serving || !answer) {
        done();
        return;
      }
      request[answeredHere] = true;
      reply.headers(securityHeaders);
      answer(serving, request.params as Params, request, reply).then(
        (answered) => {
          if (answered) return;
          request[answeredHere] = undefined;
          done();
        },
        (error: unknown) => {
          if (!reply.sent) {
            // Nothing sent yet: the Nest route answers it (and its error filter renders any fault).
            request[answeredHere] = undefined;
            done();
          } else log.warn({ err: error instanceof Error ? error.message : String(error) }, 'media answer failed');
        },
      );
    });
    fastify.addHook('onResponse', (request: MarkedRequest, reply, done) => {
      if (request[answeredHere] && accessLogged(request.url)) logAnsweredEarly(log, request, reply);
      done();
    });
  }
}
