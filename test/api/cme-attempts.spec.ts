import { Clock } from '#libs/application/clock.js';
import {
  type CmeCertificateInfo,
  type CmeSummaryResponse,
  type CmeTestResponse,
  type CmeTestSaveResponse,
  type CmeVerifyResponse,
  cmeNotPassedMessage,
  cmeSubmittedMessage,
} from '#libs/contracts/cme.js';
import { questionsOf } from '../../apps/api/cme/cme-questions.js';
import { useTestShop } from '../support/app.js';
import { pdfTextOf } from '../support/pdf-text.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const YEAR = new Date().getUTCFullYear();
/** A video test no other test takes (cme@'s demo data has not taken it either). */
const PRODUCT = 330;
const NAME = 'Office-Based Anesthesia: A Practical Guide';
const keyOf = (productId: number): number[] => questionsOf(productId)!.key;
/** Every answer one option past the right one: none right. */
const allWrong = (productId: number): number[] => keyOf(productId).map((k) => (k + 1) % 4);
const DAY = 24 * 3_600_000;

/**
 * CME records say what happened (docs/decisions.md, "CME records and certificates an accreditor
 * accepts"): a submit that earns no credit is an attempt, told as such with its result and its retake,
 * listed apart from the completed activities, and on no certificate nor verification.
 */
describe('a CME attempt that earns no credit', () => {
  const shop = useTestShop({ seedDemo: true });
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  let cme: Caller;
  // A whole minute (a retake opens on one), two days clear of New Year (a day later is the same CME year).
  const base = Math.floor(Math.min(Date.now(), Date.UTC(YEAR, 11, 29)) / 60_000) * 60_000;

  beforeAll(async () => {
    cme = { token: (await loginAs('cme@demo.test')).token };
  });
  afterEach(() => jest.restoreAllMocks());

  const at = (time: number) => jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(new Date(time));
  const submit = (answers: number[]) =>
    call<CmeTestSaveResponse>(cme, 'POST', `/cme/tests/streaming/${PRODUCT}`, { ANSWERS: answers });
  const summary = async () => (await call<CmeSummaryResponse>(cme, 'GET', `/cme/summary?year=${YEAR}`)).body;
  const issue = async () => (await call<CmeCertificateInfo>(cme, 'POST', `/cme/certificate?year=${YEAR}`)).body;
  const verify = async (number: string) => (await call<CmeVerifyResponse>({}, 'GET', `/cme/verify/${number}`)).body;
  const pdfText = async (): Promise<string> => {
    const response = await fetch(`${shop.baseUrl}/api/cme/certificate?year=${YEAR}`, {
      headers: { authorization: `Bearer ${cme.token}` },
    });
    return pdfTextOf(Buffer.from(await response.arrayBuffer()));
  };

  it('is told as not passed: how many answers were right, 0 credits, when a retake opens; never the success text nor the key', async () => {
    const before = await summary();
    at(base);
    const saved = await submit(allWrong(PRODUCT));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      TOTAL: 0,
      CORRECT: 0,
      OUTCOME: 'not_passed',
      CAPPED: 0,
      YEARTOTAL: before.TOTALCREDIT,
      MESSAGE: cmeNotPassedMessage(0),
      RETAKE_OPENS_AT: new Date(base + DAY).toISOString(),
    });
    expect(saved.body.MESSAGE).toBe('Not passed: 0 of 4 answers were right, so this attempt earned 0 CME credits.');
    expect(saved.body.MESSAGE).not.toBe(cmeSubmittedMessage(0));
    // How many were right, never which: no list, nothing per question.
    expect(JSON.stringify(saved.body)).not.toMatch(/key|\[/i);
    expect(Object.values(saved.body).every((v) => typeof v !== 'object')).toBe(true);

    // The test page reads the same result back, and the questions still carry no key.
    const test = (await call<CmeTestResponse>(cme, 'GET', `/cme/tests/streaming/${PRODUCT}`)).body;
    expect(test.RECORD).toMatchObject({ TOTAL: 0, CORRECT: 0, OUTCOME: 'not_passed' });
    expect(test.RETAKE_OPENS_AT).toBe(new Date(base + DAY).toISOString());
    for (const q of test.QUESTIONS) expect(Object.keys(q).sort()).toEqual(['NUMBER', 'OPTIONS', 'TEXT']);

    // The CME center: an attempt, apart from the completed activities; the year's total unchanged.
    const after = await summary();
    expect(after.TOTALCREDIT).toBe(before.TOTALCREDIT);
    expect(after.ROWS.find((r) => r.PRODUCTID === PRODUCT)).toMatchObject({ OUTCOME: 'not_passed', TOTAL: 0 });
    expect(after.ROWS.filter((r) => r.OUTCOME === 'completed').map((r) => r.PRODUCTID)).not.toContain(PRODUCT);
  });

  it('is on neither the certificate nor its verification; a retake that earns credit is, on a new certificate', async () => {
    const first = await issue();
    const printed = first.ACTIVITIES.map((a) => a.PRODUCTID);
    expect(printed.length).toBeGreaterThan(0);
    // This test's attempt and the demo's (299, no right answer) are left out.
    expect(printed).not.toContain(PRODUCT);
    expect(printed).not.toContain(299);
    expect(first.ACTIVITIES.every((a) => a.TOTAL > 0)).toBe(true);
    expect((await verify(first.NUMBER)).ACTIVITIES.map((a) => a.PRODUCTID)).toEqual(printed);
    const text = await pdfText();
    expect(text).not.toContain(NAME);
    // No row claims 0 credits (a row is: title, date, maximum, claimed, safety).
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} 2 2 /);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2} \d+(\.5)? 0 /);

    // A day later the retake opens; three right answers make it a completed activity of 1.5 credits.
    at(base + DAY);
    const retake = await submit(keyOf(PRODUCT).map((k, i) => (i < 3 ? k : (k + 1) % 4)));
    expect(retake.body).toMatchObject({
      TOTAL: 1.5,
      CORRECT: 3,
      OUTCOME: 'completed',
      MESSAGE: cmeSubmittedMessage(1.5),
    });
    const next = await issue();
    expect(next.SUPERSEDES).toBe(first.NUMBER);
    expect(next.ACTIVITIES.find((a) => a.PRODUCTID === PRODUCT)).toMatchObject({ NAME, TOTAL: 1.5, MAXCREDITS: 2 });
    expect(await pdfText()).toContain(NAME);
    expect((await verify(next.NUMBER)).ACTIVITIES.map((a) => a.PRODUCTID)).toContain(PRODUCT);
  });
});
