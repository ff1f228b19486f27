import { z } from 'zod';

/**
 * A backup file (docs/operations.md, Backups and restore): gzip, its members read as one stream of
 * lines. Line 1 is this header (JSON); then each table of `tables`, in that order, as its `rows` lines
 * of COPY text (copy-text.ts), `bytes` long with that SHA-256; the last line is the trailer, the
 * HMAC-SHA256 of every byte before it (backup-mac.ts). Only data: the schema comes from the shop's code
 * (ShopSchema), and a name in the file is only ever compared with the names that code created.
 * `gzip -dc FILE | head -1` shows the header.
 */
export const BACKUP_FORMAT = 'medshop-backup';
/** 2: authenticated, data only. Format 1 carried table definitions that a restore ran as SQL. */
export const BACKUP_FORMAT_VERSION = 2;

/** The scrypt cost of both keys derived from BACKUP_PASSPHRASE (OWASP's setting; 128 MiB each). */
export const SCRYPT_COST = { N: 2 ** 17, r: 8, p: 1 } as const;

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);
const decimal = z.string().regex(/^-?\d{1,20}$/);

const table = z.strictObject({
  name: z.string().min(1),
  /** The columns of the rows, in their order; each must be a column the shop's code created. */
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** A sequence's value only; the sequence itself is the shop's code's. */
const sequence = z.strictObject({
  name: z.string().min(1),
  /** 64-bit numbers as decimal text. */
  lastValue: decimal,
  isCalled: z.boolean(),
});

const scryptCost = {
  kdf: z.literal('scrypt'),
  N: z.literal(SCRYPT_COST.N),
  r: z.literal(SCRYPT_COST.r),
  p: z.literal(SCRYPT_COST.p),
  salt: base64,
};

const sealedSecrets = z.strictObject({
  ...scryptCost,
  cipher: z.literal('aes-256-gcm'),
  iv: base64,
  tag: base64,
  data: base64,
});

/** How the trailer's code is made: HMAC-SHA256 under a key of its own from BACKUP_PASSPHRASE. */
const fileMac = z.strictObject({ ...scryptCost, mac: z.literal('hmac-sha256') });

export const backupHeaderSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  /** The shop's package version that wrote it. */
  shopVersion: z.string(),
  /** `server_version` of the PostgreSQL it was read from. */
  server: z.string(),
  /** Events in the log (rows of `es_events` and `es_viewing_events`) and the snapshot's head position in the source database. */
  eventLog: z.strictObject({ events: z.number().int().min(0), headPosition: decimal }),
  tables: z.array(table),
  sequences: z.array(sequence),
  /** Tables left out on purpose: the read models (rebuilt from the log) and short-lived state. */
  leftOut: z.array(z.strictObject({ table: z.string(), why: z.string() })),
  /** Folders of files that are not in the database: copy them beside the backup. */
  media: z.array(z.strictObject({ setting: z.string(), folder: z.string() })),
  secrets: sealedSecrets,
  authentication: fileMac,
});

/** The last line: the HMAC-SHA256 (hex) of every byte of the content before it. */
export const backupTrailerSchema = z.strictObject({ 'hmac-sha256': z.string().regex(/^[0-9a-f]{64}$/) });

export type BackupHeader = z.infer<typeof backupHeaderSchema>;
export type TableEntry = BackupHeader['tables'][number];
export type SequenceEntry = BackupHeader['sequences'][number];
export type SealedSecrets = BackupHeader['secrets'];
export type FileMacParameters = BackupHeader['authentication'];
