import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicAnswers } from './public-answers.js';

const request = (url: string, method = 'GET') => ({ url, method }) as FastifyRequest;
const reply = (statusCode: number, headers: Record<string, string>) =>
  ({ statusCode, getHeader: (name: string) => headers[name] }) as unknown as FastifyReply;
const PUBLIC = { 'cache-control': 'public, max-age=60', 'content-type': 'application/json; charset=utf-8' };

describe('PublicAnswers', () => {
  let now = 0;
  let fresh = true;
  /** A memo following a catalog cache that hears of imports while `fresh`. */
  const answers = () => {
    const memo = new PublicAnswers(() => now);
    const cache = {
      get hearsImports() {
        return fresh;
      },
      onClear: () => undefined,
    };
    memo.follow(cache);
    return memo;
  };
  beforeEach(() => {
    now = 1_000_000;
    fresh = true;
  });

  it('given a public 200 answer to a GET, when the URL is asked within 60 s, then it is found', () => {
    const memo = answers();
    memo.remember(request('/api/products?page=1'), reply(200, PUBLIC), '{"data":[]}');
    now += 59_000;
    expect(memo.find('/api/products?page=1')).toMatchObject({
      text: '{"data":[]}',
      cacheControl: PUBLIC['cache-control'],
    });
    expect(memo.find('/api/products?page=2')).toBeUndefined();
  });

  it('given a kept answer, when 60 s have passed, then it is gone', () => {
    const memo = answers();
    memo.remember(request('/api/categories'), reply(200, PUBLIC), '[]');
    now += 60_000;
    expect(memo.find('/api/categories')).toBeUndefined();
  });

  it('keeps nothing private, refused, or not asked by GET', () => {
    const memo = answers();
    memo.remember(request('/a'), reply(200, { ...PUBLIC, 'cache-control': 'no-store' }), 'x');
    memo.remember(request('/b'), reply(400, PUBLIC), 'x');
    memo.remember(request('/c', 'POST'), reply(200, PUBLIC), 'x');
    expect(['/a', '/b', '/c'].map((url) => memo.find(url))).toEqual([undefined, undefined, undefined]);
  });

  it('keeps and answers nothing while the catalog cache does not hear of imports, and forgets all at clear', () => {
    const memo = answers();
    memo.remember(request('/kept'), reply(200, PUBLIC), 'x');
    fresh = false;
    memo.remember(request('/not-kept'), reply(200, PUBLIC), 'x');
    expect(memo.find('/kept')).toBeUndefined();
    fresh = true;
    expect(memo.find('/not-kept')).toBeUndefined();
    memo.remember(request('/kept'), reply(200, PUBLIC), 'x');
    memo.clear();
    expect(memo.find('/kept')).toBeUndefined();
  });
});
