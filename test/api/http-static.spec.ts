import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { Controller, Get, Module, Param, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { LoggerModule } from 'nestjs-pino';
import { HttpErrorFilter } from '../../apps/api/kernel/http-error.filter.js';
import { createFastifyAdapter, registerHttpLayer, trustProxyOption } from '../../apps/api/kernel/http-hardening.js';
import { accessLogged, httpLogOptions, redactUrl } from '../../apps/api/kernel/http-logging.js';
import { freePort } from '../support/free-port.js';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Stands in for the receipt route: its URL carries a guest's token. */
@Controller('orders')
class ReceiptController {
  @Get(':onum')
  receipt(@Param('onum') onum: string, @Query('token') token?: string): { data: { onum: string; token: boolean } } {
    return { data: { onum, token: token !== undefined } };
  }
}

const HASHED = 'index-AbCd12_-.js';
const SCRIPT = `export const catalog = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `product ${i}`))};\n`;
const INDEX = '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>';

/**
 * The HTTP layer (apps/api/kernel/http-hardening.ts, http-logging.ts) on a small Nest/Fastify app with
 * a built web app in a temporary folder: static files, the SPA fallback, caching and the request log.
 */
describe('HTTP layer: web app files and request log', () => {
  let root: string;
  let app: NestFastifyApplication | undefined;
  let base: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'http-static-'));
    await mkdir(join(root, 'assets/img'), { recursive: true });
    await writeFile(join(root, 'index.html'), INDEX);
    await writeFile(join(root, 'assets', HASHED), SCRIPT);
    await writeFile(join(root, 'assets/img/photo.jpeg'), Buffer.alloc(2048, 7));

    const log = new PassThrough();
    log.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
    @Module({
      imports: [LoggerModule.forRoot({ pinoHttp: [httpLogOptions('info'), log], exclude: [] })],
      controllers: [ReceiptController],
    })
    class FixtureModule {}

    app = await NestFactory.create<NestFastifyApplication>(FixtureModule, createFastifyAdapter('loopback'), {
      logger: false,
    });
    app.setGlobalPrefix('api');
    await registerHttpLayer(app, { webRoot: root });
    app.useGlobalFilters(new HttpErrorFilter({}, app.getHttpAdapter()));
    const port = await freePort();
    await app.listen(port, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await app?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('serves a hashed asset as immutable, compressed when asked, with an ETag that answers 304', async () => {
    const plain = await get(`${base}/assets/${HASHED}`);
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const zipped = await get(`${base}/assets/${HASHED}`, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(SCRIPT);

    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(`${base}/assets/${HASHED}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('serves other files with a short cache and index.html revalidated', async () => {
    const image = await get(`${base}/assets/img/photo.jpeg`);
    expect(image.status).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=3600');
    expect(image.headers['content-encoding']).toBeUndefined();
    const home = await get(`${base}/`, { 'accept-encoding': 'gzip' });
    expect(home.status).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(String(home.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it.each(['/product/215', '/user/account', '/receipt/1001?token=abc'])(
    'answers the deep link %s with index.html',
    async (path) => {
      const page = await get(`${base}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body.toString()).toBe(INDEX);
    },
  );

  it('answers an unknown /api path with the JSON 404, never index.html', async () => {
    for (const path of ['/api/nothing-here', '/api', '/api/assets/x.js']) {
      const answer = await get(`${base}${path}`);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ statusCode: 404 });
    }
  });

  it('logs a receipt request without its token, Authorization header or cookie', async () => {
    const answer = await get(`${base}/api/orders/1001?token=guest-secret-42&x=1`, {
      authorization: 'Bearer secret-jwt-value',
      cookie: 'session=secret-cookie-value',
      'x-request-id': 'receipt-log-test',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toBe('receipt-log-test');
    // pino-http writes its line when the response has finished, possibly after the client read it.
    let line: string | undefined;
    while (!(line = logLines.find((l) => l.includes('receipt-log-test')))) await new Promise((r) => setImmediate(r));
    const entry = JSON.parse(line!) as { req: unknown; res: unknown };
    // Lean: no headers at all, only what a request line needs.
    expect(entry.req).toEqual({ id: 'receipt-log-test', method: 'GET', url: '/api/orders/1001?token=[REDACTED]&x=1' });
    expect(entry.res).toEqual({ statusCode: 200 });
    expect(line).not.toContain('guest-secret-42');
    expect(line).not.toContain('secret-jwt-value');
    expect(line).not.toContain('secret-cookie-value');
  });

  it('writes access lines for API calls, not for the web app nor for the media of a playback', () => {
    expect(accessLogged('/api/products?page=1')).toBe(true);
    expect(accessLogged('/api/streaming/playbacks')).toBe(true);
    expect(accessLogged('/api/hls/abc/720p/seg_00001.m4s')).toBe(false);
    expect(accessLogged('/assets/index.js')).toBe(false);
  });

  it('redacts every token parameter of a URL, whatever its case or position', () => {
    expect(redactUrl('/api/orders/7?TOKEN=a&b=2&resetToken=c')).toBe(
      '/api/orders/7?TOKEN=[REDACTED]&b=2&resetToken=[REDACTED]',
    );
    expect(redactUrl('/validate?tolken=x&email=a@b.test')).toBe('/validate?tolken=[REDACTED]&email=a@b.test');
    expect(redactUrl('/api/products?search=tokens')).toBe('/api/products?search=tokens');
    expect(redactUrl('/api/hls/AbC-123_x/720p/seg_00001.m4s')).toBe('/api/hls/[REDACTED]/720p/seg_00001.m4s');
  });

  it('reads TRUST_PROXY as Express did: true/false, a hop count, or addresses and proxy-addr names', () => {
    expect(trustProxyOption('true')).toBe(true);
    expect(trustProxyOption('false')).toBe(false);
    expect(trustProxyOption('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    const hops = trustProxyOption('1');
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') {
      expect(hops('10.0.0.1', 0)).toBe(true);
      expect(hops('10.0.0.2', 1)).toBe(false);
    }
  });
});
