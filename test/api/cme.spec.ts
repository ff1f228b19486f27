import { Clock } from '#libs/application/clock.js';
import {
  CERTIFICATE_UNKNOWN,
  CME_ANSWERS_REQUIRED,
  CME_CAP_REACHED,
  CME_CERTIFICATE_NOT_ISSUED,
  CME_INFO_MISSING_ERROR,
  CME_NO_CREDITS,
  type CmeCertificateInfo,
  type CmeSummaryResponse,
  type CmeTestResponse,
  type CmeTestSaveResponse,
  type CmeVerifyResponse,
  cmeSubmittedMessage,
} from '#libs/contracts/cme.js';
import { questionsOf } from '../../apps/api/cme/cme-questions.js';
import { seedDemoCme } from '../../apps/api/seed/demo-cme.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { pdfTextOf } from '../support/pdf-text.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const YEAR = new Date().getUTCFullYear();
const keyOf = (productId: number): number[] => questionsOf(productId)!.key;
const withRight = (productId: number, right: number): number[] =>
  keyOf(productId).map((k, i) => (i < right ? k : (k + 1) % 4));

/** CME over real HTTP (signed-in sections 2, 3, 6, 8, 9; issue 11). */
describe('CME API', () => {
  let shop: TestApp;
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const login = async (email: string): Promise<Caller> => ({ token: (await loginAs(email)).token });
  let cme: Caller;
  let cmePrint: Caller;

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
    cme = await login('cme@demo.test');
    cmePrint = await login('cmeprint@demo.test');
  });
  afterAll(async () => {
    await shop?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const summary = (who: Caller, year: number | string = YEAR) =>
    call<CmeSummaryResponse>(who, 'GET', `/cme/summary?year=${year}`);
  const submit = (who: Caller, type: string, id: number | string, ANSWERS: unknown) =>
    call<CmeTestSaveResponse & { ERROR?: string }>(who, 'POST', `/cme/tests/${type}/${id}`, { ANSWERS });

  it('the demo summary: 6.5 credits this year with safety credits and an attempt not passed, a capped year, cmeprint an earlier year', async () => {
    const now = (await summary(cme)).body;
    expect(now).toMatchObject({ YEAR, TOTALCREDIT: 6.5, SAFETYTOTAL: 3, CMEINFOMISSING: false });
    expect(now.ROWS).toHaveLength(5);
    expect(now.ROWS[0]).toMatchObject({
      PRODUCTID: 258,
      TOTAL: 2,
      SAFETYCREDITS: 2,
      TYPE: 'streaming',
      OUTCOME: 'completed',
      CORRECT: 4,
    });
    // Each row says what it came to: four completed activities, one attempt with no right answer.
    expect(now.ROWS.map((r) => [r.PRODUCTID, r.OUTCOME])).toEqual([
      [258, 'completed'],
      [251, 'completed'],
      [264, 'completed'],
      [161, 'completed'],
      [299, 'not_passed'],
    ]);
    expect(now.ROWS[4]).toMatchObject({ TOTAL: 0, CORRECT: 0 });
    expect(now.YEARS[0]).toBe(YEAR);
    expect(now.YEARS.at(-1)).toBe(2020);
    expect((await summary(cme, YEAR - 1)).body.TOTALCREDIT).toBe(20);
    expect((await summary(cme, YEAR - 2)).body.TOTALCREDIT).toBe(4.5);
    const print = await summary(cmePrint, YEAR - 1);
    expect(print.body).toMatchObject({ TOTALCREDIT: 3.5, CMEINFOMISSING: true });
    expect((await summary(cmePrint)).body).toMatchObject({ TOTALCREDIT: 0, ROWS: [] });
    // Another customer's records never show: each summary is the caller's own.
    expect(print.body.ROWS.map((r) => r.PRODUCTID).sort()).toEqual([306, 315]);
  });

  it('the demo seed is idempotent', async () => {
    expect(await seedDemoCme(shop.app)).toBe(0);
  });

  it('the demo seed ran through the commands, as the system, in a context of its own', async () => {
    const { rows } = await shop.shop.pool.query<{ actors: string[]; correlations: number }>(
      `SELECT array_agg(DISTINCT metadata->>'actorId') AS actors,
              count(DISTINCT metadata->>'correlationId')::int AS correlations
         FROM es_events WHERE stream_id LIKE 'cme-%' AND stream_id <> 'cme-seals'`,
    );
    expect(rows[0]).toEqual({ actors: ['system'], correlations: 1 });
  });

  it('refuses bad years, roles and logins', async () => {
    for (const year of [2019, YEAR + 1, 'abc', '20201']) {
      const r = await summary(cme, year);
      expect(r.status).toBe(400);
      expect((r.body as { ERROR?: string }).ERROR).toContain('year must be');
    }
    expect((await call({}, 'GET', '/cme/summary')).status).toBe(401);
    const learner = await login('learner@demo.test');
    expect((await summary(learner)).status).toBe(403);
    // cmePrint may see the dashboard but not take tests.
    expect((await call(cmePrint, 'GET', '/cme/tests/streaming/251')).status).toBe(403);
  });

  it('the test shows four questions of four options and never the answer key', async () => {
    const r = await call<CmeTestResponse>(cme, 'GET', '/cme/tests/streaming/287');
    expect(r.status).toBe(200);
    expect(r.body.QUESTIONS).toHaveLength(4);
    for (const q of r.body.QUESTIONS) expect(q.OPTIONS).toHaveLength(4);
    expect(r.body.RECORD).toBeNull();
    expect(JSON.stringify(r.body)).not.toMatch(/answer|key/i);
    expect((await call(cme, 'GET', '/cme/tests/module/160')).status).toBe(200);
    for (const path of ['/cme/tests/streaming/160', '/cme/tests/module/155', '/cme/tests/streaming/130']) {
      const missing = await call<{ ERROR: string }>(cme, 'GET', path);
      expect([missing.status, missing.body.ERROR]).toEqual([404, 'There is no CME test for this product.']);
    }
    expect((await call(cme, 'GET', '/cme/tests/video/287')).status).toBe(400);
    expect((await call(cme, 'GET', '/cme/tests/streaming/abc')).status).toBe(400);
  });

  it('submits, then a resubmit (a day later: the retake policy) updates the same record and replaces its credits', async () => {
    // A whole minute (a retake opens on one), two days clear of New Year (a day later is the same CME year).
    const base = Math.floor(Math.min(Date.now(), Date.UTC(YEAR, 11, 29)) / 60_000) * 60_000;
    const clock = jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(new Date(base));
    const first = await submit(cme, 'streaming', 287, withRight(287, 3));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ TOTAL: 1.5, CAPPED: 0, YEARTOTAL: 8, OUTCOME: 'completed', CORRECT: 3 });
    expect(first.body.MESSAGE).toBe(cmeSubmittedMessage(1.5));
    // The credits and how many answers were right, never which: nothing per question.
    expect(Object.keys(first.body).sort()).toEqual([
      'CAPPED',
      'CORRECT',
      'MESSAGE',
      'OUTCOME',
      'RETAKE_OPENS_AT',
      'SAFETYCREDITS',
      'TOTAL',
      'USERCMEID',
      'YEARTOTAL',
    ]);
    expect(JSON.stringify(first.body)).not.toMatch(/key|\[/i);
    const shown = await call<CmeTestResponse>(cme, 'GET', '/cme/tests/streaming/287');
    expect(shown.body.RECORD).toMatchObject({ ID: first.body.USERCMEID, TOTAL: 1.5, OUTCOME: 'completed', CORRECT: 3 });
    expect(shown.body.RECORD!.QUESTIONS.map((q) => q.ANSWER)).toEqual(withRight(287, 3));

    clock.mockReturnValue(new Date(base + 24 * 3_600_000));
    const again = await submit(cme, 'streaming', 287, keyOf(287));
    expect(again.body).toMatchObject({ USERCMEID: first.body.USERCMEID, TOTAL: 2, YEARTOTAL: 8.5 });
    const after = (await summary(cme)).body;
    expect(after.TOTALCREDIT).toBe(8.5);
    expect(after.ROWS.filter((r) => r.PRODUCTID === 287)).toHaveLength(1);
  });

  it.each([
    { name: 'missing answers', answers: undefined },
    { name: 'three answers', answers: [0, 1, 2] },
    { name: 'an option out of range', answers: [0, 1, 2, 7] },
    { name: 'text', answers: ['a', 'b', 'c', 'd'] },
  ])('answers 400 with ERROR for $name', async ({ answers }) => {
    const r = await submit(cme, 'streaming', 251, answers);
    expect(r.status).toBe(400);
    expect(r.body.ERROR).toBe(CME_ANSWERS_REQUIRED);
  });

  it('holds the cap of 20 when ten tests are submitted at once after 15 credits', async () => {
    // The current year holds 8.5 credits (the demo's 6.5 and 287 above): 6.5 more make 15.
    for (const id of [254, 255, 256]) expect((await submit(cme, 'streaming', id, keyOf(id))).status).toBe(200);
    await submit(cme, 'streaming', 262, withRight(262, 1));
    expect((await summary(cme)).body.TOTALCREDIT).toBe(15);

    const ten = [263, 265, 266, 267, 269, 270, 277, 283, 286, 289];
    const results = await Promise.all(ten.map((id) => submit(cme, 'streaming', id, keyOf(id))));
    for (const r of results) expect(r.status).toBe(200);
    expect(results.reduce((sum, r) => sum + r.body.TOTAL, 0)).toBe(5);
    expect(results.filter((r) => r.body.CAPPED === 1).length).toBeGreaterThanOrEqual(7);
    expect(Math.max(...results.map((r) => r.body.YEARTOTAL))).toBe(20);
    // Every answer right but nothing left under the cap: an attempt without credit, and says so.
    const nothingLeft = results.filter((r) => r.body.TOTAL === 0);
    expect(nothingLeft.length).toBeGreaterThanOrEqual(7);
    for (const r of nothingLeft) {
      expect(r.body).toMatchObject({ OUTCOME: 'over_cap', CORRECT: 4, CAPPED: 1, MESSAGE: CME_CAP_REACHED });
    }
    const capped = (await summary(cme)).body;
    expect(capped.TOTALCREDIT).toBe(20);
    // The demo's attempt not passed is a row too.
    expect(capped.ROWS).toHaveLength(20);
    expect(capped.ROWS.filter((r) => r.OUTCOME === 'over_cap')).toHaveLength(nothingLeft.length);
  });

  const eventCount = async (): Promise<number> =>
    Number((await shop.shop.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);
  const issue = (who: Caller, year: number | string) =>
    call<CmeCertificateInfo & { ERROR?: string }>(who, 'POST', `/cme/certificate?year=${year}`);
  const pdfOf = (who: Caller, year: number) =>
    fetch(`${shop.baseUrl}/api/cme/certificate?year=${year}`, { headers: { authorization: `Bearer ${who.token}` } });

  it('every GET of the CME API only reads: the event count stays, and a certificate not issued is 404', async () => {
    // Every GET operation of the CME API, as the OpenAPI document lists them.
    const document = await call<{ paths: Record<string, Record<string, unknown>> }>({}, 'GET', '/docs-json');
    const gets = Object.keys(document.body.paths).filter(
      (path) => path.startsWith('/api/cme/') && document.body.paths[path]!.get,
    );
    expect(gets.sort()).toEqual([
      '/api/cme/certificate',
      '/api/cme/certificate/credential',
      '/api/cme/certificate/info',
      '/api/cme/summary',
      '/api/cme/tests',
      '/api/cme/tests/{TYPE}/{ID}',
      '/api/cme/verify/{number}',
      '/api/cme/verify/{number}/credential',
    ]);
    const paths = gets.map((path) =>
      path
        .replace('/api', '')
        .replace('{TYPE}/{ID}', 'streaming/258')
        .replace('{number}', `${YEAR - 2}-AAAA-AAAA`),
    );
    // Two years ago cme@ has credits and no certificate: the old GET issued one here.
    const before = await eventCount();
    for (const who of [cme, cmePrint]) {
      for (const path of paths) {
        for (const query of ['', `?year=${YEAR - 2}`, `?year=${YEAR - 1}`]) {
          const response = await fetch(`${shop.baseUrl}/api${path}${query}`, {
            headers: { authorization: `Bearer ${who.token}` },
          });
          expect(response.status).toBeLessThan(500);
        }
      }
    }
    expect(await eventCount()).toBe(before);
    for (const path of ['/cme/certificate', '/cme/certificate/info', '/cme/certificate/credential']) {
      const missing = await call<{ ERROR: string }>(cme, 'GET', `${path}?year=${YEAR - 2}`);
      expect([missing.status, missing.body.ERROR]).toEqual([404, CME_CERTIFICATE_NOT_ISSUED]);
    }

    // Once issued (one event), the GETs answer it and still write nothing.
    expect((await issue(cme, YEAR - 2)).status).toBe(200);
    expect(await eventCount()).toBe(before + 1);
    for (const path of paths) {
      const response = await fetch(`${shop.baseUrl}/api${path}?year=${YEAR - 2}`, {
        headers: { authorization: `Bearer ${cme.token}` },
      });
      expect(response.status).toBeLessThan(500);
    }
    expect((await pdfOf(cme, YEAR - 2)).status).toBe(200);
    expect(await eventCount()).toBe(before + 1);
  });

  it('issuing: refused without the CME information or credits; once per year, at the clock’s time', async () => {
    const refused = await issue(cmePrint, YEAR - 1);
    expect([refused.status, refused.body.ERROR]).toEqual([400, CME_INFO_MISSING_ERROR]);
    expect((await call(cmePrint, 'GET', `/cme/certificate/info?year=${YEAR - 1}`)).status).toBe(404);
    const none = await issue(cme, 2020);
    expect([none.status, none.body.ERROR]).toEqual([409, CME_NO_CREDITS]);
    expect((await issue(cme, YEAR + 1)).status).toBe(400);
    expect((await call({}, 'POST', `/cme/certificate?year=${YEAR - 1}`)).status).toBe(401);
    expect((await issue(await login('learner@demo.test'), YEAR - 1)).status).toBe(403);

    const at = new Date();
    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(at);
    const issued = await issue(cme, YEAR - 1);
    jest.restoreAllMocks();
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ NAME: 'Morgan Credits', YEAR: YEAR - 1, TOTALCREDIT: 20 });
    expect(issued.body.ISSUED_AT).toBe(at.toISOString());
    // 80 random bits in Crockford's base 32 (no I, L, O, U).
    expect(issued.body.NUMBER).toMatch(new RegExp(`^${YEAR - 1}(-[0-9A-HJKMNP-TV-Z]{4}){4}$`));
    expect(issued.body.VERIFYURL).toBe(`${shop.baseUrl}/verify/${issued.body.NUMBER}`);
    // A repeat answers the same certificate; the GET reads it as issued.
    const again = await issue(cme, YEAR - 1);
    expect([again.status, again.body.NUMBER, again.body.ISSUED_AT]).toEqual([
      200,
      issued.body.NUMBER,
      at.toISOString(),
    ]);
    const read = await call<CmeCertificateInfo>(cme, 'GET', `/cme/certificate/info?year=${YEAR - 1}`);
    expect(read.body).toEqual(issued.body);
  });

  it('documents every answer of the certificate routes for OpenAPI', async () => {
    type Operation = { responses: Record<string, unknown> };
    const { body } = await call<{ paths: Record<string, Record<string, Operation>> }>({}, 'GET', '/docs-json');
    const statuses = (path: string, method: string) => Object.keys(body.paths[path]![method]!.responses).sort();
    expect(statuses('/api/cme/certificate', 'post')).toEqual(['200', '400', '401', '403', '409']);
    expect(statuses('/api/cme/certificate', 'get')).toEqual(['200', '400', '401', '403', '404']);
    expect(statuses('/api/cme/certificate/info', 'get')).toEqual(['200', '400', '401', '403', '404']);
    expect(statuses('/api/cme/certificate/credential', 'get')).toEqual(['200', '400', '401', '403', '404']);
  });

  it('the certificate PDF: name, total, number, verify address and the activities', async () => {
    const info = (await issue(cme, YEAR - 1)).body;
    const response = await pdfOf(cme, YEAR - 1);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    const text = await pdfTextOf(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain('Morgan Credits');
    expect(text).toContain(`${YEAR - 1}`);
    expect(text).toContain('Total: 20 CME credits (2.5 patient safety credits).');
    expect(text).toContain(info.NUMBER);
    expect(text).toContain(`/verify/${info.NUMBER}`);
    expect(text).toContain('Deep-Plane Facelift');
  });

  it('verify confirms a genuine certificate and says plainly when one is unknown', async () => {
    const info = (await issue(cme, YEAR)).body;
    const verified = await call<CmeVerifyResponse>({}, 'GET', `/cme/verify/${info.NUMBER}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ NAME: 'Morgan Credits', YEAR, TOTALCREDIT: info.TOTALCREDIT });
    for (const number of [`${YEAR}-AAAA-AAAA`, 'x'.repeat(100)]) {
      const unknown = await call<{ ERROR: string }>({}, 'GET', `/cme/verify/${number}`);
      expect([unknown.status, unknown.body.ERROR]).toEqual([404, CERTIFICATE_UNKNOWN]);
    }
  });
});
