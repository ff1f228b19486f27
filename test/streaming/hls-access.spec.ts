import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_TERMS_DUE } from '#apps/api/streaming/media.controller.js';
import { Clock } from '#libs/application/clock.js';
import {
  NOT_AUTHORIZED,
  PLAYBACK_ACCESS_ENDED,
  PLAYBACK_ACCESS_SECONDS,
  type StreamVideoResponse,
} from '#libs/contracts/streaming.js';
import { useTestShop } from '../support/app.js';
import { type HlsFixture, hlsFixture } from '../support/hls-fixture.js';
import { playbackClient } from './playback-client.js';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-hls-access-'));
const MINUTE = 60_000;

/**
 * The playback route (issue 22): a playback opened by the player's page serves its media under an
 * opaque token bound to the session, only with the session's media cookie, to the account that may
 * watch, until the access lapses without heartbeats; a 90-minute playback renewed by its heartbeats
 * never stops; no error repeats the token.
 */
describe('playbacks and their media', () => {
  const shop = useTestShop({ seedDemo: true, env: { DATA_DIR: dataDir } });
  const { open, play, heartbeat, get, login, call } = playbackClient(() => shop.baseUrl);
  let clock: Clock;
  let media: HlsFixture;
  const at = (ms: number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(ms));

  beforeAll(async () => {
    clock = shop.app.get(Clock);
    media = await hlsFixture(shop, {
      productId: 250,
      videoId: 5001,
      durationSeconds: 5400,
      segmentSeconds: 6,
      chapters: [
        { start: 0, title: 'Approach' },
        { start: 600, title: 'Osteotomies' },
      ],
      captions: true,
    });
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens an HLS playback: addresses under one opaque token, the cookie for /api, the files streamed', async () => {
    const token = await login('streamer@demo.test');
    const playback = await open(token, 250, 5001);
    expect(playback.status).toBe(200);
    const hlsToken = playback.base.split('/')[3] ?? '';
    expect(playback.body).toEqual({
      VIEWINGID: playback.viewingId,
      KIND: 'hls',
      SRC: `/api/hls/${hlsToken}/master.m3u8`,
      POSTER: `/api/hls/${hlsToken}/poster.jpg`,
      THUMBNAILS: `/api/hls/${hlsToken}/thumbnails.vtt`,
      CAPTIONS: `/api/hls/${hlsToken}/captions.vtt`,
      CHAPTERS: `/api/hls/${hlsToken}/chapters.vtt`,
      EXPIRES_IN: PLAYBACK_ACCESS_SECONDS,
    });
    // Opaque: nothing readable of the customer, the session or the viewing.
    expect(hlsToken).toMatch(/^[A-Za-z0-9_-]{44}$/);
    const me = await call<{ customerId: string }>(token, 'GET', '/auth/me');
    for (const part of [me.body.customerId, playback.viewingId]) {
      expect(Buffer.from(hlsToken, 'base64url').toString('latin1')).not.toContain(part);
      expect(hlsToken).not.toContain(part);
    }
    expect(playback.cookie).toMatch(/^media_session=/);

    const cookie = { cookie: playback.cookie };
    const master = await get(playback.body.SRC, cookie);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.text).toContain('360p/index.m3u8');
    const list = await get(`${playback.base}720p/index.m3u8`, cookie);
    expect(list.text).toContain('seg_00000.m4s');
    const segment = await get(`${playback.base}720p/seg_00003.m4s`, cookie);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    expect(segment.bytes.equals(media.segmentBytes('720p', 'seg_00003.m4s'))).toBe(true);
    const part = await get(`${playback.base}720p/seg_00003.m4s`, { ...cookie, range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(media.segmentBytes('720p', 'seg_00003.m4s').subarray(0, 10))).toBe(true);
    for (const file of ['poster.jpg', 'thumbnails.vtt', 'captions.vtt', 'chapters.vtt', '360p/init.mp4']) {
      expect((await get(`${playback.base}${file}`, cookie)).status).toBe(200);
    }
    expect((await get(`${playback.base}chapters.vtt`, cookie)).text).toContain('Osteotomies');
  });

  it('the video call tells of the imported media; a title without it opens a progressive playback', async () => {
    const token = await login('streamer@demo.test');
    const video = await call<StreamVideoResponse>(token, 'GET', '/streaming/250/videos/5001');
    expect(video.body.data[0]?.VIDEOS[0]?.MEDIA).toEqual({
      DURATION: 5400,
      RENDITIONS: [
        { NAME: '360p', WIDTH: 640, HEIGHT: 360, BANDWIDTH: 1_080_000 },
        { NAME: '720p', WIDTH: 1280, HEIGHT: 720, BANDWIDTH: 2_160_000 },
      ],
      CHAPTERS: [
        { START: 0, TITLE: 'Approach' },
        { START: 600, TITLE: 'Osteotomies' },
      ],
      CAPTIONS: true,
    });
    const other = await call<StreamVideoResponse>(token, 'GET', '/streaming/250/videos/5003');
    expect(other.body.data[0]?.VIDEOS[0]?.MEDIA).toBeNull();

    const playback = await open(token, 250, 5003); // video/sample-1.mp4 with its captions
    expect(playback.body).toMatchObject({ KIND: 'progressive', POSTER: null, THUMBNAILS: null, CHAPTERS: null });
    expect(playback.body.SRC).toMatch(/^\/api\/hls\/[A-Za-z0-9_-]{44}\/progressive$/);
    const sample = readFileSync('media/video/sample-1.mp4');
    const range = await get(playback.body.SRC, { cookie: playback.cookie, range: 'bytes=100-1099' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-1099/${sample.length}`);
    expect(range.bytes.equals(sample.subarray(100, 1100))).toBe(true);
    const captions = await get(playback.body.CAPTIONS ?? '', { cookie: playback.cookie });
    expect(captions.text).toContain('Sample video 1');
    // An HLS file of a progressive playback, or the progressive file of an HLS one: none.
    expect((await get(`${playback.base}master.m3u8`, { cookie: playback.cookie })).status).toBe(404);
  });

  it('refuses a playback without access (404), of another account’s viewing (404), and before the terms (403)', async () => {
    const learner = await login('learner@demo.test'); // eLearning only: not product 250
    expect((await open(learner, 250, 5001)).status).toBe(404);
    const streamer = await login('streamer@demo.test');
    const mine = await open(streamer, 250, 5001);
    const complete = await login('complete@demo.test');
    const taken = await open(complete, 250, 5001, mine.viewingId);
    expect(taken.status).toBe(404);
    expect(taken.body.error).toBe(NOT_AUTHORIZED);
    const terms = await open(streamer, 215, 5463);
    expect(terms.status).toBe(403);
    expect(terms.body.error).toBe(MEDIA_TERMS_DUE);
    expect((await call(streamer, 'POST', '/streaming/playbacks', { PRODUCTID: 250, VIDEOID: 5001 })).status).toBe(400);
  });

  it('a segment is refused to another account, without the cookie, with a tampered token; never naming the token', async () => {
    const streamer = await login('streamer@demo.test');
    const complete = await login('complete@demo.test');
    const mine = await open(streamer, 250, 5001);
    const theirs = await open(complete, 250, 5001);
    const segment = `${mine.base}360p/seg_00001.m4s`;
    expect((await get(segment, { cookie: mine.cookie })).status).toBe(200);

    const hlsToken = mine.base.split('/')[3] ?? '';
    const flip = (c: string): string => (c === 'A' ? 'B' : 'A');
    const tampered = [
      segment.replace(hlsToken, `${hlsToken.slice(0, 43)}${flip(hlsToken[43] ?? '')}`), // the MAC
      segment.replace(hlsToken, `${flip(hlsToken[0] ?? '')}${hlsToken.slice(1)}`), // the lease key
      segment.replace(hlsToken, hlsToken.slice(0, 40)),
    ];
    const refusals = [
      await get(segment, { cookie: theirs.cookie }), // a copied address in another account's browser
      await get(segment), // no cookie
      ...(await Promise.all(tampered.map((path) => get(path, { cookie: mine.cookie })))),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.text)).toMatchObject({ statusCode: 403, error: PLAYBACK_ACCESS_ENDED });
      expect(refused.text).not.toContain(hlsToken);
      expect(refused.text).not.toContain(hlsToken.slice(0, 22));
    }
  });

  it('a path outside the folder or not in the layout is not found (a broken one 400), and no error repeats the token', async () => {
    const token = await login('streamer@demo.test');
    const playback = await open(token, 250, 5001);
    const hlsToken = playback.base.split('/')[3] ?? '';
    const cookie = { cookie: playback.cookie };
    for (const path of [
      `${playback.base}..%2F..%2Fsecrets.json`,
      `${playback.base}%2E%2E/360p/index.m3u8`,
      `${playback.base}360p/..%2F..%2Fmaster.m3u8`,
      `${playback.base}360p/seg_99999.m4s`,
      `${playback.base}index.html`,
      `${playback.base}2160p/index.m3u8`,
      `${playback.base}360p/index.m3u8/extra`,
      `${playback.base}a/b/c/d`,
      `/api/media/video/a/b/c?token=${hlsToken}`,
      `${playback.base}%E0%A4%A`, // not a valid URL component, and a control character: 400
      `${playback.base}360p/%00`,
    ]) {
      const answer = await get(path, cookie);
      expect({ path, status: answer.status }).toEqual({ path, status: /%(E0|00)/.test(path) ? 400 : 404 });
      expect(answer.text).not.toContain(hlsToken);
      expect(answer.text).not.toContain('token=');
    }
  });

  it('a segment is refused after logout and after the access lapsed (no heartbeat for 3 minutes)', async () => {
    const t0 = Date.now();
    at(t0);
    const token = await login('streamer@demo.test');
    const playback = await open(token, 250, 5001);
    const segment = `${playback.base}360p/seg_00002.m4s`;
    const cookie = { cookie: playback.cookie };
    at(t0 + PLAYBACK_ACCESS_SECONDS * 1000 - 1000);
    expect((await get(segment, cookie)).status).toBe(200);
    at(t0 + PLAYBACK_ACCESS_SECONDS * 1000 + 1000);
    const lapsed = await get(segment, cookie);
    expect(lapsed.status).toBe(403);
    expect(JSON.parse(lapsed.text).error).toBe(PLAYBACK_ACCESS_ENDED);

    // Reopened (the player's recovery), then the session ends.
    const again = await open(token, 250, 5001, playback.viewingId);
    expect((await get(`${again.base}360p/seg_00002.m4s`, cookie)).status).toBe(200);
    expect((await call(token, 'POST', '/auth/logout')).status).toBe(204);
    const loggedOut = await get(`${again.base}360p/seg_00002.m4s`, cookie);
    expect(loggedOut.status).toBe(403);
    expect(JSON.parse(loggedOut.text).error).toBe(PLAYBACK_ACCESS_ENDED);
  });

  it('a 90-minute playback renewed by its heartbeats is never refused', async () => {
    const t0 = Date.now();
    at(t0);
    const token = await login('complete@demo.test');
    const playback = await open(token, 250, 5001);
    expect((await play(token, 250, 5001, playback.viewingId)).status).toBe(200);
    const cookie = { cookie: playback.cookie };
    let refused = 0;
    for (let minute = 1; minute <= 90; minute++) {
      // Ten 6-second segments a minute, fetched ahead as a player buffers.
      for (let s = 0; s < 10; s += 5) {
        const name = media.segments[(minute - 1) * 10 + s]?.name ?? '';
        at(t0 + (minute - 1) * MINUTE + s * 6000);
        if ((await get(`${playback.base}720p/${name}`, cookie)).status !== 200) refused++;
      }
      at(t0 + minute * MINUTE);
      const beat = await heartbeat(token, playback.viewingId, [[(minute - 1) * 60, minute * 60]], minute * 60);
      expect(beat.status).toBe(200);
      expect(beat.body.EXPIRES_IN).toBe(PLAYBACK_ACCESS_SECONDS);
    }
    expect(refused).toBe(0);
    // A paused player keeps its access with empty heartbeats too.
    at(t0 + 92 * MINUTE);
    expect((await heartbeat(token, playback.viewingId, [])).body.EXPIRES_IN).toBe(PLAYBACK_ACCESS_SECONDS);
    at(t0 + 94 * MINUTE);
    expect((await get(`${playback.base}720p/seg_00000.m4s`, cookie)).status).toBe(200);
  });
});
