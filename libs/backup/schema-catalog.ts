import type pg from 'pg';
import type { SequenceEntry, TableDefinition } from './backup-format.js';

type Db = Pick<pg.ClientBase, 'query'>;

/**
 * The shop's tables and sequences as PostgreSQL's catalog describes them (in the backup's snapshot):
 * enough to create them again exactly, constraint and index names included (the event store relies on
 * `es_events_stream_id_revision_key`). The shop's schema is plain tables of built-in types; anything
 * else (identity or generated columns, types of its own, triggers, partitions, views) is refused by
 * name rather than left out quietly.
 */
export async function readTableDefinitions(db: Db, names: readonly string[]): Promise<TableDefinition[]> {
  await refuseWhatIsNotCarried(db);
  const definitions: TableDefinition[] = [];
  for (const name of names) {
    const { rows: rel } = await db.query<{ oid: number; unlogged: boolean }>(
      `SELECT c.oid, c.relpersistence = 'u' AS unlogged FROM pg_class c
       WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = $1 AND c.relkind = 'r'`,
      [name],
    );
    const oid = rel[0]?.oid;
    if (oid === undefined) throw new Error(`table ${name} is not in the schema`);
    const { rows: columns } = await db.query<{
      name: string;
      type: string;
      notNull: boolean;
      default: string | null;
      special: boolean;
      foreignType: boolean;
    }>(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS "notNull",
              pg_get_expr(d.adbin, d.adrelid) AS default,
              a.attidentity <> '' OR a.attgenerated <> '' AS special,
              t.typnamespace <> 'pg_catalog'::regnamespace AS "foreignType"
       FROM pg_attribute a
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped
       ORDER BY a.attnum`,
      [oid],
    );
    const odd = columns.find((c) => c.special || c.foreignType);
    if (odd)
      throw new Error(`column ${name}.${odd.name} (an identity, generated or own type) is not carried by backups`);
    // NOT NULL constraints (catalogued since PostgreSQL 18) travel as the columns' NOT NULL instead.
    const { rows: constraints } = await db.query<{ name: string; definition: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE conrelid = $1 AND contype IN ('p', 'u', 'c', 'x', 'f')
       ORDER BY contype = 'f', conname`,
      [oid],
    );
    const { rows: indexes } = await db.query<{ definition: string }>(
      `SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
       WHERE i.indrelid = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
       ORDER BY i.indexrelid::regclass::text`,
      [oid],
    );
    definitions.push({
      name,
      unlogged: rel[0]!.unlogged,
      columns: columns.map((c) => ({ name: c.name, type: c.type, notNull: c.notNull, default: c.default })),
      constraints,
      indexes: indexes.map((i) => i.definition),
    });
  }
  return definitions;
}

/** Every ordinary table of the schema, by name. */
export async function tableNames(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'
     ORDER BY relname`,
  );
  return rows.map((r) => r.name);
}

/**
 * The sequences of the schema with their values (a sequence is outside transactions: a value read after
 * the snapshot is at least the one its rows used, so the restored sequence never hands out a used number).
 */
export async function readSequences(db: Db, tables: ReadonlySet<string>): Promise<SequenceEntry[]> {
  const { rows } = await db.query<
    Omit<SequenceEntry, 'lastValue' | 'isCalled' | 'ownedBy'> & {
      ownerTable: string | null;
      ownerColumn: string | null;
    }
  >(
    `SELECT c.relname AS name, format_type(s.seqtypid, NULL) AS type, s.seqstart::text AS start,
            s.seqincrement::text AS increment, s.seqmin::text AS min, s.seqmax::text AS max,
            s.seqcache::text AS cache, s.seqcycle AS cycle, owner.relname AS "ownerTable", a.attname AS "ownerColumn"
     FROM pg_sequence s
     JOIN pg_class c ON c.oid = s.seqrelid
     LEFT JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'a'
                          AND d.refclassid = 'pg_class'::regclass
     LEFT JOIN pg_class owner ON owner.oid = d.refobjid
     LEFT JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
     WHERE c.relnamespace = current_schema()::regnamespace
     ORDER BY c.relname`,
  );
  const sequences: SequenceEntry[] = [];
  for (const { ownerTable, ownerColumn, ...s } of rows) {
    // A sequence of a table left out (none today) goes with it: the shop makes both again.
    if (ownerTable !== null && !tables.has(ownerTable)) continue;
    const value = await db.query<{ last: string; called: boolean }>(
      `SELECT last_value::text AS last, is_called AS called FROM ${ident(s.name)}`,
    );
    sequences.push({
      ...s,
      lastValue: value.rows[0]!.last,
      isCalled: value.rows[0]!.called,
      ownedBy: ownerTable !== null && ownerColumn !== null ? { table: ownerTable, column: ownerColumn } : null,
    });
  }
  return sequences;
}

/** The extensions installed in the database (plpgsql comes with every database). */
export async function readExtensions(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT extname AS name FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY extname`,
  );
  return rows.map((r) => r.name);
}

async function refuseWhatIsNotCarried(db: Db): Promise<void> {
  const { rows } = await db.query<{ what: string }>(
    `SELECT 'trigger ' || tgname AS what FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
     UNION ALL
     SELECT CASE relkind WHEN 'p' THEN 'partitioned table ' WHEN 'v' THEN 'view ' ELSE 'materialized view ' END || relname
       FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('p', 'v', 'm')`,
  );
  if (rows.length > 0) throw new Error(`${rows.map((r) => r.what).join(', ')}: not carried by backups`);
}

/** A quoted SQL identifier. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
