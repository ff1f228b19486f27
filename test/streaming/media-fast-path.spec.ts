import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { RevokeEntitlementsCommand } from '#apps/api/entitlements/entitlements.messages.js';
import { RequestContext, SYSTEM } from '#apps/api/kernel/request-context.js';
import { HlsAccess } from '#apps/api/streaming/hls-access.js';
import { MediaGate } from '#apps/api/streaming/media-gate.js';
import { PlaybackLeases } from '#apps/api/streaming/playback-leases.js';
import { ServedMedia } from '#apps/api/streaming/served-media.js';
import { StreamAccess } from '#apps/api/streaming/stream-access.js';
import { Clock } from '#libs/application/clock.js';
import { metricsText } from '#libs/metrics/metrics.js';
import { MEDIA_LINK_INVALID, PLAYBACK_ACCESS_ENDED } from '#libs/contracts/streaming.js';
import { useTestShop } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { type HlsFixture, hlsFixture } from '../support/hls-fixture.js';
import { playbackClient } from './playback-client.js';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-media-fast-path-'));

/** How many 200s of a route the shop's metrics have counted (its registry is this process's). */
async function counted(route: string): Promise<number> {
  const line = (await metricsText())
    .split('\n')
    .find((l) => l.startsWith(`shop_http_requests_total{route="${route}",method="GET",status="200"}`));
  return line === undefined ? 0 : Number(line.split(' ').pop());
}

/**
 * The media fast path (issue 32): once a playback's lease or a signed URL's access was checked, the next
 * requests within 5 s are answered before the Nest route (no check, no query) with the same bytes, and
 * the served-media record stays exact; a refusal still goes to the route (403 in the error shape), and
 * a session ended or access revoked is refused at once, without waiting for the 5 s. Real time is held
 * still here (performance.now), so "within 5 s" holds on any machine.
 */
