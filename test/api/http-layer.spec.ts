import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { JwtService } from '@nestjs/jwt';
import { BAD_ADDRESS } from '../../apps/api/kernel/http-hardening.js';
import { createTestApp, type TestApp } from '../support/app.js';

const JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over node:http: the headers exactly as sent (no automatic Accept-Encoding), the raw body. */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The HTTP layer of the whole API (Fastify): security headers, compression, ETags, cache policy, tokens. */
describe('HTTP layer', () => {
  let shop: TestApp;
  const url = (path: string): string => `${shop.baseUrl}${path}`;

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const login = async (): Promise<string> => {
    const answer = await raw(url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'complete@demo.test', password: 'Demo-pass-2026', version: 5 }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return (JSON.parse(answer.body.toString()) as { token: string }).token;
  };

  it('sends the security headers on a JSON answer, and no X-Powered-By', async () => {
    const answer = await raw(url('/api/categories'));
    expect(answer.status).toBe(200);
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-powered-by']).toBeUndefined();
    // Plain HTTP: no HSTS (a browser ignores it there, and a local shop must not pin itself to TLS).
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when the request came over TLS through a trusted proxy', async () => {
    const answer = await raw(url('/api/categories'), { headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
  });

  it('compresses a large JSON answer for a client that accepts it, and only then', async () => {
    const plain = await raw(url('/api/docs-json'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await raw(url('/api/docs-json'), { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers.vary)).toMatch(/accept-encoding/i);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    const brotli = await raw(url('/api/docs-json'), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  it('keeps ETags: a repeated catalog request with If-None-Match answers 304 without a body', async () => {
    const first = await raw(url('/api/products?category=0&size=48&sort=NAME_ASC'));
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await raw(url('/api/products?category=0&size=48&sort=NAME_ASC'), {
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await raw(url('/api/products?category=0&size=48&sort=NAME_ASC'), {
      headers: { 'if-none-match': 'W/"something-else"' },
    });
    expect(other.status).toBe(200);
  });

  it('sends the 48-product page compressed (brotli or gzip) with the ETag of its plain text', async () => {
    const path = '/api/products?category=0&size=48&sort=NAME_DESC';
    const plain = await raw(url(path));
    expect(plain.body.length).toBeGreaterThan(20_000);
    const brotli = await raw(url(path), { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 4);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    const gzip = await raw(url(path), { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    const again = await raw(url(path), {
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.status).toBe(304);
  });

  it.each([
    ['GET', '/api/cart'],
    ['GET', '/api/main-info'],
    ['GET', '/api/orders/123456?token=not-the-token'],
    ['POST', '/api/users/forgot'],
    ['POST', '/api/checkout/quote'],
  ])('answers %s %s with Cache-Control: no-store', async (method, path) => {
    const answer = await raw(url(path), {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers personal data with no-store for a signed-in customer (login, account, orders)', async () => {
    const token = await login();
    for (const path of ['/api/auth/me', '/api/orders', '/api/subscriptions', '/api/cart']) {
      const answer = await raw(url(path), { headers: { authorization: `Bearer ${token}` } });
      expect([path, answer.status]).toEqual([path, 200]);
      expect([path, answer.headers['cache-control']]).toEqual([path, 'no-store']);
    }
  });

  it('refuses a JWT signed with the right secret but without an expiry', async () => {
    const token = await login();
    const claims = new JwtService().decode<{ sub: string; sid: string; exp?: number }>(token);
    expect(typeof claims.exp).toBe('number');
    const jwt = new JwtService({ secret: JWT_SECRET });
    const withExpiry = await jwt.signAsync({ sub: claims.sub, sid: claims.sid }, { expiresIn: '5m' });
    const withoutExpiry = await jwt.signAsync({ sub: claims.sub, sid: claims.sid });
    expect(new JwtService().decode<{ exp?: number }>(withoutExpiry).exp).toBeUndefined();

    const accepted = await raw(url('/api/auth/me'), { headers: { authorization: `Bearer ${withExpiry}` } });
    expect(accepted.status).toBe(200);
    const refused = await raw(url('/api/auth/me'), { headers: { authorization: `Bearer ${withoutExpiry}` } });
    expect(refused.status).toBe(401);
    const cart = await raw(url('/api/cart'), { headers: { authorization: `Bearer ${withoutExpiry}` } });
    expect(cart.status).toBe(401);
  });

  it('echoes X-Request-Id and makes one when the caller sends none', async () => {
    const echoed = await raw(url('/api/health'), { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
    const made = await raw(url('/api/health'));
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an address the router cannot read (a path part over 100 characters, broken percent-encoding) 400 with the error body', async () => {
    for (const path of [
      `/api/products/${'9'.repeat(150)}`,
      `/api/cme/tests/${'x'.repeat(300)}/1`,
      '/api/products/%E0%A4%A',
    ]) {
      const answer = await raw(url(path), { method: 'GET' });
      expect({ path, status: answer.status, body: JSON.parse(answer.body.toString()) as unknown }).toEqual({
        path,
        status: 400,
        body: { statusCode: 400, error: BAD_ADDRESS, message: [BAD_ADDRESS], ERROR: BAD_ADDRESS },
      });
    }
  });

  it('answers malformed JSON and an unknown /api path with the error body, never 500', async () => {
    const bad = await raw(url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toMatchObject({
      statusCode: 400,
      message: ['The request body is not valid JSON.'],
    });
    // Valid JSON that is not an object: every body of the API is one.
    for (const body of ['null', '[1]', '42', '"text"']) {
      const notObject = await raw(url('/api/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect({ body, status: notObject.status, answer: JSON.parse(notObject.body.toString()) as unknown }).toEqual({
        body,
        status: 400,
        answer: expect.objectContaining({ message: ['The request body must be a JSON object.'] }),
      });
    }
    const huge = await raw(url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x'.repeat(200_000), password: 'p', version: 5 }),
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body.toString())).toMatchObject({ statusCode: 413 });
    const missing = await raw(url('/api/no-such-thing'));
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toMatchObject({ statusCode: 404 });
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
