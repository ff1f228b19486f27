import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '#apps/api/infrastructure/tokens.js';
import { VIEWING_ID } from '#apps/api/streaming/viewings.controller.js';
import { Clock } from '#libs/application/clock.js';
import {
  HEARTBEAT_INVALID,
  PLAYBACK_ACCESS_SECONDS,
  PLAYBACK_ELSEWHERE,
  type PlaybackStateResponse,
  type StreamVideoResponse,
  type ViewingResponse,
} from '#libs/contracts/streaming.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { useTestShop } from '../support/app.js';
import { fireAtOnce, unexpectedStatuses } from '../support/concurrency.js';
import { type HlsFixture, hlsFixture } from '../support/hls-fixture.js';
import { playbackClient } from './playback-client.js';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-watch-evidence-'));
const MINUTE = 60_000;
const DURATION = 1800;

/**
 * True watch evidence (issue 22): heartbeats report intervals; the server credits unique seconds only
 * where it served the media to that viewing, never faster than the wall clock; LongViewReached means
 * more than 600 unique seconds. One playback per account: a first play elsewhere stops the others.
 */
describe('watch evidence and one playback per account', () => {
  const shop = useTestShop({ seedDemo: true, env: { DATA_DIR: dataDir } });
  const { open, play, heartbeat, get, login, call } = playbackClient(() => shop.baseUrl);
  let clock: Clock;
  let store: EventStore;
  let media: HlsFixture;
  const at = (ms: number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(ms));
  const leaseOf = (token: string, viewingId: string) =>
    call<PlaybackStateResponse & { error?: string; message?: string[] }>(
      token,
      'GET',
      `/streaming/playbacks/${viewingId}`,
    );
  const eventsOf = async (viewingId: string) => (await store.readStream(`viewing-${viewingId}`)).map((e) => e.type);

  /** Fetches the 360p segments that hold [from, to) as a player would; answers their statuses. */
  const fetchSpan = async (base: string, cookie: string, from: number, to: number): Promise<number[]> => {
    const wanted = media.segments.filter((s) => s.to > from && s.from < to);
    return Promise.all(wanted.map(async (s) => (await get(`${base}360p/${s.name}`, { cookie })).status));
  };

  beforeAll(async () => {
    clock = shop.app.get(Clock);
    store = shop.app.get<EventStore>(EVENT_STORE);
    media = await hlsFixture(shop, { productId: 250, videoId: 5002, durationSeconds: DURATION, segmentSeconds: 10 });
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('an honest viewing that fetches its segments reaches the long view after more than 600 s, once', async () => {
    const t0 = Date.now();
    at(t0);
    const token = await login('streamer@demo.test');
    const playback = await open(token, 250, 5002);
    expect((await play(token, 250, 5002, playback.viewingId)).status).toBe(200);
    for (let minute = 1; minute <= 12; minute++) {
      at(t0 + (minute - 1) * MINUTE + 1000);
      expect(await fetchSpan(playback.base, playback.cookie, (minute - 1) * 60, minute * 60)).toEqual(
        Array(6).fill(200),
      );
      at(t0 + minute * MINUTE);
      const beat = await heartbeat(token, playback.viewingId, [[(minute - 1) * 60, minute * 60]], minute * 60);
      expect(beat.status).toBe(200);
      if (minute === 10) expect(beat.body).toMatchObject({ WATCHED: 600, LONGVIEW: false, STOP: false });
      if (minute === 11) expect(beat.body).toMatchObject({ WATCHED: 660, LONGVIEW: true, STOP: true, PLANTYPE: 2 });
    }
    const types = await eventsOf(playback.viewingId);
    expect(types.filter((t) => t === 'VideoStarted')).toHaveLength(1);
    expect(types.filter((t) => t === 'LongViewReached')).toHaveLength(1);
    expect(types.filter((t) => t === 'WatchIntervalsReported')).toHaveLength(12);
    // The resume point comes back on the video call; watched to the end, it starts over.
    const resumed = await call<StreamVideoResponse>(token, 'GET', '/streaming/250/videos/5002');
    expect(resumed.body.data[0]?.VIDEOS[0]?.POSITION).toBe(720);
    at(t0 + 13 * MINUTE);
    await heartbeat(token, playback.viewingId, [], DURATION - 3);
    const finished = await call<StreamVideoResponse>(token, 'GET', '/streaming/250/videos/5002');
    expect(finished.body.data[0]?.VIDEOS[0]?.POSITION).toBe(0);
  });

  it('20 viewings that fetch no media and report 6 x 120 s never reach the long view', async () => {
    const t0 = Date.now();
    const token = await login('complete@demo.test');
    for (let n = 0; n < 20; n++) {
      const start = t0 + n * 13 * MINUTE;
      at(start);
      const playback = await open(token, 250, 5002);
      expect((await play(token, 250, 5002, playback.viewingId)).status).toBe(200);
      for (let report = 1; report <= 6; report++) {
        at(start + report * 2 * MINUTE);
        const beat = await heartbeat(token, playback.viewingId, [[(report - 1) * 120, report * 120]], report * 120);
        expect(beat.body).toMatchObject({ WATCHED: 0, LONGVIEW: false, STOP: false });
      }
      expect(await eventsOf(playback.viewingId)).not.toContain('LongViewReached');
    }
  });

  it('forged heartbeats: seconds past the video refused, overlaps counted once, faster than real time capped', async () => {
    const t0 = Date.now();
    at(t0);
    const streamer = await login('streamer@demo.test');
    const playback = await open(streamer, 250, 5002);
    await play(streamer, 250, 5002, playback.viewingId);
    // The player fetched the whole video at once (a download), 20 s after the start.
    at(t0 + 20_000);
    expect(new Set(await fetchSpan(playback.base, playback.cookie, 0, DURATION))).toEqual(new Set([200]));

    const future = await heartbeat(streamer, playback.viewingId, [[0, DURATION + 60]]);
    expect(future.status).toBe(400);
    expect(future.body.error).toBe(HEARTBEAT_INVALID);
    const backwards = await heartbeat(streamer, playback.viewingId, [[90, 30]]);
    expect(backwards.status).toBe(400);
    const shape = await heartbeat(streamer, playback.viewingId, [[-5, 10]]);
    expect(shape.status).toBe(400);

    // Ten minutes claimed 30 s after the start: at most 30 s + 10 s slack.
    at(t0 + 30_000);
    const fast = await heartbeat(streamer, playback.viewingId, [[0, 600]]);
    expect(fast.body.WATCHED).toBe(40);
    // The same seconds again, overlapping: nothing more once the clock allows them.
    at(t0 + 11 * MINUTE);
    const overlapping = await heartbeat(streamer, playback.viewingId, [
      [0, 300],
      [200, 600],
      [100, 500],
    ]);
    expect(overlapping.body).toMatchObject({ WATCHED: 600, LONGVIEW: false });
  });

  it("a second device's first play stops the first: 409 on its heartbeat, 403 on its media; Play here takes it back", async () => {
    const token = await login('streamer@demo.test');
    const first = await open(token, 250, 5002);
    await play(token, 250, 5002, first.viewingId);
    expect(await fetchSpan(first.base, first.cookie, 0, 10)).toEqual([200]);
    const second = await open(token, 250, 5002);
    // Opening a page does not stop the first: only its first play does.
    expect((await heartbeat(token, first.viewingId, [])).status).toBe(200);
    await play(token, 250, 5002, second.viewingId);

    // The first page's lease check says so at once, before any heartbeat.
    const check = await leaseOf(token, first.viewingId);
    expect(check.status).toBe(409);
    expect(check.body).toMatchObject({ error: PLAYBACK_ELSEWHERE });
    expect((await leaseOf(token, second.viewingId)).body).toEqual({
      VIEWINGID: second.viewingId,
      LIVE: true,
      EXPIRES_IN: expect.any(Number),
    });
    const stopped = await heartbeat(token, first.viewingId, [[0, 10]]);
    expect(stopped.status).toBe(409);
    expect(stopped.body.error).toBe(PLAYBACK_ELSEWHERE);
    const segment = await get(`${first.base}360p/seg_00001.m4s`, { cookie: first.cookie });
    expect(segment.status).toBe(403);
    expect(JSON.parse(segment.text).error).toBe(PLAYBACK_ELSEWHERE);
    expect(await fetchSpan(second.base, second.cookie, 0, 10)).toEqual([200]);

    // "Play here" on the first: it reopens and plays; now the second one is stopped.
    const back = await open(token, 250, 5002, first.viewingId);
    await play(token, 250, 5002, first.viewingId);
    expect(await fetchSpan(back.base, back.cookie, 10, 20)).toEqual([200]);
    expect((await heartbeat(token, second.viewingId, [])).status).toBe(409);
    expect((await leaseOf(token, second.viewingId)).status).toBe(409);
    expect((await leaseOf(token, first.viewingId)).status).toBe(200);
  });

  it("the lease check: live with the access left, 404 for another account's or an unknown viewing, 400 for a bad id, 401 after a login elsewhere", async () => {
    const token = await login('streamer@demo.test');
    const playback = await open(token, 250, 5002);
    const live = await leaseOf(token, playback.viewingId);
    expect(live.status).toBe(200);
    expect(live.body.EXPIRES_IN).toBeGreaterThan(PLAYBACK_ACCESS_SECONDS - 30);
    expect(live.body.EXPIRES_IN).toBeLessThanOrEqual(PLAYBACK_ACCESS_SECONDS);
    const complete = await login('complete@demo.test');
    expect((await leaseOf(complete, playback.viewingId)).status).toBe(404);
    expect((await leaseOf(token, '6f1c2a9e-4a8e-4a57-9a51-0a1b2c3d4e5f')).status).toBe(404);
    const bad = await leaseOf(token, 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: [VIEWING_ID] });
    // A second login of the account ends this session: the page's next check answers 401.
    await login('streamer@demo.test');
    expect((await leaseOf(token, playback.viewingId)).status).toBe(401);
  });

  it('30 heartbeats at once answer 200 or 409, and the unique seconds add up once', async () => {
    const t0 = Date.now();
    at(t0);
    const token = await login('streamer@demo.test');
    const playback = await open(token, 250, 5002);
    await play(token, 250, 5002, playback.viewingId);
    await fetchSpan(playback.base, playback.cookie, 0, 120);
    at(t0 + 2 * MINUTE);
    const beats = await fireAtOnce(30, (n) => heartbeat(token, playback.viewingId, [[n * 4, n * 4 + 8]], n * 4 + 8));
    expect(unexpectedStatuses(beats.statuses, [200, 409])).toEqual({});
    for (const r of beats.results as { status: number; body: { error?: string } }[]) {
      if (r.status === 409) expect(r.body.error).toBe(CONCURRENT_CHANGE);
    }
    const last = await heartbeat(token, playback.viewingId, []);
    const accepted = beats.statuses[200] ?? 0;
    expect(last.body.WATCHED).toBeLessThanOrEqual(120);
    if (accepted === 30) expect(last.body.WATCHED).toBe(120);
    const types = await eventsOf(playback.viewingId);
    expect(types.filter((t) => t === 'WatchIntervalsReported').length).toBe(accepted);
  });

  it('30 first plays of 30 page loads at once answer 200 or 409, and one playback stays', async () => {
    const token = await login('streamer@demo.test');
    const playbacks = await Promise.all(Array.from({ length: 30 }, () => open(token, 250, 5002)));
    const plays = await fireAtOnce(30, (n) => play(token, 250, 5002, playbacks[n]!.viewingId));
    expect(unexpectedStatuses(plays.statuses, [200, 409])).toEqual({});
    const { rows } = await shop.app.get<Pool>(PG_POOL).query<{ n: number }>(
      `SELECT count(*)::int AS n FROM playback_leases
        WHERE viewing_id = ANY($1::text[]) AND ended_reason IS NULL AND started_at IS NOT NULL`,
      [playbacks.map((p) => p.viewingId)],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('a heartbeat of another account, an unknown viewing or a bad body is refused', async () => {
    const streamer = await login('streamer@demo.test');
    const playback = await open(streamer, 250, 5002);
    await play(streamer, 250, 5002, playback.viewingId);
    const complete = await login('complete@demo.test');
    expect((await heartbeat(complete, playback.viewingId, [[0, 10]])).status).toBe(404);
    expect((await heartbeat(streamer, '6f1c2a9e-4a8e-4a57-9a51-0a1b2c3d4e5f', [])).status).toBe(404);
    for (const body of [{}, { INTERVALS: [[1]] }, { INTERVALS: [[0, 'x']] }, { INTERVALS: 'x' }, { SECONDS: 60 }]) {
      const bad = await call<ViewingResponse>(
        streamer,
        'POST',
        `/streaming/viewings/${playback.viewingId}/progress`,
        body,
      );
      expect({ body, status: bad.status }).toEqual({ body, status: 400 });
    }
    const tooMany = Array.from({ length: 201 }, (_, n): [number, number] => [n, n + 1]);
    expect((await heartbeat(streamer, playback.viewingId, tooMany)).status).toBe(400);
  });
});
