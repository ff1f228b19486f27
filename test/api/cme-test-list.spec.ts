import { Clock } from '#libs/application/clock.js';
import type { CmeTestListItem, CmeTestListResponse, CmeTestSaveResponse } from '#libs/contracts/cme.js';
import { questionsOf } from '../../apps/api/cme/cme-questions.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { buyWithDateOfBirth } from '../support/checkout-fixtures.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const YEAR = new Date().getUTCFullYear();
const keyOf = (productId: number): number[] => questionsOf(productId)!.key;
const withRight = (productId: number, right: number): number[] =>
  keyOf(productId).map((k, i) => (i < right ? k : (k + 1) % 4));

/** The CME center's list of tests (GET /api/cme/tests): what the user can take this year, with its state. */
describe('CME API: the tests a user can take', () => {
  let shop: TestApp;
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const login = async (email: string): Promise<Caller> => ({ token: (await loginAs(email)).token });

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await shop?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const tests = async (who: Caller): Promise<CmeTestListItem[]> => {
    const r = await call<CmeTestListResponse>(who, 'GET', '/cme/tests');
    expect(r.status).toBe(200);
    expect(r.body.YEAR).toBe(YEAR);
    return r.body.TESTS;
  };
  const find = (list: CmeTestListItem[], type: string, id: number) =>
    list.find((t) => t.TYPE === type && t.PRODUCTID === id);

  it('cme@demo.test: this year’s records with their credits and state, the videos it may watch not taken', async () => {
    const list = await tests(await login('cme@demo.test'));
    expect(find(list, 'streaming', 258)).toMatchObject({ STATE: 'taken', TOTAL: 2, CREDITS: 2, SAFETYCREDITS: 2 });
    expect(find(list, 'streaming', 264)).toMatchObject({ STATE: 'retake_available', TOTAL: 1.5 });
    // Module 161 was taken this year (the seed), so it shows although no order bought it; 160 and 162 do not.
    expect(find(list, 'module', 161)).toMatchObject({ STATE: 'retake_available', TOTAL: 1 });
    expect(find(list, 'module', 160)).toBeUndefined();
    expect(find(list, 'streaming', 287)).toMatchObject({ STATE: 'not_taken', TOTAL: null, created_at: null });
    // The demo's attempt not passed: taken this year, no credit yet, its retake a day after the seeding.
    expect(find(list, 'streaming', 299)).toMatchObject({
      STATE: 'retake_available',
      TOTAL: 0,
      RETAKE_OPENS_AT: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/),
    });
    // Modules first; within each kind the tests taken this year first, then by name.
    expect(list[0]).toMatchObject({ TYPE: 'module' });
    const videos = list.filter((t) => t.TYPE === 'streaming');
    expect(
      videos
        .slice(0, 4)
        .map((t) => t.PRODUCTID)
        .sort(),
    ).toEqual([251, 258, 264, 299]);
    const names = videos.slice(4).map((t) => t.NAME);
    expect(videos.slice(4).every((t) => t.STATE === 'not_taken')).toBe(true);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('a module bought this year shows, not taken; a submit moves it to retake available, full marks to taken', async () => {
    const learner = await login('learner@demo.test');
    // No CME role before the purchase: no tests to take.
    expect((await call(learner, 'GET', '/cme/tests')).status).toBe(403);
    const paid = await buyWithDateOfBirth(call, learner, 160);
    expect(paid.body.ERRORS).toEqual([]);

    const bought = await tests(learner);
    expect(bought[0]).toMatchObject({
      TYPE: 'module',
      PRODUCTID: 160,
      CREDITS: 2,
      SAFETYCREDITS: 2,
      STATE: 'not_taken',
    });
    // The eLearning subscription opens no plain video series: only eLearning streams are listed.
    expect(find(bought, 'streaming', 258)).toBeUndefined();

    const submit = (answers: number[]) =>
      call<CmeTestSaveResponse>(learner, 'POST', '/cme/tests/module/160', { ANSWERS: answers });
    // A whole minute (a retake opens on one), two days clear of New Year (a day later is the same CME year).
    const base = Math.floor(Math.min(Date.now(), Date.UTC(YEAR, 11, 29)) / 60_000) * 60_000;
    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(new Date(base));
    expect((await submit(withRight(160, 3))).body.TOTAL).toBe(1.5);
    // Retake available, but only from a day later (the retake policy): the list says when.
    expect(find(await tests(learner), 'module', 160)).toMatchObject({
      STATE: 'retake_available',
      TOTAL: 1.5,
      RETAKE_OPENS_AT: new Date(base + 24 * 3_600_000).toISOString(),
    });
    // The retake a day later (the retake policy).
    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(new Date(base + 24 * 3_600_000));
    expect((await submit(keyOf(160))).body.TOTAL).toBe(2);
    expect(find(await tests(learner), 'module', 160)).toMatchObject({
      STATE: 'taken',
      TOTAL: 2,
      RETAKE_OPENS_AT: null,
    });
  });

  it('is for role cme: cmePrint alone is 403, no login 401; every answer is documented', async () => {
    expect((await call(await login('cmeprint@demo.test'), 'GET', '/cme/tests')).status).toBe(403);
    expect((await call({}, 'GET', '/cme/tests')).status).toBe(401);
    type Operation = { responses: Record<string, unknown> };
    const { body } = await call<{ paths: Record<string, Record<string, Operation>> }>({}, 'GET', '/docs-json');
    expect(Object.keys(body.paths['/api/cme/tests']!.get!.responses).sort()).toEqual(['200', '401', '403']);
  });
});
