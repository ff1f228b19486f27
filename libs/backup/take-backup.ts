import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, open, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, gzipSync } from 'node:zlib';
import type pg from 'pg';
import { checkOut } from '#libs/database/pools.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupHeader, type TableEntry } from './backup-format.js';
import { ContentMac, fileMacKey, newFileMacParameters } from './backup-mac.js';
import { EVENT_LOG_TABLE, EVENT_LOG_TABLES, tablesLeftOut } from './backup-scope.js';
import { copyLine } from './copy-text.js';
import { ident, readSequences, type ShopSchema, tableColumns, tableNames } from './schema-catalog.js';
import { sealSecrets, type ShopSecrets } from './secrets-box.js';

export interface BackupOptions {
  /** The file to write; it must not exist (a backup never replaces another). */
  file: string;
  secrets: ShopSecrets;
  passphrase: string;
  createdAt: Date;
  shopVersion: string;
  /** Folders of files the database does not hold (paid media, imported video), named in the header. */
  media: { setting: string; folder: string }[];
  /** The tables the shop's code creates: a table of the database outside them (and not left out) stops the backup. */
  schema: Pick<ShopSchema, 'tables'>;
}

export interface BackupResult {
  header: BackupHeader;
  /** Size of the file written. */
  bytes: number;
}

/** Rows per FETCH of a table's cursor. */
const FETCH_ROWS = 1000;
/** Every value as the server's text output (the driver's parsers would turn it into JS values). */
const RAW_TEXT = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

/**
 * Writes a consistent backup of the shop's database while the shop keeps serving: one REPEATABLE READ,
 * READ ONLY transaction (one snapshot: every append committed before it, none after) reads every table
 * that is not rebuildable (backup-scope.ts), its column names and rows, and the sequences' values; the
 * rows go through gzip into a scratch file beside FILE, then the header (with each table's row count,
 * size and SHA-256, and the secrets sealed with the passphrase), the rows and the trailer (the HMAC of
 * all of it, backup-mac.ts) become FILE, which appears only when complete.
 */
export async function takeBackup(pool: pg.Pool, options: BackupOptions): Promise<BackupResult> {
  const file = resolve(options.file);
  const scratch = `${file}.rows-${process.pid}`;
  const assembled = `${file}.part-${process.pid}`;
  const secrets = await sealSecrets(options.secrets, options.passphrase);
  const authentication = newFileMacParameters();
  const key = await fileMacKey(options.passphrase, authentication);
  try {
    const snapshot = await readSnapshot(pool, scratch, options.schema);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: options.createdAt.toISOString(),
      shopVersion: options.shopVersion,
      ...snapshot,
      media: options.media,
      secrets,
      authentication,
    };
    const bytes = await assemble(header, scratch, assembled, new ContentMac(key));
    await link(assembled, file); // fails when FILE appeared meanwhile: never replaced
    await syncFolder(dirname(file));
    return { header, bytes };
  } finally {
    await rm(scratch, { force: true });
    await rm(assembled, { force: true });
  }
}

type Snapshot = Pick<BackupHeader, 'server' | 'eventLog' | 'tables' | 'sequences' | 'leftOut'>;
type TableColumns = Pick<TableEntry, 'name' | 'columns'>;

