import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pino from 'pino';
import { logAnsweredEarly } from './http-logging.js';

/** Answers kept at most; past that the memo starts afresh (search terms make the URLs open-ended). */
const MAX_ANSWERS = 2000;
/** An answer is kept as long as a browser or a CDN may keep it (`Cache-Control: public, max-age=60`). */
const KEPT_MS = 60_000;

interface Answer {
  text: string;
  contentType: string;
  cacheControl: string;
  until: number;
}

const servedFromMemo = Symbol('served from the public answers');
type MarkedRequest = FastifyRequest & { [servedFromMemo]?: true };

/** What the memo follows: the catalog cache (libs/catalog/catalog-cache.ts). */
export interface ImportListener {
  readonly hearsImports: boolean;
  onClear(then: () => void): void;
}

/**
 * The public catalog's answers (`Cache-Control: public`, the same text for everyone) kept by their URL,
 * so a URL asked again is answered before the Nest pipeline (middleware, routing, validation,
 * interceptors) runs: the in-process counterpart of the HTTP cache a CDN keeps in front of the shop.
 * Only a URL the whole pipeline answered 200 is kept (so it was valid), for at most 60 s, and only once
 * it `follow`s the catalog cache and while that hears of every import (docs/performance.md); it is
 * emptied with the cache.
 */
export class PublicAnswers {
  private readonly answers = new Map<string, Answer>();
  private fresh: () => boolean = () => false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps answers only while `cache` hears of imports, and forgets them all whenever it empties. */
  follow(cache: ImportListener): void {
    this.fresh = () => cache.hearsImports;
    cache.onClear(() => this.clear());
  }

  find(url: string): Answer | undefined {
    const answer = this.answers.get(url);
    if (!answer) return undefined;
    if (answer.until > this.now() && this.fresh()) return answer;
    this.answers.delete(url);
    return undefined;
  }

  /** Keeps a public answer the pipeline gave (called from the onSend hook of the HTTP layer). */
  remember(request: FastifyRequest, reply: FastifyReply, payload: string): void {
    const cacheControl = reply.getHeader('cache-control');
    const contentType = reply.getHeader('content-type');
    if (request.method !== 'GET' || reply.statusCode !== 200 || (request as MarkedRequest)[servedFromMemo]) return;
    if (typeof cacheControl !== 'string' || !cacheControl.startsWith('public')) return;
    if (typeof contentType !== 'string' || !this.fresh()) return;
    if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
    this.answers.set(request.url, { text: payload, contentType, cacheControl, until: this.now() + KEPT_MS });
  }

  clear(): void {
    this.answers.clear();
  }
}

/**
 * Answers a kept URL from the first onRequest hook, before Nest's middleware: with the security
 * headers every answer carries, and then the same onSend hooks as any answer (ETag and 304,
 * compression once per text, X-Request-Id) and the same metrics. Nest's request logger does not see
 * these requests, so their access line is written here, in the same shape. Register it on the adapter's
 * Fastify instance before Nest initialises (which registers its middleware).
 */
export function answerFromMemo(
  fastify: FastifyInstance,
  answers: PublicAnswers,
  securityHeaders: Record<string, string>,
  log: pino.Logger,
): void {
  fastify.addHook('onRequest', (request: MarkedRequest, reply, done) => {
    const answer = request.method === 'GET' ? answers.find(request.url) : undefined;
    if (!answer) {
      done();
      return;
    }
    request[servedFromMemo] = true;
    void reply
      .headers(securityHeaders)
      .header('content-type', answer.contentType)
      .header('cache-control', answer.cacheControl)
      .send(answer.text);
  });
  fastify.addHook('onResponse', (request: MarkedRequest, reply, done) => {
    if (request[servedFromMemo]) logAnsweredEarly(log, request, reply);
    done();
  });
}
