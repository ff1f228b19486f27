import { type CmeCertificateInfo, type CmeSummaryResponse, CME_YEARLY_CAP } from '#libs/contracts/cme.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import { cmeStreamId } from '#libs/domain/cme/cme.events.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { verifyChain } from '../../apps/api/cme/cme-audit-report.js';
import { questionsOf } from '../../apps/api/cme/cme-questions.js';
import { EVENT_STORE } from '../../apps/api/infrastructure/tokens.js';
import { useTestShop } from '../support/app.js';
import { fireAtOnce, unexpectedStatuses } from '../support/concurrency.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const YEAR = new Date().getUTCFullYear();
const keyOf = (productId: number): number[] => questionsOf(productId)!.key;
/** Streaming products of 2 CME credits each with a test, none in the demo's current year. */
/** How the retake policy's refusal begins (cmeRetakeClosedMessage): the other 409 of a submit. */
const COOLDOWN = 'You submitted this test less than 24 hours ago.';
const kindOf = (error: string | undefined): string | undefined => (error?.startsWith(COOLDOWN) ? COOLDOWN : error);
const TWO_CREDIT_TESTS = [254, 255, 256, 262, 263, 265, 266, 267, 269, 270, 277, 283, 286, 289, 290];

/**
 * Thirty CME writes of one account at once (cme@demo.test, this year: the demo's 6.5 credits first):
 * each answers 200 or 409 (CONCURRENT_CHANGE, or a retake refused in its cooldown), never 5xx; every
 * 200 is one event of the year's stream, the stream stays a valid chain, the year never passes 20
 * credits and holds one certificate.
 */
describe('CME writes sent 30 at once', () => {
  const shop = useTestShop({ seedDemo: true });
  let store: EventStore;
  let cme: Caller;
  let stream: string;
  const { call, loginAs } = shopClient(() => shop.baseUrl);

  beforeAll(async () => {
    store = shop.app.get<EventStore>(EVENT_STORE);
    cme = { token: (await loginAs('cme@demo.test')).token };
    const { customerId } = (await call<{ customerId: string }>(cme, 'GET', '/auth/me')).body;
    stream = cmeStreamId(customerId, YEAR);
  });

  const submit = (productId: number, answers: number[]) =>
    call<{ TOTAL: number; YEARTOTAL: number; ERROR?: string }>(cme, 'POST', `/cme/tests/streaming/${productId}`, {
      ANSWERS: answers,
    });
  const events = (): Promise<RecordedEvent[]> => store.readStream(stream);

  /** The answers other than 200 are all 409: CONCURRENT_CHANGE, or a retake refused in its cooldown. */
  function expectOnly200Or409(results: { status: number; body?: unknown }[], statuses: Record<number, number>) {
    expect(unexpectedStatuses(statuses, [200, 409])).toEqual({});
    for (const r of results.filter((x) => x.status === 409)) {
      expect([CONCURRENT_CHANGE, COOLDOWN]).toContain(kindOf((r.body as { ERROR?: string }).ERROR));
    }
    expect(statuses[200] ?? 0).toBeGreaterThan(0);
  }

  /** The stream as the audit checks it: contiguous, chained, credits adding up, within the cap. */
  async function expectConsistentYear(): Promise<CmeSummaryResponse> {
    const all = await events();
    expect(verifyChain(stream, all)).toEqual([]);
    const summary = (await call<CmeSummaryResponse>(cme, 'GET', `/cme/summary?year=${YEAR}`)).body;
    const last = all.filter((e) => e.type !== 'CmeCertificateIssued').at(-1)!;
    expect(summary.TOTALCREDIT).toBe((last.data as { yearTotal: number }).yearTotal);
    expect(summary.TOTALCREDIT).toBe(summary.ROWS.reduce((sum, row) => sum + row.TOTAL, 0));
    expect(summary.TOTALCREDIT).toBeLessThanOrEqual(CME_YEARLY_CAP);
    return summary;
  }

  it('30 submits of one test: one record, one scored attempt (the retake policy), each 200 one event', async () => {
    const before = (await events()).length;
    const key = keyOf(287);
    // Every other submit gets the last answer wrong, so the record's credits move between 1.5 and 2.
    const { statuses, results } = await fireAtOnce(30, (n) =>
      submit(287, n % 2 === 0 ? key : [...key.slice(0, 3), (key[3]! + 1) % 4]),
    );
    expectOnly200Or409(results, statuses);
    expect(statuses[200]).toBe(1);
    expect((await events()).length - before).toBe(statuses[200]);
    const summary = await expectConsistentYear();
    expect(summary.ROWS.filter((row) => row.PRODUCTID === 287)).toHaveLength(1);
  });

  it('30 submits of fifteen tests: the year stops at 20 credits', async () => {
    const before = (await events()).length;
    const { statuses, results } = await fireAtOnce(30, (n) => {
      const id = TWO_CREDIT_TESTS[n % TWO_CREDIT_TESTS.length]!;
      return submit(id, keyOf(id));
    });
    expectOnly200Or409(results, statuses);
    expect((await events()).length - before).toBe(statuses[200]);
    const ok = results.filter((r) => r.status === 200) as Awaited<ReturnType<typeof submit>>[];
    for (const r of ok) expect(r.body.YEARTOTAL).toBeLessThanOrEqual(CME_YEARLY_CAP);
    const summary = await expectConsistentYear();
    // 6.5 + up to 2 before, thirty tests of 2 after: unless nearly all were refused, the cap is reached.
    if ((statuses[200] ?? 0) >= 7) expect(summary.TOTALCREDIT).toBe(CME_YEARLY_CAP);
  });

  it('30 certificate issues: one number for the year, answered to every 200', async () => {
    const { statuses, results } = await fireAtOnce(30, () =>
      call<CmeCertificateInfo>(cme, 'POST', `/cme/certificate?year=${YEAR}`),
    );
    expectOnly200Or409(results, statuses);
    const numbers = new Set(
      (results as Awaited<ReturnType<typeof call<CmeCertificateInfo>>>[])
        .filter((r) => r.status === 200)
        .map((r) => r.body.NUMBER),
    );
    expect(numbers.size).toBe(1);
    const issued = (await events()).filter((e) => e.type === 'CmeCertificateIssued');
    expect(issued.map((e) => (e.data as { number: string }).number)).toEqual([...numbers]);
    const read = await call<CmeCertificateInfo>(cme, 'GET', `/cme/certificate/info?year=${YEAR}`);
    expect(read.body.NUMBER).toBe([...numbers][0]);
    await expectConsistentYear();
  });
});
