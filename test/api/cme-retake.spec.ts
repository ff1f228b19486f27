import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Clock } from '#libs/application/clock.js';
import {
  cmeRetakeClosedMessage,
  cmeRetakeTimeUtc,
  type CmeTestResponse,
  type CmeTestSaveResponse,
} from '#libs/contracts/cme.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import type { PlaybackResponse, ViewingResponse } from '#libs/contracts/streaming.js';
import { cmeStreamId } from '#libs/domain/cme/cme.events.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { questionsOf } from '../../apps/api/cme/cme-questions.js';
import { EVENT_STORE } from '../../apps/api/infrastructure/tokens.js';
import { useTestShop } from '../support/app.js';
import { buyWithDateOfBirth } from '../support/checkout-fixtures.js';
import { fireAtOnce, unexpectedStatuses } from '../support/concurrency.js';
import { type HlsFixture, hlsFixture } from '../support/hls-fixture.js';
import { type Caller, shopClient } from '../support/shop-client.js';
import { streamingClient } from '../support/streaming-client.js';

const YEAR = new Date().getUTCFullYear();
/** The shop's data folder: the imported media of 287's first video live under it. */
const dataDir = mkdtempSync(join(tmpdir(), 'shop-cme-retake-'));
const HOUR = 3_600_000;
/** The tests' "now": the real time, kept two days clear of New Year so a day later is the same CME year. */
const BASE = Math.min(Date.now(), Date.UTC(YEAR, 11, 29));
const keyOf = (productId: number): number[] => questionsOf(productId)!.key;
/** Ten different guesses: the first answers vary, so each would score differently. */
const GUESSES = Array.from({ length: 10 }, (_, n) => [n % 4, Math.floor(n / 4) % 4, 0, 0]);

type Saved = CmeTestSaveResponse & { ERROR?: string };

/**
 * The retake policy over HTTP (docs/decisions.md): a test taken this year opens again 24 hours after
 * its last submit, or at once after a long view of its video recorded since; a submit before is 409
 * and records nothing. Guessing the key by resubmitting costs a day per guess.
 */
