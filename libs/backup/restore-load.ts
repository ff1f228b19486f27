import { createHash } from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '#libs/database/transaction.js';
import type { BackupHeader, TableEntry } from './backup-format.js';
import { EVENT_LOG_TABLES, POSITION_TABLES, tablesLeftOut } from './backup-scope.js';
import { parseCopyLine } from './copy-text.js';
import { AuthenticatedLines, BackupRefused, parseBackupHeader } from './read-backup.js';
import { ident, sequenceRanges, type SequenceRange, type ShopSchema, tableColumns } from './schema-catalog.js';

/**
 * How far a restored sequence skips past the backup's value: numbers handed out after the backup (an
 * order a customer holds a receipt of, a charge at the gateway) are never handed out again, as long as
 * fewer were taken between the backup and the restore (docs/operations.md).
 */
export const SEQUENCE_GAP = 1000n;

/** Rows per INSERT (and at most this many parameters: PostgreSQL takes 65,535), and the most bytes one carries. */
const BATCH_ROWS = 1000;
const BATCH_PARAMETERS = 60_000;
const BATCH_BYTES = 4 * 1024 * 1024;

export interface LoadResult {
  tables: { name: string; rows: number }[];
  /** Events loaded, numbered 1..events in the log's order. */
  events: number;
  /** Each sequence's next value (SEQUENCE_GAP past the backup's). */
  sequences: { name: string; next: string }[];
}

/**
 * Refuses a target that holds anything: a restore never mixes two shops' data, and a failed restore
 * (one transaction) leaves the target as empty as it found it, so the same command can simply run again.
 */
