import { existsSync, readFileSync } from 'node:fs';
import type { ViewingResponse } from '#libs/contracts/streaming.js';
import { EVENT_STORE } from '#apps/api/infrastructure/tokens.js';
import { MEDIA_TERMS_DUE } from '#apps/api/streaming/media.controller.js';
import { Clock } from '#libs/application/clock.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { streamingClient } from '../support/streaming-client.js';

/**
 * Signed media (issue 10): range requests, and a copied URL refused after logout, in another account's
 * session and after expiry; a product's documents only once its Terms of Use are accepted; watch
 * tracking (VideoStarted once; the evidence rules of issue 22 are in test/streaming/).
 */
describe('streaming media and watch tracking', () => {
  let shop: TestApp;
  let clock: Clock;
  const { call, login, video, media } = streamingClient(() => shop.baseUrl);
  const sample = readFileSync('media/video/sample-2.mp4');

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
    clock = shop.app.get(Clock); // the shop's one clock: moving it moves media expiry and watch tracking
  });
  afterAll(async () => {
    await shop?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  it('a signed URL serves ranges from disk: 206 with the right bytes, 200 whole, 416 outside', async () => {
    const token = await login('streamer@demo.test');
    const { url, cookie } = await video(token, 250, 5001); // sample-2.mp4
    expect(url).toMatch(/^\/api\/media\/video\/sample-2\.mp4\?token=/);
    expect(cookie).toMatch(/^media_session=/);

    const part = await media(url, { cookie, range: 'bytes=100-1099' });
    expect(part.status).toBe(206);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${sample.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(sample.subarray(100, 1100))).toBe(true);

    const tail = await media(url, { cookie, range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(sample.subarray(sample.length - 10))).toBe(true);

    const whole = await media(url, { cookie });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer()).equals(sample)).toBe(true);

    const outside = await media(url, { cookie, range: `bytes=${sample.length}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${sample.length}`);
  });

  it('a reader who leaves a long answer early leaves the file readable for the next, and a file has one ETag', async () => {
    const token = await login('streamer@demo.test');
    const { url, cookie } = await video(token, 250, 5002); // sample-3.mp4: longer than one read, streamed
    const longer = readFileSync('media/video/sample-3.mp4');
    // The whole file is streamed from the descriptor kept open for it; this reader goes after 1 KB.
    const leaving = new AbortController();
    const whole = await fetch(`${shop.baseUrl}${url}`, { headers: { cookie }, signal: leaving.signal });
    const reader = whole.body!.getReader();
    expect((await reader.read()).value?.length).toBeGreaterThan(0);
    leaving.abort();
    await reader.read().catch(() => undefined);
    // The kept descriptor was released, not closed: the next readers get their bytes from it.
    const ranges = await Promise.all(
      [0, 30_000, 70_000].map((at) => media(url, { cookie, range: `bytes=${at}-${at + 9_999}` })),
    );
    for (const [i, at] of [0, 30_000, 70_000].entries()) {
      expect(ranges[i]!.status).toBe(206);
      const end = Math.min(at + 10_000, longer.length);
      expect(Buffer.from(await ranges[i]!.arrayBuffer()).equals(longer.subarray(at, end))).toBe(true);
    }
    // Every answer of the file carries the file's tag (not a hash of the bytes of each range) ...
    const tags = new Set(ranges.map((r) => r.headers.get('etag')));
    expect(tags.size).toBe(1);
    const [tag] = [...tags];
    expect(tag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect((await media(url, { cookie })).headers.get('etag')).toBe(tag);
    // ... which a client that has the file sends back: 304, no bytes.
    const again = await media(url, { cookie, 'if-none-match': tag! });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it('the paid videos and documents are no longer under the public web root', () => {
    expect(existsSync('web/public/assets/video')).toBe(false);
    expect(existsSync('web/public/assets/books')).toBe(false);
    expect(existsSync('media/video/sample-2.mp4')).toBe(true);
  });

  it('a URL without the cookie, with a forged token, or for another file is refused', async () => {
    const token = await login('streamer@demo.test');
    const { url, cookie } = await video(token, 250, 5001);
    expect((await media(url)).status).toBe(403);
    expect((await media(`${url}x`, { cookie })).status).toBe(403);
    expect((await media(url.replace('sample-2', 'sample-3'), { cookie })).status).toBe(403);
  });

  it("a copied URL fails in another account's session", async () => {
    const streamer = await login('streamer@demo.test');
    const complete = await login('complete@demo.test');
    const mine = await video(streamer, 250, 5001);
    const theirs = await video(complete, 250, 5001);
    expect((await media(mine.url, { cookie: mine.cookie })).status).toBe(200);
    const copied = await media(mine.url, { cookie: theirs.cookie });
    expect(copied.status).toBe(403);
    expect(((await copied.json()) as { error: string }).error).toBe('This media link is not valid.');
  });

  it('a URL fails after logout', async () => {
    const token = await login('streamer@demo.test');
    const { url, cookie } = await video(token, 250, 5001);
    expect((await media(url, { cookie, range: 'bytes=0-9' })).status).toBe(206);
    expect((await call(token, 'POST', '/auth/logout')).status).toBe(204);
    expect((await media(url, { cookie, range: 'bytes=0-9' })).status).toBe(403);
  });

  it('a URL fails after its expiry (15 minutes by default; the clock is moved)', async () => {
    const token = await login('streamer@demo.test');
    const { url, cookie, body } = await video(token, 250, 5001);
    expect(body.EXPIRES_IN).toBe(900);
    const now = Date.now();
    jest.spyOn(clock, 'now').mockReturnValue(new Date(now + 899_000));
    expect((await media(url, { cookie, range: 'bytes=0-9' })).status).toBe(206);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(now + 901_000));
    expect((await media(url, { cookie, range: 'bytes=0-9' })).status).toBe(403);
  });

  it('documents of 215 are refused until its Terms of Use are accepted, then served through their signed links', async () => {
    const token = await login('streamer@demo.test');
    const detail = await call<{ data: { DOCUMENTS: { FILES: { URL: string }[] }[] } }>(token, 'GET', '/streaming/215');
    const urls = detail.body.data.DOCUMENTS.flatMap((d) => d.FILES.map((f) => f.URL));
    expect(urls).toHaveLength(9);
    // Nobody has accepted 215's terms in the demo data: every PDF is refused, with the reason.
    for (const url of urls) {
      const refused = await media(url, { cookie: detail.cookie });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toBe(MEDIA_TERMS_DUE);
    }

    expect((await call(token, 'POST', '/streaming/215/terms', {})).status).toBe(200);
    // The links given before the acceptance open now (the terms are checked on every request).
    for (const url of urls) {
      const response = await media(url, { cookie: detail.cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });

  it('VideoStarted once per viewing; heartbeats credit only media the server served to it', async () => {
    const token = await login('streamer@demo.test');
    const viewingId = '3c9e8f7a-1b2d-4e5f-8a9b-0c1d2e3f4a5b';
    const body = { PRODUCTID: 250, VIDEOID: 5001, VIEWINGID: viewingId };
    const start = await call<ViewingResponse>(token, 'POST', '/streaming/viewings', body);
    expect(start.body).toMatchObject({ VIEWINGID: viewingId, WATCHED: 0, PLANTYPE: 2, EXPIRES_IN: 0 });
    expect((await call<ViewingResponse>(token, 'POST', '/streaming/viewings', body)).status).toBe(200);
    // No playback was opened, so nothing was served: the claim credits nothing.
    const report = await call<ViewingResponse>(token, 'POST', `/streaming/viewings/${viewingId}/progress`, {
      INTERVALS: [[0, 4]],
      POSITION: 3,
    });
    expect(report.body).toMatchObject({ WATCHED: 0, LONGVIEW: false, EXPIRES_IN: 0 });
    const events = await shop.app
      .get<symbol, EventStore>(EVENT_STORE, { strict: false })
      .readStream(`viewing-${viewingId}`);
    expect(events.map((e) => e.type)).toEqual(['VideoStarted', 'WatchIntervalsReported']);
  });

  it('heartbeats: bad input 400, an unknown viewing 404', async () => {
    const token = await login('complete@demo.test');
    const bad = await call(token, 'POST', '/streaming/viewings/not-a-uuid/progress', { INTERVALS: [] });
    expect(bad.status).toBe(400);
    const unknown = await call(token, 'POST', '/streaming/viewings/6f1c2a9e-4a8e-4a57-9a51-0a1b2c3d4e5f/progress', {
      INTERVALS: [],
    });
    expect(unknown.status).toBe(404);
    const start = await call<ViewingResponse>(token, 'POST', '/streaming/viewings', { PRODUCTID: 250, VIDEOID: 5001 });
    expect(start.body.PLANTYPE).toBe(1); // qmpcomplete
    expect(
      (await call(token, 'POST', `/streaming/viewings/${start.body.VIEWINGID}/progress`, { SECONDS: 60 })).status,
    ).toBe(400);
  });
});
