import pg from 'pg';
import type { SequenceEntry } from './backup-format.js';

type Db = Pick<pg.ClientBase, 'query'>;

/** A quoted SQL identifier (the driver's escaping); only ever a name the shop's code created. */
export const ident = (name: string): string => pg.escapeIdentifier(name);

/**
 * The tables a backup carries and the shop's own code that creates them: the list is kept where the
 * code lives (apps/api/backup/shop-schema.ts). A restore runs `create` inside its transaction and loads
 * the file's rows into what it made; a backup refuses a table that is not listed, since no restore
 * could create it. Nothing of a file is ever run as SQL.
 */
export interface ShopSchema {
  /** Every table `create` makes. */
  tables: readonly string[];
  /** The shop's DDL of those tables, their sequences, indexes and extensions, on one connection. */
  create(db: Db): Promise<void>;
}

/** Every ordinary table of the schema, by name. */
export async function tableNames(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'
     ORDER BY relname`,
  );
  return rows.map((r) => r.name);
}

/** The columns of each of `tables` that exists, in their order. */
export async function tableColumns(db: Db, tables: readonly string[]): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ table: string; columns: string[] }>(
    `SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attnum) AS columns
     FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relname = ANY($1::text[])
     GROUP BY c.relname`,
    [tables],
  );
  return new Map(rows.map((r) => [r.table, r.columns]));
}

/** A sequence as the shop's code made it: the range a restored value stays in. */
export interface SequenceRange {
  increment: bigint;
  min: bigint;
  max: bigint;
}

/** The sequences of the schema, and the table owning each (null when none). */
async function sequencesOf(db: Db) {
  const { rows } = await db.query<{
    name: string;
    increment: string;
    min: string;
    max: string;
    owner: string | null;
  }>(
    `SELECT c.relname AS name, s.seqincrement::text AS increment, s.seqmin::text AS min, s.seqmax::text AS max,
            owner.relname AS owner
     FROM pg_sequence s
     JOIN pg_class c ON c.oid = s.seqrelid
     LEFT JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'a'
                          AND d.refclassid = 'pg_class'::regclass
     LEFT JOIN pg_class owner ON owner.oid = d.refobjid
     WHERE c.relnamespace = current_schema()::regnamespace
     ORDER BY c.relname`,
  );
  return rows;
}

/** The sequences the shop's code created, by name (what a backup's sequence values are checked against). */
export async function sequenceRanges(db: Db): Promise<Map<string, SequenceRange>> {
  const rows = await sequencesOf(db);
  return new Map(rows.map((s) => [s.name, { increment: BigInt(s.increment), min: BigInt(s.min), max: BigInt(s.max) }]));
}

/**
 * The values of the schema's sequences (a sequence is outside transactions: a value read after the
 * snapshot is at least the one its rows used, so the restored sequence never hands out a used number).
 * A sequence of a table left out goes with it: the shop makes both again.
 */
export async function readSequences(db: Db, tables: ReadonlySet<string>): Promise<SequenceEntry[]> {
  const sequences: SequenceEntry[] = [];
  for (const s of await sequencesOf(db)) {
    if (s.owner !== null && !tables.has(s.owner)) continue;
    const value = await db.query<{ last: string; called: boolean }>(
      `SELECT last_value::text AS last, is_called AS called FROM ${ident(s.name)}`,
    );
    sequences.push({ name: s.name, lastValue: value.rows[0]!.last, isCalled: value.rows[0]!.called });
  }
  return sequences;
}
