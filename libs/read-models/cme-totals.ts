import type { Pool, PoolClient } from 'pg';
import type { CmeTestType } from '#libs/contracts/cme.js';
import type { CmeTestSubmitted, CmeTestUpdated } from '#libs/domain/cme/cme.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * Yearly CME totals (signed-in section 3 "CME summary"): one row per customer and year (total and
 * safety credits after the cap; the total is the `yearTotal` of the year's latest credit event, as
 * the decider computed it under the cap) and the records behind it (one per test and year, the last
 * submit's answers and credits). Feeds the CME center and the test page's prior record; the
 * certificates have a model of their own (cme-certificates.ts).
 */
export const cmeTotalsReadModel: ReadModel = {
  name: 'cme-totals',
  // 2: the year's total is the events' yearTotal (it was a SUM of the records).
  version: 2,
  tables: ['cme_records', 'cme_year_totals'],
  schema: `
    CREATE TABLE cme_records (
      record_id text PRIMARY KEY,
      customer_id text NOT NULL,
      year integer NOT NULL,
      test_type text NOT NULL,
      product_id integer NOT NULL,
      product_name text NOT NULL,
      answers jsonb NOT NULL,
      correct smallint NOT NULL,
      credits numeric(5, 1) NOT NULL,
      credits_cut numeric(5, 1) NOT NULL,
      safety_credits numeric(5, 1) NOT NULL,
      first_submitted_at timestamptz NOT NULL,
      submitted_at timestamptz NOT NULL,
      UNIQUE (customer_id, year, test_type, product_id)
    );
    CREATE TABLE cme_year_totals (
      customer_id text NOT NULL,
      year integer NOT NULL,
      total_credit numeric(5, 1) NOT NULL,
      safety_total numeric(5, 1) NOT NULL,
      PRIMARY KEY (customer_id, year)
    )`,
  handles: ['CmeTestSubmitted', 'CmeTestUpdated'],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const d = (recorded as unknown as CmeTestSubmitted | CmeTestUpdated).data;
    await db.query(
      `INSERT INTO cme_records (record_id, customer_id, year, test_type, product_id, product_name, answers, correct,
         credits, credits_cut, safety_credits, first_submitted_at, submitted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
       ON CONFLICT (record_id) DO UPDATE SET answers = $7, correct = $8, credits = $9, credits_cut = $10,
         safety_credits = $11, submitted_at = $12`,
      [
        d.recordId,
        d.customerId,
        d.year,
        d.testType,
        d.productId,
        d.productName,
        JSON.stringify(d.answers),
        d.correct,
        d.creditsAwarded,
        d.creditsCut,
        d.safetyCredits,
        d.submittedAt,
      ],
    );
    // The year's total is the decider's, carried by the event (docs/decisions.md): never summed here.
    // The events carry no safety total, so it is the sum of the records' safety credits.
    await db.query(
      `INSERT INTO cme_year_totals (customer_id, year, total_credit, safety_total)
       SELECT $1, $2, $3, COALESCE(SUM(safety_credits), 0)
         FROM cme_records WHERE customer_id = $1 AND year = $2
       ON CONFLICT (customer_id, year) DO UPDATE SET total_credit = EXCLUDED.total_credit,
         safety_total = EXCLUDED.safety_total`,
      [d.customerId, d.year, d.yearTotal],
    );
  },
};

export interface CmeRecordRow {
  recordId: string;
  testType: CmeTestType;
  productId: number;
  productName: string;
  answers: number[];
  correct: number;
  credits: number;
  safetyCredits: number;
  submittedAt: Date;
}

const RECORD_COLUMNS = `record_id AS "recordId", test_type AS "testType", product_id AS "productId",
  product_name AS "productName", answers, correct, credits::float8 AS credits,
  safety_credits::float8 AS "safetyCredits", submitted_at AS "submittedAt"`;

export interface CmeYearTotals {
  totalCredit: number;
  safetyTotal: number;
}

/** The year's totals (0 and 0 without records). */
export async function cmeYearTotalsOf(db: Db, customerId: string, year: number): Promise<CmeYearTotals> {
  const { rows } = await db.query<CmeYearTotals>(
    `SELECT total_credit::float8 AS "totalCredit", safety_total::float8 AS "safetyTotal"
       FROM cme_year_totals WHERE customer_id = $1 AND year = $2`,
    [customerId, year],
  );
  return rows[0] ?? { totalCredit: 0, safetyTotal: 0 };
}

/** The year's records, oldest first. */
export async function cmeRecordsOf(db: Db, customerId: string, year: number): Promise<CmeRecordRow[]> {
  const { rows } = await db.query<CmeRecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM cme_records WHERE customer_id = $1 AND year = $2
      ORDER BY first_submitted_at, record_id`,
    [customerId, year],
  );
  return rows;
}

/** The record of one test in one year, if taken. */
export async function cmeRecordOf(
  db: Db,
  customerId: string,
  year: number,
  testType: CmeTestType,
  productId: number,
): Promise<CmeRecordRow | null> {
  const { rows } = await db.query<CmeRecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM cme_records
      WHERE customer_id = $1 AND year = $2 AND test_type = $3 AND product_id = $4`,
    [customerId, year, testType, productId],
  );
  return rows[0] ?? null;
}

/** Every customer's totals of a year (the audit compares against these). */
export async function cmeTotalsOfYear(db: Db, year: number): Promise<Map<string, CmeYearTotals>> {
  const { rows } = await db.query<CmeYearTotals & { customerId: string }>(
    `SELECT customer_id AS "customerId", total_credit::float8 AS "totalCredit", safety_total::float8 AS "safetyTotal"
       FROM cme_year_totals WHERE year = $1`,
    [year],
  );
  return new Map(rows.map(({ customerId, ...totals }) => [customerId, totals]));
}
