import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  CME_TEST_MAX_CREDITS,
  type CmeExistingRecord,
  type CmeSummaryResponse,
  type CmeSummaryRow,
  cmeYearChoices,
} from '#libs/contracts/cme.js';
import { findProduct } from '#libs/catalog/products.queries.js';
import { cmeOutcomeOf } from '#libs/domain/cme/cme.scoring.js';
import { encryptedDobOf, encryptedLicenceOf, findCustomerById } from '#libs/read-models/customers.js';
import { cmeCertificateByNumber, cmeCertificateOf } from '#libs/read-models/cme-certificates.js';
import { type CmeRecordRow, cmeRecordOf, cmeRecordsOf, cmeYearTotalsOf } from '#libs/read-models/cme-totals.js';
import type { CmeTestType } from '#libs/contracts/cme.js';
import { PG_POOL } from '../infrastructure/tokens.js';

/** What a record came to (./cme.scoring.ts): only a record with credits is a completed activity. */
const outcomeOf = (r: CmeRecordRow) => cmeOutcomeOf({ correct: r.correct, creditsAwarded: r.credits });

const rowOf = (r: CmeRecordRow): CmeSummaryRow => ({
  ID: r.recordId,
  NAME: r.productName,
  PRODUCTID: r.productId,
  TYPE: r.testType,
  created_at: r.submittedAt.toISOString(),
  TOTAL: r.credits,
  SAFETYCREDITS: r.safetyCredits,
  OUTCOME: outcomeOf(r),
  CORRECT: r.correct,
});

/** The CME reads: the yearly totals and records (libs/read-models/cme-totals.ts) and the certificates issued. */
@Injectable()
export class CmeQueries {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** CMEINFOMISSING: the accreditor's required information (the date of birth) is not recorded. */
  async infoMissing(customerId: string): Promise<boolean> {
    return (await encryptedDobOf(this.pool, customerId)) === null;
  }

  async summary(customerId: string, year: number, now: Date): Promise<CmeSummaryResponse> {
    const [totals, records, missing] = await Promise.all([
      cmeYearTotalsOf(this.pool, customerId, year),
      cmeRecordsOf(this.pool, customerId, year),
      this.infoMissing(customerId),
    ]);
    return {
      YEAR: year,
      TOTALCREDIT: totals.totalCredit,
      SAFETYTOTAL: totals.safetyTotal,
      CMEINFOMISSING: missing,
      ROWS: records.map(rowOf),
      YEARS: cmeYearChoices(now.getUTCFullYear()),
    };
  }

  async record(
    customerId: string,
    year: number,
    testType: CmeTestType,
    productId: number,
  ): Promise<CmeExistingRecord | null> {
    const r = await cmeRecordOf(this.pool, customerId, year, testType, productId);
    if (!r) return null;
    return {
      ID: r.recordId,
      QUESTIONS: r.answers.map((ANSWER, i) => ({ NUMBER: i + 1, ANSWER })),
      TOTAL: r.credits,
      SAFETYCREDITS: r.safetyCredits,
      created_at: r.submittedAt.toISOString(),
      OUTCOME: outcomeOf(r),
      CORRECT: r.correct,
    };
  }

  /** The CME info tab's licence fields as stored (encrypted together), or null. */
  async encryptedLicence(customerId: string): Promise<string | null> {
    return encryptedLicenceOf(this.pool, customerId);
  }

  /**
   * The catalog's CREDITS of each product: the most its activity is designated for (a product no longer
   * in the catalog: the most a test can give).
   */
  async maxCreditsOf(productIds: number[]): Promise<Record<number, number>> {
    const ids = [...new Set(productIds)];
    const products = await Promise.all(ids.map((id) => findProduct(this.pool, id)));
    return Object.fromEntries(ids.map((id, i) => [id, products[i]?.CREDITS || CME_TEST_MAX_CREDITS]));
  }

  /** The physician's name as the certificate prints it: "Firstname Lastname, Suffix". */
  async physicianName(customerId: string): Promise<string> {
    const c = await findCustomerById(this.pool, customerId);
    if (!c) return '';
    return `${c.firstname} ${c.lastname}${c.suffix ? `, ${c.suffix}` : ''}`;
  }

  /** A certificate by its number (as issued: libs/read-models/cme-certificates.ts), whatever its status. */
  async certificate(number: string) {
    return cmeCertificateByNumber(this.pool, number);
  }

  /** The customer's current certificate of the year (none superseded it), if any. */
  async certificateOf(customerId: string, year: number) {
    return cmeCertificateOf(this.pool, customerId, year);
  }
}