async function readSnapshot(pool: pg.Pool, scratch: string, schema: BackupOptions['schema']): Promise<Snapshot> {
  const connection = await checkOut(pool);
  const { client } = connection;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The text of dates, numbers and bytes as COPY writes them by default, whatever the server's settings.
    await client.query(
      `SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL IntervalStyle = 'postgres';
       SET LOCAL extra_float_digits = 1; SET LOCAL bytea_output = 'hex'`,
    );
    const leftOut = tablesLeftOut();
    const skipped = new Set(leftOut.map((t) => t.table));
    const names = (await tableNames(client)).filter((name) => !skipped.has(name));
    if (!names.includes(EVENT_LOG_TABLE)) {
      throw new Error(`the database has no event log (${EVENT_LOG_TABLE}): is it the shop's database?`);
    }
    const unknown = names.filter((name) => !schema.tables.includes(name));
    if (unknown.length > 0) {
      throw new Error(
        `the database holds ${unknown.join(', ')}, which the shop's schema (apps/api/backup/shop-schema.ts) ` +
          'does not create, so no restore could load it: list the code that creates it there',
      );
    }
    // The log first (its tables), then the other tables by name.
    const log = EVENT_LOG_TABLES.filter((name) => names.includes(name));
    const ordered = [...log, ...names.filter((name) => !log.includes(name))];
    const columns = await tableColumns(client, ordered);
    const definitions = ordered.map((name) => ({ name, columns: columns.get(name)! }));
    const heads = log.map((name) => `(SELECT max(position) FROM ${ident(name)})`).join(', ');
    const facts = await client.query<{ server: string; head: string }>(
      `SELECT current_setting('server_version') AS server, greatest(${heads}, 0)::text AS head`,
    );
    const tables = await writeRows(client, definitions, scratch);
    // Read last: a number taken while the rows were read is then not handed out again after a restore.
    const sequences = await readSequences(client, new Set(ordered));
    await client.query('COMMIT');
    return {
      server: facts.rows[0]!.server,
      eventLog: {
        events: tables.filter((t) => log.includes(t.name)).reduce((sum, t) => sum + t.rows, 0),
        headPosition: facts.rows[0]!.head,
      },
      tables,
      sequences,
      leftOut,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}

/** Streams every table's rows, in order, through gzip into `scratch`; answers each table's counts and hash. */
async function writeRows(client: pg.PoolClient, definitions: TableColumns[], scratch: string) {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(scratch, { mode: 0o600 }));
  written.catch(() => undefined); // awaited below; a failure meanwhile must not count as unhandled
  // A write waits for gzip's buffer to drain, or for the failure of the file (a full disk).
  const write = async (text: string): Promise<void> => {
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), written]);
  };
  const tables: TableEntry[] = [];
  try {
    for (const definition of definitions) {
      const hash = createHash('sha256');
      let rows = 0;
      let bytes = 0;
      // The log in its order, so that a restore numbers it in the same order.
      const order = EVENT_LOG_TABLES.includes(definition.name) ? ' ORDER BY position' : '';
      const columns = definition.columns.map(ident).join(', ');
      await client.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${columns} FROM ${ident(definition.name)}${order}`,
      );
      for (;;) {
        const page = await client.query<(string | null)[]>({
          text: `FETCH ${FETCH_ROWS} FROM backup_rows`,
          rowMode: 'array',
          types: RAW_TEXT,
        });
        for (const row of page.rows) {
          const line = copyLine(row);
          hash.update(line, 'utf8');
          bytes += Buffer.byteLength(line, 'utf8');
          rows++;
          await write(line);
        }
        if (page.rows.length < FETCH_ROWS) break;
      }
      await client.query('CLOSE backup_rows');
      tables.push({ ...definition, rows, bytes, sha256: hash.digest('hex') });
    }
  } finally {
    gzip.end();
    await written;
  }
  return tables;
}

/**
 * The header's gzip member, the rows' member copied as they are, and the trailer's member: the code of
 * the header line and every row, read back through gunzip from the scratch file (memory does not grow
 * with it). Fsynced; answers the size.
 */
async function assemble(header: BackupHeader, scratch: string, target: string, mac: ContentMac): Promise<number> {
  const headerLine = Buffer.from(`${JSON.stringify(header)}\n`, 'utf8');
  mac.bytes(headerLine);
  await pipeline(createReadStream(scratch), createGunzip(), async (rows: AsyncIterable<Buffer>) => {
    for await (const chunk of rows) mac.bytes(chunk);
  });
  const handle = await open(target, 'wx', 0o600);
  try {
    await handle.write(gzipSync(headerLine));
    for await (const chunk of createReadStream(scratch) as AsyncIterable<Buffer>) await handle.write(chunk);
    await handle.write(gzipSync(mac.trailer()));
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
