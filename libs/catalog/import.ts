import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Pool, PoolClient } from 'pg';
import { withAdvisoryLock } from '#libs/database/transaction.js';
import {
  CATALOG_FILES,
  CATALOG_FILE_NAMES,
  PRODUCT_SOURCES,
  type CatalogFile,
  type Row,
  type Target,
} from './catalog-files.js';
import { refreshProducts } from './refresh-products.js';

/** One file of an import: rows read, and what the upsert did with them. */
export interface ImportFileReport {
  file: string;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Links removed because the file no longer lists them for their product or meeting. */
  deleted: number;
}

/** A bad row (or file: line 0, or header: line 1), reported as `file:line: reason`. */
export interface ImportError {
  file: string;
  line: number;
  reason: string;
}

export interface ImportReport {
  files: ImportFileReport[];
  /** Empty when the set was loaded; otherwise nothing of the set was loaded. */
  errors: ImportError[];
}

export interface ImportOptions {
  /** Progress and summary lines. */
  log?: (line: string) => void;
}

/** `file:line: reason` */
export function formatImportError(error: ImportError): string {
  return `${error.file}:${error.line}: ${error.reason}`;
}

interface ParsedRow {
  line: number;
  row: Row;
}

interface ParsedFile {
  spec: CatalogFile;
  read: number;
  rows: ParsedRow[];
}

const CHUNK = 1000;

/**
 * `npm run catalog:import -- FILE_OR_DIR` (docs/catalog-import.md). Validates every file of the set
 * (types, required columns, duplicates, references across files and to the database), then, only if
 * nothing is wrong, upserts everything in one transaction. Rows not in the files stay; the links of
 * a product (or meeting) present in a link file are replaced by the file's. Never throws for bad
 * input: the report lists every bad row and nothing is loaded.
 */
export async function importCatalog(pool: Pool, path: string, options: ImportOptions = {}): Promise<ImportReport> {
  const log = options.log ?? (() => undefined);
  const errors: ImportError[] = [];
  const found = await findFiles(path, errors);
  const parsed: ParsedFile[] = [];
  for (const spec of CATALOG_FILES) {
    const filePath = found.get(spec.file);
    if (filePath) parsed.push(await parseFile(spec, filePath, errors, log));
  }
  const files: ImportFileReport[] = parsed.map((p) => ({
    file: p.spec.file,
    read: p.read,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    deleted: 0,
  }));
  if (errors.length > 0) return { files, errors: sorted(errors) };

  // One import at a time (several processes may start on an empty database at once).
  return withAdvisoryLock(pool, 'catalog_import', async (client) => {
    await checkReferences(client, parsed, errors);
    // Nothing was written yet: the transaction ends with nothing to commit.
    if (errors.length > 0) return { files, errors: sorted(errors) };
    let productsTouched = false;
    for (const [i, file] of parsed.entries()) {
      const report = files[i]!;
      await writeFile(client, file, report, log);
      if (PRODUCT_SOURCES.has(file.spec.file) && report.inserted + report.updated + report.deleted > 0) {
        productsTouched = true;
      }
      log(
        `${report.file}: ${report.read} rows read, ${report.inserted} inserted, ${report.updated} updated, ` +
          `${report.unchanged} unchanged${file.spec.owner ? `, ${report.deleted} links removed` : ''}`,
      );
    }
    if (productsTouched) {
      const changed = await refreshProducts(client);
      log(`products: ${changed} list entries and search texts refreshed`);
    }
    // Delivered at commit: every API process then empties its catalog cache (catalog-cache.ts).
    await client.query("SELECT pg_notify('catalog_changed', '')");
    return { files, errors: [] };
  });
}

function sorted(errors: ImportError[]): ImportError[] {
  const order = (file: string) => {
    const i = CATALOG_FILE_NAMES.indexOf(file);
    return i < 0 ? -1 : i;
  };
  return [...errors].sort((a, b) => order(a.file) - order(b.file) || a.line - b.line);
}