describe('media answered before the Nest pipeline', () => {
  const shop = useTestShop({ seedDemo: true, env: { DATA_DIR: dataDir } });
  const { open, get, login, call, video } = playbackClient(() => shop.baseUrl);
  let media: HlsFixture;
  const sample = readFileSync('media/video/sample-2.mp4');

  beforeAll(async () => {
    media = await hlsFixture(shop, { productId: 250, videoId: 5001, durationSeconds: 120, segmentSeconds: 4 });
  });
  beforeEach(() => jest.spyOn(performance, 'now').mockReturnValue(performance.now()));
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a lease checked once serves its next segments without a check, the same bytes, every span recorded', async () => {
    const authorize = jest.spyOn(shop.app.get(HlsAccess), 'authorize');
    const token = await login('streamer@demo.test');
    const playback = await open(token, 250, 5001);
    const cookie = { cookie: playback.cookie };
    const names = media.segments.slice(0, 6).map((s) => s.name);
    const first = await get(`${playback.base}360p/${names[0]}`, cookie);
    expect(first.status).toBe(200);
    expect(authorize).toHaveBeenCalledTimes(1);
    const before = await counted('/api/hls/:token/:rendition/:file');
    for (const name of names.slice(1)) {
      const answer = await get(`${playback.base}360p/${name}`, cookie);
      expect(answer.status).toBe(200);
      expect(answer.bytes.equals(media.segmentBytes('360p', name))).toBe(true);
      expect(answer.headers.get('content-type')).toBe('video/iso.segment');
      // The answer of any route: security headers and the request's id.
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(answer.headers.get('x-request-id')).toMatch(/.+/);
    }
    const part = await get(`${playback.base}360p/${names[1]}`, { ...cookie, range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(media.segmentBytes('360p', names[1] ?? '').subarray(2, 6))).toBe(true);
    expect((await get(`${playback.base}360p/index.m3u8`, cookie)).text).toContain(names[0]);
    expect(authorize).toHaveBeenCalledTimes(1);
    // Counted in the metrics under the route's template, as any answer (5 segments and the playlist).
    // (onResponse runs as the answer's last bytes leave, so the count may trail the client a moment.)
    await eventually(async () => (await counted('/api/hls/:token/:rendition/:file')) - before === 6);

    // Exact evidence: the six segments' spans, [0, 24), and nothing else.
    await shop.app.get(ServedMedia).flush(playback.viewingId);
    expect((await shop.app.get(PlaybackLeases).byViewing(playback.viewingId))?.served).toEqual([[0, 24]]);
  });

  it('media in use is checked again in the background: no request waits, none is let in on a check over 5 s old', async () => {
    const t0 = performance.now();
    const now = jest.spyOn(performance, 'now');
    const leaseChecks = jest.spyOn(shop.app.get(HlsAccess), 'authorize');
    const linkChecks = jest.spyOn(shop.app.get(MediaGate), 'authorize');
    const queries = jest.spyOn(shop.app.get(StreamAccess), 'mediaOpen');
    const token = await login('streamer@demo.test');
    const { url, cookie } = await video(token, 250, 5001);
    const playback = await open(token, 250, 5001);
    const segment = `${playback.base}360p/${media.segments[3]?.name}`;
    const both = async (): Promise<number[]> => [
      (await get(url, { cookie, range: 'bytes=0-9' })).status,
      (await get(segment, { cookie: playback.cookie })).status,
    ];
    expect(await both()).toEqual([206, 200]);
    expect([leaseChecks.mock.calls.length, linkChecks.mock.calls.length, queries.mock.calls.length]).toEqual([1, 1, 2]);
    // 3.5 s on: answered from what is kept, and both checked again behind the answers.
    now.mockReturnValue(t0 + 3500);
    expect(await both()).toEqual([206, 200]);
    await eventually(async () => queries.mock.calls.length === 4);
    // 7 s on: the checks of 3.5 s are 3.5 s old, so still no request waits for one.
    now.mockReturnValue(t0 + 7000);
    expect(await both()).toEqual([206, 200]);
    expect([leaseChecks.mock.calls.length, linkChecks.mock.calls.length]).toEqual([1, 1]);
    // Nothing asked for 5.5 s: the next requests wait for a check of their own.
    await eventually(async () => queries.mock.calls.length === 6);
    now.mockReturnValue(t0 + 12_500);
    expect(await both()).toEqual([206, 200]);
    expect([leaseChecks.mock.calls.length, linkChecks.mock.calls.length]).toEqual([2, 2]);
  });

  it('a refusal still comes from the route: another cookie, a tampered token, a file outside the layout', async () => {
    const streamer = await login('streamer@demo.test');
    const complete = await login('complete@demo.test');
    const mine = await open(streamer, 250, 5001);
    const theirs = await open(complete, 250, 5001);
    const segment = `${mine.base}360p/${media.segments[0]?.name}`;
    expect((await get(segment, { cookie: mine.cookie })).status).toBe(200);
    const copied = await get(segment, { cookie: theirs.cookie });
    expect(copied.status).toBe(403);
    expect(JSON.parse(copied.text)).toMatchObject({ statusCode: 403, error: PLAYBACK_ACCESS_ENDED });
    const hlsToken = mine.base.split('/')[3] ?? '';
    const tampered = segment.replace(hlsToken, `${hlsToken.slice(0, 43)}${hlsToken.endsWith('A') ? 'B' : 'A'}`);
    expect((await get(tampered, { cookie: mine.cookie })).status).toBe(403);
    const missing = await get(`${mine.base}360p/seg_09999.m4s`, { cookie: mine.cookie });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toMatchObject({ statusCode: 404, error: 'Media file not found' });
  });

  it('signed ranges: one access check for many ranges; a forged token or another session refused', async () => {
    const authorize = jest.spyOn(shop.app.get(MediaGate), 'authorize');
    const streamer = await login('streamer@demo.test');
    const { url, cookie } = await video(streamer, 250, 5001); // sample-2.mp4
    for (const [from, to] of [
      [0, 99],
      [100, 1099],
      [5000, 5015],
    ] as const) {
      const part = await get(url, { cookie, range: `bytes=${from}-${to}` });
      expect(part.status).toBe(206);
      expect(part.bytes.equals(sample.subarray(from, to + 1))).toBe(true);
    }
    expect(authorize).toHaveBeenCalledTimes(1);
    const forged = await get(`${url.slice(0, -2)}xx`, { cookie });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.text)).toMatchObject({ statusCode: 403, error: MEDIA_LINK_INVALID });
    const complete = await login('complete@demo.test');
    const theirs = await video(complete, 250, 5001);
    expect((await get(url, { cookie: theirs.cookie, range: 'bytes=0-9' })).status).toBe(403);
  });

  it('a signed URL past its expiry is refused though its access was checked a moment ago', async () => {
    const streamer = await login('streamer@demo.test');
    const { url, cookie } = await video(streamer, 250, 5001);
    expect((await get(url, { cookie, range: 'bytes=0-9' })).status).toBe(206);
    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 901_000));
    expect((await get(url, { cookie, range: 'bytes=0-9' })).status).toBe(403);
  });

  it('a logout refuses both routes at once, within the 5 s an access check is kept', async () => {
    const token = await login('streamer@demo.test');
    const { url, cookie } = await video(token, 250, 5001);
    const playback = await open(token, 250, 5001);
    const segment = `${playback.base}360p/${media.segments[1]?.name}`;
    expect((await get(url, { cookie, range: 'bytes=0-9' })).status).toBe(206);
    expect((await get(segment, { cookie: playback.cookie })).status).toBe(200);
    expect((await call(token, 'POST', '/auth/logout')).status).toBe(204);
    expect((await get(url, { cookie, range: 'bytes=0-9' })).status).toBe(403);
    expect((await get(segment, { cookie: playback.cookie })).status).toBe(403);
  });

  it('access taken back (a refund revokes its source) refuses both routes without waiting for the 5 s', async () => {
    const token = await login('streamer@demo.test');
    const { url, cookie } = await video(token, 250, 5001);
    const playback = await open(token, 250, 5001);
    const segment = `${playback.base}360p/${media.segments[2]?.name}`;
    expect((await get(url, { cookie, range: 'bytes=0-9' })).status).toBe(206);
    expect((await get(segment, { cookie: playback.cookie })).status).toBe(200);
    const me = await call<{ customerId: string }>(token, 'GET', '/auth/me');
    await shop.app
      .get(RequestContext)
      .run({ actorId: SYSTEM }, () =>
        shop.app
          .get(CommandBus)
          .execute(new RevokeEntitlementsCommand(me.body.customerId, 'seed:demo', 'refund (test)')),
      );
    // The revocation reaches the caches through the read model's NOTIFY, a moment after the command.
    await eventually(async () => (await get(url, { cookie, range: 'bytes=0-9' })).status === 403);
    await eventually(async () => (await get(segment, { cookie: playback.cookie })).status === 403);
  });
});
