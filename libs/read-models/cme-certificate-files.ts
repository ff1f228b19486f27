import type { Pool, PoolClient } from 'pg';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * The PDF of each CME certificate, byte for byte as issued: written before its CmeCertificateIssued is
 * appended (the event records the bytes' SHA-256), read by the certificate download, never rendered
 * anew. Not a read model: the bytes are not in the log, so a rebuild must never drop this table, and
 * a backup of the database keeps it (docs/audit.md). A row whose number no event carries is a print
 * that was not issued (a repeat, or a refused append) and is never served.
 */
export const CME_CERTIFICATE_FILES_SCHEMA = `
CREATE TABLE IF NOT EXISTS cme_certificate_files (
  number text PRIMARY KEY,
  customer_id text NOT NULL,
  year integer NOT NULL,
  sha256 text NOT NULL,
  pdf bytea NOT NULL,
  kept_at timestamptz NOT NULL DEFAULT now()
)`;

export interface CmeCertificateFile {
  number: string;
  customerId: string;
  year: number;
  sha256: string;
  pdf: Buffer;
}

/** Keeps a printed certificate's bytes under its number (never replaced: a number is printed once). */
export async function keepCertificateFile(db: Db, file: CmeCertificateFile): Promise<void> {
  await db.query(
    `INSERT INTO cme_certificate_files (number, customer_id, year, sha256, pdf) VALUES ($1, $2, $3, $4, $5)`,
    [file.number, file.customerId, file.year, file.sha256, file.pdf],
  );
}

/** The bytes kept for a number, if any. */
export async function certificateFileOf(db: Db, number: string): Promise<CmeCertificateFile | null> {
  const { rows } = await db.query<CmeCertificateFile>(
    `SELECT number, customer_id AS "customerId", year, sha256, pdf FROM cme_certificate_files WHERE number = $1`,
    [number],
  );
  return rows[0] ?? null;
}

/** Lets go of a print whose number was not issued (the append answered another certificate, or failed). */
export async function discardCertificateFile(db: Db, number: string): Promise<void> {
  await db.query('DELETE FROM cme_certificate_files WHERE number = $1', [number]);
}
