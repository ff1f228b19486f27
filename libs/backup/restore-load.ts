import { createHash } from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '#libs/database/transaction.js';
import type { BackupHeader, TableEntry } from './backup-format.js';
import { EVENT_LOG_TABLE, POSITION_TABLES } from './backup-scope.js';
import { parseCopyLine } from './copy-text.js';
import { BackupRefused, backupLines, parseBackupHeader } from './read-backup.js';
import { ident } from './schema-catalog.js';

/**
 * How far a restored sequence skips past the backup's value: numbers handed out after the backup (an
 * order a customer holds a receipt of, a charge at the gateway) are never handed out again, as long as
 * fewer were taken between the backup and the restore (docs/operations.md).
 */
export const SEQUENCE_GAP = 1000n;

/** Rows per INSERT, and the most bytes of rows one INSERT carries. */
const BATCH_ROWS = 1000;
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
 * Loads a backup into an empty database in ONE transaction: the sequences and tables as the backup
 * describes them, every row (each table's size and SHA-256 checked against the header before COMMIT),
 * then constraints, indexes and sequence values (SEQUENCE_GAP on). The event log is numbered anew, 1..N in its order:
 * a position is the appending transaction's id shifted left 16 bits (libs/eventstore/postgres), and a
 * new server's transaction ids are far below the old one's, so the old numbers would hide the next
 * appends behind the restored ones. The checkpoints that hold log positions (POSITION_TABLES) move to
 * the new number of the same event.
 */
export async function loadBackup(pool: pg.Pool, file: string, target: string): Promise<LoadResult> {
  const lines = backupLines(file);
  try {
    const first = await lines.next();
    const header = parseBackupHeader(file, first.done ? undefined : first.value);
    await assertEmptyDatabase(pool, target);
    await reserveTransactionIds(pool, header.eventLog.events);
    return await inTransaction(pool, (client) => loadAll(client, header, lines, file));
  } finally {
    await lines.return(undefined);
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
  lines: AsyncGenerator<Buffer>,
  file: string,
): Promise<LoadResult> {
  // The same text forms the backup was written with.
  await client.query(
    `SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL IntervalStyle = 'postgres'`,
  );
  await client.query(
    'CREATE TEMP TABLE restored_positions (old bigint PRIMARY KEY, new bigint NOT NULL) ON COMMIT DROP',
  );
  for (const name of header.extensions) await client.query(`CREATE EXTENSION IF NOT EXISTS ${ident(name)}`);
  for (const s of header.sequences) {
    await client.query(
      `CREATE SEQUENCE ${ident(s.name)} AS ${s.type} INCREMENT BY ${int(s.increment)} MINVALUE ${int(s.min)}
       MAXVALUE ${int(s.max)} START WITH ${int(s.start)} CACHE ${int(s.cache)} ${s.cycle ? 'CYCLE' : 'NO CYCLE'}`,
    );
  }
  for (const t of header.tables) {
    const columns = t.columns.map(
      (c) =>
        `${ident(c.name)} ${c.type}${c.notNull ? ' NOT NULL' : ''}${c.default === null ? '' : ` DEFAULT ${c.default}`}`,
    );
    await client.query(`CREATE ${t.unlogged ? 'UNLOGGED ' : ''}TABLE ${ident(t.name)} (${columns.join(', ')})`);
  }
  const tables: LoadResult['tables'] = [];
  for (const table of header.tables)
    tables.push({ name: table.name, rows: await loadTable(client, table, lines, file) });
  if (!(await lines.next()).done) throw new Error(`${file} is damaged: it holds more rows than its header lists`);
  for (const name of POSITION_TABLES) {
    if (!header.tables.some((t) => t.name === name && t.columns.some((c) => c.name === 'position'))) continue;
    await client.query(
      `UPDATE ${ident(name)} t SET position = coalesce((SELECT p.new FROM restored_positions p
         WHERE p.old <= t.position ORDER BY p.old DESC LIMIT 1), 0)`,
    );
  }
  // Constraints and indexes after the rows (faster, as pg_dump does); foreign keys last (sorted so).
  for (const t of header.tables) {
    for (const c of t.constraints) {
      await client.query(`ALTER TABLE ${ident(t.name)} ADD CONSTRAINT ${ident(c.name)} ${c.definition}`);
    }
  }
  for (const t of header.tables) for (const index of t.indexes) await client.query(index);
  const sequences: LoadResult['sequences'] = [];
  for (const s of header.sequences) {
    sequences.push({ name: s.name, next: nextValueAfterGap(s) });
    await client.query('SELECT setval($1::regclass, $2::bigint, false)', [ident(s.name), sequences.at(-1)!.next]);
    if (s.ownedBy) {
      await client.query(
        `ALTER SEQUENCE ${ident(s.name)} OWNED BY ${ident(s.ownedBy.table)}.${ident(s.ownedBy.column)}`,
      );
    }
  }
  return { tables, events: tables.find((t) => t.name === EVENT_LOG_TABLE)?.rows ?? 0, sequences };
}

/** Reads the table's rows from the file and inserts them in batches; checks their count, size and hash. */
async function loadTable(
  client: pg.PoolClient,
  table: TableEntry,
  lines: AsyncGenerator<Buffer>,
  file: string,
): Promise<number> {
  const insert = insertStatement(table);
  const numbered = table.name === EVENT_LOG_TABLE;
  const hash = createHash('sha256');
  let bytes = 0;
  let batch: (string | null)[][] = [];
  let batchBytes = 0;
  let loaded = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const columns = table.columns.map((_, i) => batch.map((row) => row[i] ?? null));
    const result = await client.query(insert, numbered ? [...columns, loaded] : columns);
    if (result.rowCount !== batch.length)
      throw new Error(`table ${table.name}: ${result.rowCount} of ${batch.length} rows inserted`);
    loaded += batch.length;
    batch = [];
    batchBytes = 0;
  };
  for (let i = 0; i < table.rows; i++) {
    const next = await lines.next();
    if (next.done) throw new Error(`${file} is damaged: it ends inside table ${table.name}`);
    hash.update(next.value).update('\n');
    bytes += next.value.length + 1;
    const row = parseCopyLine(next.value.toString('utf8'));
    if (row.length !== table.columns.length) {
      throw new Error(
        `${file} is damaged: a row of ${table.name} has ${row.length} values, not ${table.columns.length}`,
      );
    }
    batch.push(row);
    batchBytes += next.value.length;
    if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
  }
  await flush();
  if (bytes !== table.bytes || hash.digest('hex') !== table.sha256) {
    throw new Error(`${file} is damaged: the rows of ${table.name} do not match their checksum`);
  }
  return loaded;
}

/**
 * One INSERT of a batch: each column's values as a text array, read back by the column type's input.
 * The log's position becomes the number of events before the batch ($n+1) plus the row's place in it;
 * its old value goes to restored_positions for the checkpoints.
 */
function insertStatement(table: TableEntry): string {
  const n = table.columns.length;
  const names = table.columns.map((c) => ident(c.name)).join(', ');
  const aliases = table.columns.map((_, i) => `v${i + 1}`).join(', ');
  const arrays = table.columns.map((_, i) => `$${i + 1}::text[]`).join(', ');
  const log = table.name === EVENT_LOG_TABLE;
  const values = table.columns
    .map((c, i) => (log && c.name === 'position' ? `$${n + 1}::bigint + u.i` : `u.v${i + 1}::${c.type}`))
    .join(', ');
  const rows = `SELECT * FROM unnest(${arrays}) WITH ORDINALITY AS u(${aliases}, i)`;
  if (!log) return `INSERT INTO ${ident(table.name)} (${names}) SELECT ${values} FROM (${rows}) u`;
  const old = table.columns.findIndex((c) => c.name === 'position') + 1;
  if (old === 0) throw new Error(`table ${table.name} has no position column`);
  return `WITH u AS (${rows}),
    kept AS (INSERT INTO restored_positions (old, new) SELECT u.v${old}::bigint, $${n + 1}::bigint + u.i FROM u)
    INSERT INTO ${ident(table.name)} (${names}) SELECT ${values} FROM u`;
}

/** The value a restored sequence hands out next: after the backup's, SEQUENCE_GAP steps on, within its range. */
function nextValueAfterGap(s: BackupHeader['sequences'][number]): string {
  const step = BigInt(int(s.increment));
  const next = BigInt(int(s.lastValue)) + (s.isCalled ? step : 0n) + SEQUENCE_GAP * step;
  const [min, max] = [BigInt(int(s.min)), BigInt(int(s.max))];
  return (next > max ? max : next < min ? min : next).toString();
}

/** A 64-bit integer of the header, checked before it goes into DDL. */
function int(text: string): string {
  if (!/^-?\d{1,20}$/.test(text)) throw new Error(`not an integer in the backup's header: ${text}`);
  return text;
}