/** The known files of a directory, or the one named file. Unknown CSV names are errors. */
async function findFiles(path: string, errors: ImportError[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(path)).isDirectory();
  } catch {
    errors.push({ file: path, line: 0, reason: 'no such file or directory' });
    return found;
  }
  const candidates = isDirectory
    ? (await readdir(path))
        .filter((name) => name.toLowerCase().endsWith('.csv'))
        .sort()
        .map((name) => join(path, name))
    : [path];
  for (const candidate of candidates) {
    const name = basename(candidate);
    if (CATALOG_FILE_NAMES.includes(name)) found.set(name, candidate);
    else
      errors.push({
        file: name,
        line: 0,
        reason: `unknown file name (expected one of ${CATALOG_FILE_NAMES.join(', ')})`,
      });
  }
  if (isDirectory && candidates.length === 0) {
    errors.push({ file: path, line: 0, reason: `no catalog files (expected ${CATALOG_FILE_NAMES.join(', ')})` });
  }
  return found;
}

async function parseFile(
  spec: CatalogFile,
  path: string,
  errors: ImportError[],
  log: (line: string) => void,
): Promise<ParsedFile> {
  const result: ParsedFile = { spec, read: 0, rows: [] };
  const fail = (line: number, reason: string) => errors.push({ file: spec.file, line, reason });
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    const text = await readFile(path, 'utf8');
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    fail(line, `not valid CSV: ${(error as Error).message}`);
    return result;
  }
  const [header, ...body] = records;
  if (!header) {
    fail(1, 'empty file: the header row is missing');
    return result;
  }
  const names = header.record.map((h) => h.trim());
  const required = Object.keys(spec.schema.shape);
  const missing = required.filter((c) => !names.includes(c));
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (missing.length > 0) fail(1, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  if (repeated.length > 0) fail(1, `repeated column ${[...new Set(repeated)].join(', ')}`);
  const unknown = names.filter((n) => !required.includes(n));
  if (unknown.length > 0) log(`${spec.file}: ignoring unknown column ${unknown.join(', ')}`);
  result.read = body.length;
  if (missing.length > 0 || repeated.length > 0) return result;

  const seen = new Map<string, number>();
  for (const { record, info, raw } of body) {
    // The line where the record starts (a quoted field may span lines; info.lines is where it ends).
    const inner = raw.replace(/^(\r?\n)+/, '').replace(/\r?\n$/, '');
    const line = info.lines - (inner.match(/\n/g)?.length ?? 0);
    if (record.length !== names.length) {
      fail(line, `expected ${names.length} fields, found ${record.length}`);
      continue;
    }
    const cells = Object.fromEntries(names.map((n, i) => [n, record[i]!]));
    const parsedRow = spec.schema.safeParse(cells);
    if (!parsedRow.success) {
      fail(line, parsedRow.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      continue;
    }
    const row = parsedRow.data as Row;
    const problems = spec.check?.(row) ?? [];
    if (problems.length > 0) {
      fail(line, problems.join('; '));
      continue;
    }
    const { key, label } = spec.identity(row);
    const first = seen.get(key);
    if (first !== undefined) {
      fail(line, `duplicate ${label} (first on line ${first})`);
      continue;
    }
    seen.set(key, line);
    result.rows.push({ line, row });
  }
  return result;
}

/** Reference checks against the database plus the files being imported. */
async function checkReferences(db: PoolClient, parsed: ParsedFile[], errors: ImportError[]): Promise<void> {
  const needed = new Set(parsed.flatMap((p) => (p.spec.references ?? []).map((r) => r.target)));
  if (needed.size === 0) return;
  const ids: Record<Target, Set<number>> = {
    products: new Set(),
    categories: new Set(),
    faculty: new Set(),
    meetings: new Set(),
  };
  const productTypes = new Map<number, string>();
  const fromDb: Record<Target, string> = {
    products: 'SELECT id, type FROM catalog_products',
    categories: 'SELECT id FROM catalog_categories',
    faculty: 'SELECT user_id AS id FROM catalog_faculty',
    meetings: 'SELECT id FROM catalog_meetings',
  };
  for (const target of needed) {
    const { rows } = await db.query<{ id: number; type?: string }>(fromDb[target]);
    for (const r of rows) {
      ids[target].add(r.id);
      if (r.type) productTypes.set(r.id, r.type);
    }
  }
  for (const p of parsed) {
    const provides = p.spec.provides;
    if (!provides) continue;
    for (const { row } of p.rows) {
      const id = row[provides.column] as number;
      ids[provides.target].add(id);
      if (provides.target === 'products') productTypes.set(id, row.TYPE as string);
    }
  }
  const singular: Record<Target, string> = {
    products: 'product',
    categories: 'category',
    faculty: 'faculty member',
    meetings: 'meeting',
  };
  for (const p of parsed) {
    const references = p.spec.references ?? [];
    if (references.length === 0) continue;
    const kept: ParsedRow[] = [];
    for (const parsedRow of p.rows) {
      const reasons: string[] = [];
      for (const ref of references) {
        const value = parsedRow.row[ref.column];
        // A list column (coupons.csv REQUIRES) refers with each of its ids.
        for (const id of Array.isArray(value) ? (value as unknown[]) : [value]) {
          if (id === null || id === undefined) continue;
          if (!ids[ref.target].has(id as number)) {
            reasons.push(`${ref.column}: unknown ${singular[ref.target]} ${String(id)}`);
          } else if (ref.eventProduct && productTypes.get(id as number) !== 'event') {
            reasons.push(`${ref.column}: product ${String(id)} is not of TYPE event`);
          }
        }
      }
      if (reasons.length > 0) errors.push({ file: p.spec.file, line: parsedRow.line, reason: reasons.join('; ') });
      else kept.push(parsedRow);
    }
    p.rows = kept;
  }
}

const q = (identifier: string) => `"${identifier}"`;

async function writeFile(
  db: PoolClient,
  file: ParsedFile,
  report: ImportFileReport,
  log: (line: string) => void,
): Promise<void> {
  const { spec } = file;
  const columns = Object.keys(spec.columns);
  const definitions = columns.map((c) => `${q(c)} ${spec.columns[c]}`).join(', ');
  const nonKey = columns.filter((c) => !spec.key.includes(c));
  const keyList = spec.key.map(q).join(', ');
  // Only rows whose values differ are rewritten, so a second import of the same file changes nothing.
  const conflict =
    nonKey.length === 0
      ? `ON CONFLICT (${keyList}) DO NOTHING`
      : `ON CONFLICT (${keyList}) DO UPDATE SET ${nonKey.map((c) => `${q(c)} = excluded.${q(c)}`).join(', ')}
         WHERE (${nonKey.map((c) => `t.${q(c)}`).join(', ')}) IS DISTINCT FROM (${nonKey.map((c) => `excluded.${q(c)}`).join(', ')})`;
  const upsert = `INSERT INTO ${spec.table} AS t (${columns.map(q).join(', ')})
    SELECT ${columns.map(q).join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${definitions})
    ${conflict}
    RETURNING (xmax = 0) AS inserted`;
  const records = file.rows.map(({ row }) => spec.toRecord(row));
  const total = records.length;
  for (let i = 0; i < total; i += CHUNK) {
    const chunk = records.slice(i, i + CHUNK);
    const { rows } = await db.query<{ inserted: boolean }>(upsert, [JSON.stringify(chunk)]);
    for (const r of rows) {
      if (r.inserted) report.inserted++;
      else report.updated++;
    }
    const done = Math.min(i + CHUNK, total);
    if (total > CHUNK) log(`${spec.file}: ${done} rows (${Math.floor((done / total) * 100)}%)`);
  }
  report.unchanged = total - report.inserted - report.updated;

  if (spec.owner) {
    // The links of the owners present in the file are exactly the file's: remove the others.
    const owner = spec.owner;
    const owners = [...new Set(records.map((r) => r[owner] as number))];
    const keyDefinitions = spec.key.map((c) => `${q(c)} ${spec.columns[c]}`).join(', ');
    const keys = records.map((r) => Object.fromEntries(spec.key.map((c) => [c, r[c]])));
    const result = await db.query(
      `DELETE FROM ${spec.table} AS t
        WHERE t.${q(owner)} = ANY($1::int[])
          AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS x(${keyDefinitions})
                           WHERE ${spec.key.map((c) => `t.${q(c)} = x.${q(c)}`).join(' AND ')})`,
      [owners, JSON.stringify(keys)],
    );
    report.deleted = result.rowCount ?? 0;
  }
}
