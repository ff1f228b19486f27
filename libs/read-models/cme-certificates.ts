import type { Pool, PoolClient } from 'pg';
import type {
  CmeCertificateIssued,
  CmeCertificateRevoked,
  CmePrintedActivity,
  CmePrintedLicence,
} from '#libs/domain/cme/cme.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * The CME certificates issued (signed-in section 8 "download certificate", the public verification):
 * one row per number with what it printed (version 3 names the provider, its accreditation statement
 * and the licence, each activity with its maximum and designation statement; version 2 the credits
 * only; a version 1 row has its total only), the PDF's SHA-256, the signed credential, which number
 * superseded it and its revocation. The PDF bytes are
 * not here: they are kept as issued in `cme_certificate_files` (./cme-certificate-files.ts), which a
 * rebuild never drops.
 */
export const cmeCertificatesReadModel: ReadModel = {
  name: 'cme-certificates',
  // 2: the provider, the accreditation statement and the licence a version 3 certificate printed.
  version: 2,
  tables: ['cme_certificates'],
  schema: `
    CREATE TABLE cme_certificates (
      number text PRIMARY KEY,
      customer_id text NOT NULL,
      year integer NOT NULL,
      version smallint NOT NULL,
      name text,
      activities jsonb NOT NULL,
      total_credit numeric(5, 1) NOT NULL,
      safety_total numeric(5, 1) NOT NULL,
      verify_url text,
      pdf_sha256 text,
      credential text,
      supersedes text,
      superseded_by text,
      issued_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoke_reason text,
      revoked_by text,
      provider_name text,
      accreditation text,
      licence jsonb
    );
    CREATE INDEX cme_certificates_of_year ON cme_certificates (customer_id, year, issued_at)`,
  handles: ['CmeCertificateIssued', 'CmeCertificateRevoked'],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as CmeCertificateIssued | CmeCertificateRevoked;
    if (event.type === 'CmeCertificateRevoked') {
      const r = event.data;
      await db.query(
        `UPDATE cme_certificates SET revoked_at = $2, revoke_reason = $3, revoked_by = $4
          WHERE number = $1 AND revoked_at IS NULL`,
        [r.number, r.revokedAt, r.reason, r.revokedBy],
      );
      return;
    }
    const d = event.data;
    await db.query(
      `INSERT INTO cme_certificates (number, customer_id, year, version, name, activities, total_credit, safety_total,
         verify_url, pdf_sha256, credential, supersedes, issued_at, provider_name, accreditation, licence)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) ON CONFLICT (number) DO NOTHING`,
      [
        d.number,
        d.customerId,
        d.year,
        d.version ?? 1,
        d.name ?? null,
        JSON.stringify(d.activities ?? []),
        d.totalCredit ?? d.totalAtIssue,
        d.safetyTotal ?? 0,
        d.verifyUrl ?? null,
        d.pdfSha256 ?? null,
        d.credential ?? null,
        d.supersedes ?? null,
        d.issuedAt,
        d.provider?.name ?? null,
        d.provider?.accreditationStatement ?? null,
        d.licence ? JSON.stringify(d.licence) : null,
      ],
    );
    if (d.supersedes) {
      await db.query('UPDATE cme_certificates SET superseded_by = $2 WHERE number = $1', [d.supersedes, d.number]);
    }
  },
};

export interface CmeCertificateRow {
  number: string;
  customerId: string;
  year: number;
  /** 1: the number and total only; 2: what was printed, the PDF's hash and the credential. */
  version: number;
  /** The name printed (null for version 1). */
  name: string | null;
  activities: CmePrintedActivity[];
  totalCredit: number;
  safetyTotal: number;
  verifyUrl: string | null;
  pdfSha256: string | null;
  credential: string | null;
  supersedes: string | null;
  supersededBy: string | null;
  issuedAt: Date;
  revokedAt: Date | null;
  revokeReason: string | null;
  revokedBy: string | null;
  /** Version 3: the accredited provider and its accreditation statement as printed (null before). */
  providerName: string | null;
  accreditation: string | null;
  /** Version 3: the licence and board id printed; null when none was (and before version 3). */
  licence: CmePrintedLicence | null;
}

const COLUMNS = `number, customer_id AS "customerId", year, version, name, activities,
  total_credit::float8 AS "totalCredit", safety_total::float8 AS "safetyTotal", verify_url AS "verifyUrl",
  pdf_sha256 AS "pdfSha256", credential, supersedes, superseded_by AS "supersededBy", issued_at AS "issuedAt",
  revoked_at AS "revokedAt", revoke_reason AS "revokeReason", revoked_by AS "revokedBy",
  provider_name AS "providerName", accreditation, licence`;

/** The customer's current certificate of the year (the one no later issue superseded), if any. */
export async function cmeCertificateOf(db: Db, customerId: string, year: number): Promise<CmeCertificateRow | null> {
  const { rows } = await db.query<CmeCertificateRow>(
    `SELECT ${COLUMNS} FROM cme_certificates WHERE customer_id = $1 AND year = $2 AND superseded_by IS NULL
      ORDER BY issued_at DESC LIMIT 1`,
    [customerId, year],
  );
  return rows[0] ?? null;
}

/** A certificate by its number (exact), whatever its status. */
export async function cmeCertificateByNumber(db: Db, number: string): Promise<CmeCertificateRow | null> {
  const { rows } = await db.query<CmeCertificateRow>(`SELECT ${COLUMNS} FROM cme_certificates WHERE number = $1`, [
    number,
  ]);
  return rows[0] ?? null;
}
