import type { CmeRecordData } from '#libs/domain/cme/cme.events.js';
import { cmeRecordOf, cmeRecordsOf, cmeTotalsOfYear, cmeTotalsReadModel, cmeYearTotalsOf } from './cme-totals.js';
import { projectInto, readModelDatabase } from './identity-projection.testing.js';

/** A credit event's data; the decider computes every number, the read model only copies them. */
const record = (productId: number, credits: number, yearTotal: number, extra: Partial<CmeRecordData> = {}) => ({
  recordId: `r${productId}`,
  customerId: 'c1',
  year: 2024,
  testType: 'streaming' as const,
  productId,
  productName: `Product ${productId}`,
  answers: [0, 1, 2, 3],
  correct: 4,
  creditsEarned: credits,
  creditsAwarded: credits,
  creditsCut: 0,
  safetyCredits: 0,
  yearTotal,
  submittedAt: `2024-03-${productId - 240}T10:00:00.000Z`, // 251..264: 11..24 March
  prevHash: '0'.repeat(64),
  ...extra,
});

describe('cme-totals read model', () => {
  const db = readModelDatabase(cmeTotalsReadModel);

  it('given submits, an update and a capped test, then one row per record and the year’s total of the last event', async () => {
    await projectInto(db.pool, cmeTotalsReadModel, [
      { type: 'CmeTestSubmitted', data: record(251, 2, 2) },
      { type: 'CmeTestSubmitted', data: record(258, 2, 4, { safetyCredits: 2 }) },
      {
        type: 'CmeTestUpdated',
        data: {
          ...record(251, 1, 3, { correct: 2, answers: [0, 1, 0, 0], submittedAt: '2024-03-28T10:00:00.000Z' }),
          previousCredits: 2,
        },
      },
      { type: 'CmeTestSubmitted', data: record(264, 0.5, 3.5, { creditsEarned: 2, creditsCut: 1.5 }) },
      // Another customer and another year never mix in.
      { type: 'CmeTestSubmitted', data: record(251, 2, 2, { customerId: 'c2', recordId: 'x' }) },
      { type: 'CmeTestSubmitted', data: record(251, 1.5, 1.5, { year: 2023, recordId: 'old' }) },
    ]);

    expect(await cmeYearTotalsOf(db.pool, 'c1', 2024)).toEqual({ totalCredit: 3.5, safetyTotal: 2 });
    expect(await cmeYearTotalsOf(db.pool, 'c1', 2023)).toEqual({ totalCredit: 1.5, safetyTotal: 0 });
    expect(await cmeYearTotalsOf(db.pool, 'c1', 2022)).toEqual({ totalCredit: 0, safetyTotal: 0 });
    expect(await cmeTotalsOfYear(db.pool, 2024)).toEqual(
      new Map([
        ['c1', { totalCredit: 3.5, safetyTotal: 2 }],
        ['c2', { totalCredit: 2, safetyTotal: 0 }],
      ]),
    );

    const rows = await cmeRecordsOf(db.pool, 'c1', 2024);
    expect(rows.map((r) => [r.recordId, r.credits, r.safetyCredits])).toEqual([
      ['r251', 1, 0],
      ['r258', 2, 2],
      ['r264', 0.5, 0],
    ]);
    // The update replaced the answers and credits and kept the record (and its place: first submitted).
    expect(await cmeRecordOf(db.pool, 'c1', 2024, 'streaming', 251)).toMatchObject({
      recordId: 'r251',
      answers: [0, 1, 0, 0],
      correct: 2,
      credits: 1,
      submittedAt: new Date('2024-03-28T10:00:00.000Z'),
    });
    expect(await cmeRecordOf(db.pool, 'c1', 2024, 'module', 251)).toBeNull();
  });

  it('the total is the events’ yearTotal, not a sum of the records', async () => {
    // Records of 2 and 2 whose last event says 3.5 (the decider's figure): the row shows 3.5.
    await projectInto(db.pool, cmeTotalsReadModel, [
      { type: 'CmeTestSubmitted', data: record(251, 2, 2) },
      { type: 'CmeTestSubmitted', data: record(252, 2, 3.5) },
    ]);
    expect((await cmeYearTotalsOf(db.pool, 'c1', 2024)).totalCredit).toBe(3.5);
  });
});