export async function assertEmptyDatabase(db: Pick<pg.Pool, 'query'>, target: string): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace
     AND relkind IN ('r', 'p', 'v', 'm', 'S', 'f') ORDER BY relname`,
  );
  if (rows.length > 0) {
    const names = rows.slice(0, 3).map((r) => r.name);
    const more = rows.length > 3 ? `, ... ${rows.length} in all` : '';
    throw new BackupRefused(`${target} is not empty (it holds ${names.join(', ')}${more}); restore into an empty one`);
  }
}

/**
 * Loads a verified backup (verifyBackup, the first pass) into an empty database in ONE transaction: the
 * shop's own schema code creates the tables and sequences, then every row of the file goes into the
 * columns of the same names (each name checked against what the code created, each value a parameter
 * read by its column type's input), the content's code is checked again before COMMIT, and the
 * sequences are set (SEQUENCE_GAP on). The event log is numbered anew, 1..N in its order (its tables
 * merged: they are loaded into temporary tables first, then numbered together): a position is
 * the appending transaction's id shifted left 16 bits (libs/eventstore/postgres), and a new server's
 * transaction ids are far below the old one's, so the old numbers would hide the next appends behind
 * the restored ones. The checkpoints that hold log positions (POSITION_TABLES) move to the new number
 * of the same event.
 */
export async function loadBackup(
  pool: pg.Pool,
  source: { file: string; key: Buffer },
  schema: ShopSchema,
  target: string,
): Promise<LoadResult> {
  const lines = new AuthenticatedLines(source.file, source.key);
  try {
    const header = parseBackupHeader(source.file, await lines.next());
    await assertEmptyDatabase(pool, target);
    await reserveTransactionIds(pool, header.eventLog.events);
    return await inTransaction(pool, (client) => loadAll(client, header, lines, schema, source.file));
  } finally {
    await lines.close();
  }
}

/**
 * Burns transaction ids until the restore's own id, shifted 16 bits, is above every new position
 * (1..events): the restored events are then below what every later reader sees as settled, and below
 * every later append. A new cluster's first ids already leave room for 49 million events.
 */
async function reserveTransactionIds(pool: pg.Pool, events: number): Promise<void> {
  for (;;) {
    const { rows } = await pool.query<{ id: string }>('SELECT pg_current_xact_id()::text AS id');
    if ((BigInt(rows[0]!.id) + 1n) << 16n > BigInt(events)) return;
  }
}

async function loadAll(
  client: pg.PoolClient,
  header: BackupHeader,
  lines: AuthenticatedLines,
  schema: ShopSchema,
  file: string,
): Promise<LoadResult> {
  // The same text forms the backup was written with.
  await client.query(
    `SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL IntervalStyle = 'postgres'`,
  );
  await schema.create(client);
  const created = await tableColumns(client, schema.tables);
  checkTables(header, created, file);
  const ranges = await sequenceRanges(client);
  const unknownSequence = header.sequences.find((s) => !ranges.has(s.name));
  if (unknownSequence) {
    throw new BackupRefused(`${file} sets sequence ${unknownSequence.name}, which the shop's schema does not create`);
  }
  await client.query(
    'CREATE TEMP TABLE restored_positions (old bigint PRIMARY KEY, new bigint NOT NULL) ON COMMIT DROP',
  );
  const tables: LoadResult['tables'] = [];
  const log = header.tables.filter((t) => EVENT_LOG_TABLES.includes(t.name));
  for (const table of log) {
    await client.query(`CREATE TEMP TABLE ${ident(staged(table.name))} (LIKE ${ident(table.name)}) ON COMMIT DROP`);
  }
  for (const table of header.tables) {
    const into = log.includes(table) ? staged(table.name) : table.name;
    tables.push({ name: table.name, rows: await loadTable(client, table, into, lines, file) });
  }
  await lines.checkTrailer();
  await numberLog(client, log);
  for (const name of POSITION_TABLES) {
    if (!header.tables.some((t) => t.name === name) || !created.get(name)?.includes('position')) continue;
    await client.query(
      `UPDATE ${ident(name)} t SET position = coalesce((SELECT p.new FROM restored_positions p
         WHERE p.old <= t.position ORDER BY p.old DESC LIMIT 1), 0)`,
    );
  }
  const sequences: LoadResult['sequences'] = [];
  for (const s of header.sequences) {
    const next = nextValueAfterGap(s, ranges.get(s.name)!);
    sequences.push({ name: s.name, next });
    await client.query('SELECT setval($1::regclass, $2::bigint, false)', [ident(s.name), next]);
  }
  const events = tables.filter((t) => EVENT_LOG_TABLES.includes(t.name)).reduce((sum, t) => sum + t.rows, 0);
  return { tables, events, sequences };
}

/** Where a table of the log is loaded first, to be numbered with the others (numberLog). */
const staged = (table: string): string => `restored_${table}`;

/**
 * Numbers the log anew: every event of the staged log tables gets its place in the merged log (1..N by
 * old position, kept in restored_positions for the checkpoints), and goes into its table in that order.
 */
async function numberLog(client: pg.PoolClient, log: readonly TableEntry[]): Promise<void> {
  if (log.length === 0) return;
  const positions = log.map((t) => `SELECT position FROM ${ident(staged(t.name))}`).join(' UNION ALL ');
  await client.query(
    `INSERT INTO restored_positions (old, new) SELECT position, row_number() OVER (ORDER BY position) FROM (${positions}) log`,
  );
  for (const table of log) {
    const columns = table.columns.map(ident);
    const values = table.columns.map((c) => (c === 'position' ? 'p.new' : `r.${ident(c)}`));
    const result = await client.query(
      `INSERT INTO ${ident(table.name)} (${columns.join(', ')}) SELECT ${values.join(', ')}
       FROM ${ident(staged(table.name))} r JOIN restored_positions p ON p.old = r.position ORDER BY p.new`,
    );
    if (result.rowCount !== table.rows)
      throw new Error(`table ${table.name}: ${result.rowCount} of ${table.rows} events numbered`);
  }
}

/**
 * Every table of the file is one the shop's code created and is not a left-out one (rebuilt or
 * short-lived), listed once, with columns the code created, each once; the event log's rows carry their
 * position. Anything else is refused (nothing is ever created from the file).
 */
