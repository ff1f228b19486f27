import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { PlaybackLeases } from '#apps/api/streaming/playback-leases.js';
import { ServedMedia } from '#apps/api/streaming/served-media.js';
import { MEDIA_LINK_INVALID } from '#libs/contracts/streaming.js';
import { useTestShop } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { freePort } from '../support/free-port.js';
import { type HlsFixture, hlsFixture } from '../support/hls-fixture.js';
import { playbackClient } from '../streaming/playback-client.js';

/** Debian's nginx (`apt-get install nginx-light`), or any on the PATH; none: the file reports itself skipped. */
function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  return dirs.map((dir) => join(dir, 'nginx')).find((path) => existsSync(path)) ?? null;
}

const NGINX = findNginx();
const PREFIX = '/internal-media';

/**
 * The nginx configuration of this test, in the shape of docs/examples/nginx-media.conf: the shop behind
 * `location /`, the two internal locations aliasing MEDIA_DIR and HLS_DIR. Everything nginx writes
 * stays in `folder`; run as root, its workers stay root so they can read the test's 0700 folders.
 */
function nginxConfig(folder: string, port: number, shopPort: number, mediaDir: string, hlsDir: string): string {
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    location ${PREFIX}/media/ { internal; alias ${mediaDir}/; }
    location ${PREFIX}/hls/ { internal; alias ${hlsDir}/; }
    location / {
      proxy_pass http://127.0.0.1:${shopPort};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`;
}

const describeWithNginx = NGINX === null ? describe.skip : describe;
const title = NGINX === null ? ' (skipped: no nginx binary; apt-get install nginx-light)' : '';

/**
 * MEDIA_ACCEL_REDIRECT (docs/operations.md, Media through nginx): the shop authorises, nginx sends the
 * file. A real nginx on a free port with a generated configuration in a temporary folder, in front of
 * a test shop: an authorised range comes from nginx as 206 with the file's bytes; a forged token is the
 * shop's 403 through nginx; the internal locations cannot be asked from outside (404); a playback's
 * segment goes the same way and its seconds are recorded as served.
 */
describeWithNginx(`media through nginx with X-Accel-Redirect${title}`, () => {
  const shop = useTestShop({ seedDemo: true, env: { MEDIA_ACCEL_REDIRECT: PREFIX } });
  const { login, video, open, get } = playbackClient(() => nginxUrl);
  let folder = '';
  const sample = readFileSync('media/video/sample-2.mp4');
  let nginx: ChildProcess | undefined;
  let nginxUrl = '';
  let media: HlsFixture;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'shop-nginx-'));
    const port = await freePort();
    const shopPort = new URL(shop.baseUrl).port;
    const hlsDir = resolve(shop.shop.config.HLS_DIR);
    writeFileSync(
      join(folder, 'nginx.conf'),
      nginxConfig(folder, port, Number(shopPort), resolve(shop.shop.config.MEDIA_DIR), hlsDir),
    );
    const args = ['-p', folder, '-e', join(folder, 'error.log'), '-c', join(folder, 'nginx.conf')];
    nginx = spawn(NGINX ?? 'nginx', args, { stdio: 'ignore' });
    nginxUrl = `http://127.0.0.1:${port}`;
    await eventually(async () => {
      if (nginx?.exitCode !== null) throw new Error(`nginx stopped: ${errorLog()}`);
      return fetch(`${nginxUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    });
    media = await hlsFixture(shop, { productId: 250, videoId: 5001, durationSeconds: 40, segmentSeconds: 4 });
  });
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const stopped = new Promise((done) => nginx?.once('exit', done));
      nginx.kill('SIGTERM');
      await stopped;
    }
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  const errorLog = (): string => {
    const file = join(folder, 'error.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };

  it('an authorised range is sent by nginx: 206, Content-Range, the bytes of the file', async () => {
    const token = await login('streamer@demo.test');
    const { url, cookie } = await video(token, 250, 5001);
    const part = await get(url, { cookie, range: 'bytes=100-1099' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${sample.length}`);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('server')).toMatch(/^nginx/);
    expect(part.headers.get('x-accel-redirect')).toBeNull();
    expect(part.bytes.equals(sample.subarray(100, 1100))).toBe(true);
    const whole = await get(url, { cookie });
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(sample)).toBe(true);
  });

  it('a forged token is refused by the shop (403 in its error shape, through nginx)', async () => {
    const token = await login('streamer@demo.test');
    const { url, cookie } = await video(token, 250, 5001);
    const forged = await get(`${url.slice(0, -2)}xx`, { cookie, range: 'bytes=0-9' });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.text)).toMatchObject({ statusCode: 403, error: MEDIA_LINK_INVALID });
    expect((await get(url, { range: 'bytes=0-9' })).status).toBe(403); // no media cookie
  });

  it('the internal locations cannot be asked from outside: 404', async () => {
    for (const path of [`${PREFIX}/media/video/sample-2.mp4`, `${PREFIX}/hls/${media.mediaId}/360p/index.m3u8`]) {
      const direct = await get(path);
      expect({ path, status: direct.status }).toEqual({ path, status: 404 });
      expect(direct.bytes.includes(sample.subarray(0, 64))).toBe(false);
    }
  });

  it("a playback's segment is sent by nginx and its seconds are recorded as served", async () => {
    const token = await login('streamer@demo.test');
    const playback = await open(token, 250, 5001);
    const name = media.segments[2]?.name ?? '';
    const segment = await get(`${playback.base}360p/${name}`, { cookie: playback.cookie });
    expect(segment.status).toBe(200);
    expect(segment.headers.get('server')).toMatch(/^nginx/);
    // The shop's Content-Type and Cache-Control, kept by nginx (its own types know no .m4s).
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    expect(segment.headers.get('cache-control')).toBe('private, no-store');
    expect(segment.bytes.equals(media.segmentBytes('360p', name))).toBe(true);
    await shop.app.get(ServedMedia).flush(playback.viewingId);
    expect((await shop.app.get(PlaybackLeases).byViewing(playback.viewingId))?.served).toEqual([[8, 12]]);
  });
});
