import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CERTIFICATE_UNKNOWN,
  CME_ANSWERS_REQUIRED,
  CME_INFO_MISSING_ERROR,
  type CmeCertificateInfo,
  type CmeSummaryResponse,
  type CmeTestResponse,
  type CmeTestSaveResponse,
  type CmeVerifyResponse,
  cmeSubmittedMessage,
} from '#libs/contracts/cme.js';
import { CmeClock } from '../../apps/api/cme/cme-clock.js';
import { questionsOf } from '../../apps/api/cme/cme-questions.js';
import { seedDemoCme } from '../../apps/api/seed/demo-cme.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const run = promisify(execFile);
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

  it('the demo summary: 6.5 credits this year with safety credits, a capped year, cmeprint an earlier year', async () => {
    const now = (await summary(cme)).body;
    expect(now).toMatchObject({ YEAR, TOTALCREDIT: 6.5, SAFETYTOTAL: 3, CMEINFOMISSING: false });
    expect(now.ROWS).toHaveLength(4);
    expect(now.ROWS[0]).toMatchObject({ PRODUCTID: 258, TOTAL: 2, SAFETYCREDITS: 2, TYPE: 'streaming' });
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

  it('submits, then a resubmit updates the same record and replaces its credits', async () => {
    const first = await submit(cme, 'streaming', 287, withRight(287, 3));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ TOTAL: 1.5, CORRECT: 3, CAPPED: 0, YEARTOTAL: 8 });
    expect(first.body.MESSAGE).toBe(cmeSubmittedMessage(1.5));
    const shown = await call<CmeTestResponse>(cme, 'GET', '/cme/tests/streaming/287');
    expect(shown.body.RECORD).toMatchObject({ ID: first.body.USERCMEID, TOTAL: 1.5 });
    expect(shown.body.RECORD!.QUESTIONS.map((q) => q.ANSWER)).toEqual(withRight(287, 3));

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
    const year = 2021; // a year without demo records
    jest.spyOn(shop.app.get(CmeClock), 'now').mockReturnValue(new Date(Date.UTC(year, 5, 1, 12)));
    const before = [251, 254, 255, 256, 262, 263, 264];
    for (const id of before) expect((await submit(cme, 'streaming', id, keyOf(id))).status).toBe(200);
    await submit(cme, 'streaming', 265, withRight(265, 2)); // 15 credits
    expect((await summary(cme, year)).body.TOTALCREDIT).toBe(15);

    const ten = [266, 267, 269, 270, 277, 283, 286, 289, 290, 291];
    const results = await Promise.all(ten.map((id) => submit(cme, 'streaming', id, keyOf(id))));
    for (const r of results) expect(r.status).toBe(200);
    expect(results.reduce((sum, r) => sum + r.body.TOTAL, 0)).toBe(5);
    expect(results.filter((r) => r.body.CAPPED === 1).length).toBeGreaterThanOrEqual(7);
    const capped = (await summary(cme, year)).body;
    expect(capped.TOTALCREDIT).toBe(20);
    expect(capped.ROWS).toHaveLength(18);
  });

  it('the certificate: refused without the CME information, a PDF with name, total, number and verify address', async () => {
    const refused = await call<{ ERROR: string }>(cmePrint, 'GET', `/cme/certificate?year=${YEAR - 1}`);
    expect([refused.status, refused.body.ERROR]).toEqual([400, CME_INFO_MISSING_ERROR]);
    const none = await call<{ ERROR: string }>(cme, 'GET', '/cme/certificate?year=2020');
    expect(none.status).toBe(409);

    const info = await call<CmeCertificateInfo>(cme, 'GET', `/cme/certificate/info?year=${YEAR - 1}`);
    expect(info.body).toMatchObject({ NAME: 'Morgan Credits', YEAR: YEAR - 1, TOTALCREDIT: 20 });
    expect(info.body.VERIFYURL).toBe(`${shop.baseUrl}/verify/${info.body.NUMBER}`);
    const again = await call<CmeCertificateInfo>(cme, 'GET', `/cme/certificate/info?year=${YEAR - 1}`);
    expect(again.body.NUMBER).toBe(info.body.NUMBER);

    const response = await fetch(`${shop.baseUrl}/api/cme/certificate?year=${YEAR - 1}`, {
      headers: { authorization: `Bearer ${cme.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    const file = join(await mkdtemp(join(tmpdir(), 'cme-')), 'certificate.pdf');
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    const { stdout } = await run(process.execPath, [join(__dirname, 'cme-pdf-text.mjs'), file]);
    const text = stdout.replace(/\s+/g, ' ');
    expect(text).toContain('Morgan Credits');
    expect(text).toContain(`${YEAR - 1}`);
    expect(text).toContain('Total: 20.0 CME credits');
    expect(text).toContain(info.body.NUMBER);
    expect(text).toContain(`/verify/${info.body.NUMBER}`);
    expect(text).toContain('Deep-Plane Facelift');
  });

  it('verify confirms a genuine certificate and says plainly when one is unknown', async () => {
    const info = (await call<CmeCertificateInfo>(cme, 'GET', `/cme/certificate/info?year=${YEAR}`)).body;
    const verified = await call<CmeVerifyResponse>({}, 'GET', `/cme/verify/${info.NUMBER}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ NAME: 'Morgan Credits', YEAR, TOTALCREDIT: info.TOTALCREDIT });
    for (const number of [`${YEAR}-AAAA-AAAA`, 'x'.repeat(100)]) {
      const unknown = await call<{ ERROR: string }>({}, 'GET', `/cme/verify/${number}`);
      expect([unknown.status, unknown.body.ERROR]).toEqual([404, CERTIFICATE_UNKNOWN]);
    }
  });
});