function checkTables(header: BackupHeader, created: Map<string, string[]>, file: string): void {
  const leftOut = new Set(tablesLeftOut().map((t) => t.table));
  const seen = new Set<string>();
  for (const table of header.tables) {
    const columns = created.get(table.name);
    if (!columns || leftOut.has(table.name)) {
      throw new BackupRefused(`${file} holds table ${table.name}, which the shop's schema does not create`);
    }
    if (seen.has(table.name)) throw new BackupRefused(`${file} lists table ${table.name} twice`);
    seen.add(table.name);
    const unknown = table.columns.find((c) => !columns.includes(c));
    if (unknown !== undefined) {
      throw new BackupRefused(
        `${file} holds column ${unknown} of ${table.name}, which the shop's schema does not create`,
      );
    }
    if (new Set(table.columns).size !== table.columns.length) {
      throw new BackupRefused(`${file} lists a column of ${table.name} twice`);
    }
    if (EVENT_LOG_TABLES.includes(table.name) && !table.columns.includes('position')) {
      throw new BackupRefused(`${file} holds events without their position`);
    }
  }
}

/** Reads the table's rows from the file and inserts them into `into` in batches; checks their count, size and hash. */
async function loadTable(
  client: pg.PoolClient,
  table: TableEntry,
  into: string,
  lines: AuthenticatedLines,
  file: string,
): Promise<number> {
  const width = table.columns.length;
  const perBatch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(BATCH_PARAMETERS / width)));
  const hash = createHash('sha256');
  let bytes = 0;
  let batch: (string | null)[][] = [];
  let batchBytes = 0;
  let loaded = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const result = await client.query(insertStatement(into, table.columns, batch.length), batch.flat());
    if (result.rowCount !== batch.length)
      throw new Error(`table ${table.name}: ${result.rowCount} of ${batch.length} rows inserted`);
    loaded += batch.length;
    batch = [];
    batchBytes = 0;
  };
  for (let i = 0; i < table.rows; i++) {
    const line = await lines.next();
    if (line === undefined) throw new Error(`${file} is damaged: it ends inside table ${table.name}`);
    hash.update(line).update('\n');
    bytes += line.length + 1;
    const row = parseCopyLine(line.toString('utf8'));
    if (row.length !== width) {
      throw new Error(`${file} is damaged: a row of ${table.name} has ${row.length} values, not ${width}`);
    }
    batch.push(row);
    batchBytes += line.length;
    if (batch.length >= perBatch || batchBytes >= BATCH_BYTES) await flush();
  }
  await flush();
  if (bytes !== table.bytes || hash.digest('hex') !== table.sha256) {
    throw new Error(`${file} is damaged: the rows of ${table.name} do not match their checksum`);
  }
  return loaded;
}

/**
 * One INSERT of `rows` rows: every value a parameter without a type, which PostgreSQL reads with the
 * input of its column's type (as COPY does), so a value is only ever data. The names are checked
 * against the created schema (checkTables) and quoted.
 */
function insertStatement(table: string, columns: readonly string[], rows: number): string {
  const width = columns.length;
  const values = Array.from(
    { length: rows },
    (_, r) => `(${columns.map((_, c) => `$${r * width + c + 1}`).join(', ')})`,
  ).join(', ');
  return `INSERT INTO ${ident(table)} (${columns.map(ident).join(', ')}) VALUES ${values}`;
}

/** The value a restored sequence hands out next: after the backup's, SEQUENCE_GAP steps on, within its range. */
function nextValueAfterGap(s: BackupHeader['sequences'][number], range: SequenceRange): string {
  const next = BigInt(s.lastValue) + (s.isCalled ? range.increment : 0n) + SEQUENCE_GAP * range.increment;
  return (next > range.max ? range.max : next < range.min ? range.min : next).toString();
}
