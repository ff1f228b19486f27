import { z } from 'zod';

/**
 * A backup file (docs/operations.md, Backups and restore): gzip, two members read as one stream.
 * Line 1 is this header (JSON); then each table of `tables`, in that order, as its `rows` lines of
 * COPY text (copy-text.ts), `bytes` long with that SHA-256. `gzip -dc FILE | head -1` shows the header.
 */
export const BACKUP_FORMAT = 'medshop-backup';
export const BACKUP_FORMAT_VERSION = 1;

const column = z.object({
  name: z.string().min(1),
  /** `format_type` of the column, e.g. `timestamp with time zone`, `integer[]`. */
  type: z.string().min(1),
  notNull: z.boolean(),
  /** The default expression as PostgreSQL prints it, e.g. `nextval('mail_outbox_id_seq'::regclass)`. */
  default: z.string().nullable(),
});

const table = z.object({
  name: z.string().min(1),
  unlogged: z.boolean(),
  columns: z.array(column).min(1),
  /** Primary keys, unique, check, exclusion and foreign keys by name, as `pg_get_constraintdef` prints them. */
  constraints: z.array(z.object({ name: z.string().min(1), definition: z.string().min(1) })),
  /** The other indexes, as `pg_get_indexdef` prints them. */
  indexes: z.array(z.string().min(1)),
  rows: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const sequence = z.object({
  name: z.string().min(1),
  type: z.string().min(1),
  /** 64-bit numbers as decimal text. */
  start: z.string(),
  increment: z.string(),
  min: z.string(),
  max: z.string(),
  cache: z.string(),
  cycle: z.boolean(),
  lastValue: z.string(),
  isCalled: z.boolean(),
  ownedBy: z.object({ table: z.string().min(1), column: z.string().min(1) }).nullable(),
});

const sealedSecrets = z.object({
  kdf: z.literal('scrypt'),
  N: z.number().int().positive(),
  r: z.number().int().positive(),
  p: z.number().int().positive(),
  salt: z.string(),
  cipher: z.literal('aes-256-gcm'),
  iv: z.string(),
  tag: z.string(),
  data: z.string(),
});

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  /** The shop's package version that wrote it. */
  shopVersion: z.string(),
  /** `server_version` of the PostgreSQL it was read from. */
  server: z.string(),
  /** Events in the log (`es_events` rows) and the snapshot's head position in the source database. */
  eventLog: z.object({ events: z.number().int().min(0), headPosition: z.string() }),
  /** Extensions the tables need (pg_trgm for the catalog's search indexes). */
  extensions: z.array(z.string().min(1)),
  tables: z.array(table),
  sequences: z.array(sequence),
  /** Tables left out on purpose: the read models (rebuilt from the log) and short-lived state. */
  leftOut: z.array(z.object({ table: z.string(), why: z.string() })),
  /** Folders of files that are not in the database: copy them beside the backup. */
  media: z.array(z.object({ setting: z.string(), folder: z.string() })),
  secrets: sealedSecrets,
});

export type BackupHeader = z.infer<typeof backupHeaderSchema>;
export type TableDefinition = Omit<BackupHeader['tables'][number], 'rows' | 'bytes' | 'sha256'>;
export type TableEntry = BackupHeader['tables'][number];
export type SequenceEntry = BackupHeader['sequences'][number];