describe('CME retakes: a cooldown, or the video watched again', () => {
  const shop = useTestShop({ seedDemo: true, env: { DATA_DIR: dataDir } });
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const streaming = streamingClient(() => shop.baseUrl);
  const login = async (email: string): Promise<Caller> => ({ token: (await loginAs(email)).token });
  let store: EventStore;
  let clock: Clock;
  let video: HlsFixture;
  const at = (ms: number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(ms));

  beforeAll(async () => {
    store = shop.app.get<EventStore>(EVENT_STORE);
    clock = shop.app.get(Clock);
    // A long view needs more than ten minutes of a video the server served: 287's first one, 30 minutes.
    video = await hlsFixture(shop, { productId: 287, videoId: 5141, durationSeconds: 1800, segmentSeconds: 10 });
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const submit = (who: Caller, path: string, ANSWERS: number[]) =>
    call<Saved>(who, 'POST', `/cme/tests/${path}`, { ANSWERS });
  const testOf = (who: Caller, path: string) => call<CmeTestResponse>(who, 'GET', `/cme/tests/${path}`);
  const customerIdOf = async (who: Caller): Promise<string> =>
    (await call<{ customerId: string }>(who, 'GET', '/auth/me')).body.customerId;
  const attemptsOf = async (customerId: string, productId: number) =>
    (await store.readStream(cmeStreamId(customerId, YEAR))).filter(
      (e) => e.type !== 'CmeCertificateIssued' && (e.data as { productId: number }).productId === productId,
    );

  it('ten quick guesses at module/160 give one scored attempt and nine 409s naming when it opens', async () => {
    const learner = await login('learner@demo.test');
    expect((await buyWithDateOfBirth(call, learner, 160)).body.ERRORS).toEqual([]);
    const customerId = await customerIdOf(learner);
    const fresh = await testOf(learner, 'module/160');
    expect(fresh.body).toMatchObject({ RECORD: null, RETAKE_OPENS_AT: null, RETAKE_BY_VIEWING: false });

    at(BASE);
    const answers: Saved[] = [];
    const statuses: number[] = [];
    for (const guess of GUESSES) {
      const r = await submit(learner, 'module/160', guess);
      statuses.push(r.status);
      answers.push(r.body);
    }
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    // A day later, rounded up to the whole minute the message names.
    const opens = new Date(Math.ceil((BASE + 24 * HOUR) / 60_000) * 60_000);
    expect(answers[0]!.RETAKE_OPENS_AT).toBe(opens.toISOString());
    // A module has no video: the refusal names the time only.
    const refused = cmeRetakeClosedMessage(cmeRetakeTimeUtc(opens.toISOString()), false);
    for (const body of answers.slice(1)) expect(body.ERROR).toBe(refused);

    // One attempt recorded, scored on the first guess; the refusals left no trace and changed nothing.
    const attempts = await attemptsOf(customerId, 160);
    expect(attempts.map((e) => e.type)).toEqual(['CmeTestSubmitted']);
    expect((attempts[0]!.data as { answers: number[] }).answers).toEqual(GUESSES[0]);
    const shown = await testOf(learner, 'module/160');
    expect(shown.body).toMatchObject({ RETAKE_OPENS_AT: opens.toISOString(), RETAKE_BY_VIEWING: false });
    expect(shown.body.RECORD!.TOTAL).toBe(answers[0]!.TOTAL);

    // Thirty at once in the cooldown: every one refused, none a 5xx, nothing appended.
    at(BASE + 23 * HOUR);
    const burst = await fireAtOnce(30, () => submit(learner, 'module/160', keyOf(160)));
    expect(unexpectedStatuses(burst.statuses, [409])).toEqual({});
    expect(await attemptsOf(customerId, 160)).toHaveLength(1);

    // The minute it opens: thirty at once score exactly one retake (the rest wait again, or met a change).
    at(opens.getTime());
    expect((await testOf(learner, 'module/160')).body.RETAKE_OPENS_AT).toBeNull();
    const open = await fireAtOnce(30, () => submit(learner, 'module/160', keyOf(160)));
    const next = new Date(Math.ceil((opens.getTime() + 24 * HOUR) / 60_000) * 60_000).toISOString();
    const refusedAgain = cmeRetakeClosedMessage(cmeRetakeTimeUtc(next), false);
    expect(unexpectedStatuses(open.statuses, [200, 409])).toEqual({});
    expect(open.statuses[200]).toBe(1);
    for (const r of open.results as Awaited<ReturnType<typeof submit>>[]) {
      if (r.status === 409) expect([CONCURRENT_CHANGE, refusedAgain]).toContain(r.body.ERROR);
    }
    const after = await attemptsOf(customerId, 160);
    expect(after.map((e) => e.type)).toEqual(['CmeTestSubmitted', 'CmeTestUpdated']);
    expect((after[1]!.data as { creditsAwarded: number }).creditsAwarded).toBe(2);
  });

  it('a long view of the product’s video after the last submit reopens it at once, once', async () => {
    const cme = await login('cme@demo.test');
    const customerId = await customerIdOf(cme);
    at(BASE);
    expect((await submit(cme, 'streaming/287', [0, 0, 0, 0])).status).toBe(200);
    at(BASE + HOUR);
    const refused = await submit(cme, 'streaming/287', keyOf(287));
    expect(refused.status).toBe(409);
    expect(refused.body.ERROR).toContain('or as soon as you have watched one of its videos again for more than 10');
    expect((await testOf(cme, 'streaming/287')).body).toMatchObject({ RETAKE_BY_VIEWING: true });

    // Watching 287's first video for eleven minutes: the player fetches each minute's segments and
    // reports the minute it played (the clock moves; the heartbeats cannot run ahead of it).
    const start = BASE + 2 * HOUR;
    at(start);
    const VIEWINGID = randomUUID();
    const playback = await streaming.call<PlaybackResponse>(cme.token ?? '', 'POST', '/streaming/playbacks', {
      PRODUCTID: 287,
      VIDEOID: 5141,
      VIEWINGID,
    });
    const base = playback.body.SRC.replace(/master\.m3u8$/, '');
    const { cookie } = playback;
    const viewing = await call<ViewingResponse>(cme, 'POST', '/streaming/viewings', {
      PRODUCTID: 287,
      VIDEOID: 5141,
      VIEWINGID,
    });
    expect(viewing.status).toBe(200);
    for (let minute = 1; minute <= 11; minute += 1) {
      at(start + (minute - 1) * 60_000 + 1000);
      for (const segment of video.segments.filter((s) => s.from >= (minute - 1) * 60 && s.from < minute * 60)) {
        const got = await fetch(`${shop.baseUrl}${base}360p/${segment.name}`, { headers: { cookie } });
        expect(got.status).toBe(200);
        await got.arrayBuffer();
      }
      at(start + minute * 60_000);
      const report = await call<ViewingResponse>(cme, 'POST', `/streaming/viewings/${VIEWINGID}/progress`, {
        INTERVALS: [[60 * (minute - 1), 60 * minute]],
        POSITION: 60 * minute,
      });
      expect(report.status).toBe(200);
    }
    at(start + 12 * 60_000);
    expect((await testOf(cme, 'streaming/287')).body.RETAKE_OPENS_AT).toBeNull();
    const retaken = await submit(cme, 'streaming/287', keyOf(287));
    expect(retaken.status).toBe(200);
    expect(retaken.body.TOTAL).toBe(2);

    // The long view was spent on that retake: the next one waits again.
    at(start + 13 * 60_000);
    expect((await submit(cme, 'streaming/287', [0, 0, 0, 0])).status).toBe(409);
    const attempts = await attemptsOf(customerId, 287);
    expect(attempts.map((e) => e.type)).toEqual(['CmeTestSubmitted', 'CmeTestUpdated']);
  });

  it('documents the refused retake (409) and the opening on the test routes for OpenAPI', async () => {
    type Operation = { responses: Record<string, { description?: string }> };
    const { body } = await call<{
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    }>({}, 'GET', '/docs-json');
    const post = body.paths['/api/cme/tests/{TYPE}/{ID}']!.post!;
    expect(post.responses['409']!.description).toContain('A retake before it opens');
    expect(Object.keys(body.components.schemas.CmeTestDto!.properties)).toEqual(
      expect.arrayContaining(['RETAKE_OPENS_AT', 'RETAKE_BY_VIEWING']),
    );
    expect(Object.keys(body.components.schemas.CmeTestSavedDto!.properties)).toContain('RETAKE_OPENS_AT');
  });
});
