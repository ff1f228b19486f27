import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { onceSucceeded } from '#libs/database/once-succeeded.js';
import {
  CME_CERTIFICATE_FILES_SCHEMA,
  type CmeCertificateFile,
  certificateFileOf,
  discardCertificateFile,
  keepCertificateFile,
} from '#libs/read-models/cme-certificate-files.js';
import { PG_POOL } from '../infrastructure/tokens.js';

/** The PDFs of the certificates as issued (libs/read-models/cme-certificate-files.ts); the table is made on first use. */
@Injectable()
export class CertificateFiles {
  private readonly ensureTable = onceSucceeded(() => this.pool.query(CME_CERTIFICATE_FILES_SCHEMA));

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async keep(file: CmeCertificateFile): Promise<void> {
    await this.ensureTable();
    await keepCertificateFile(this.pool, file);
  }

  async of(number: string): Promise<CmeCertificateFile | null> {
    await this.ensureTable();
    return certificateFileOf(this.pool, number);
  }

  async discard(number: string): Promise<void> {
    await this.ensureTable();
    await discardCertificateFile(this.pool, number);
  }
}
