import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { categoryIdsOfKind, termsOfUse } from './facts.queries.js';
import { formatImportError, importCatalog, type ImportReport } from './import.js';
import { catalogIsEmpty, ensureCatalogSchema } from './schema.js';

const FIXTURES = join(__dirname, 'testing', 'fixtures');
const GOOD = join(FIXTURES, 'good');

const totals = (report: ImportReport) =>
  report.files.reduce(
    (t, f) => ({
      inserted: t.inserted + f.inserted,
      updated: t.updated + f.updated,
      deleted: t.deleted + f.deleted,
    }),
    { inserted: 0, updated: 0, deleted: 0 },
  );

describe('catalog import (docs/catalog-import.md)', () => {
  let db: TestDatabase;
  let tmp: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    tmp = await mkdtemp(join(tmpdir(), 'catalog-import-'));
  });
  afterAll(async () => {
    await db.drop();
    await rm(tmp, { recursive: true, force: true });
  });

  it('creates the schema idempotently, also when several processes start at once', async () => {
    const infos = await Promise.all([
      ensureCatalogSchema(db.pool),
      ensureCatalogSchema(db.pool),
      ensureCatalogSchema(db.pool),
    ]);
    await ensureCatalogSchema(db.pool);
    expect(infos.map((i) => i.trigramSearch)).toEqual([true, true, true]);
    expect(await catalogIsEmpty(db.pool)).toBe(true);
  });

  it.each(['bad-type', 'missing-column', 'unknown-reference', 'duplicate-id', 'cme-credits'])(
    '%s: every bad row is reported as file:line: reason and nothing of the set is loaded',
    async (name) => {
      const expected = (await readFile(join(FIXTURES, name, 'expected-errors.txt'), 'utf8')).trim().split('\n');
      const report = await importCatalog(db.pool, join(FIXTURES, name));
      expect(report.errors.map(formatImportError)).toEqual(expected);
      expect(totals(report)).toEqual({ inserted: 0, updated: 0, deleted: 0 });
      expect(await catalogIsEmpty(db.pool)).toBe(true);
      const { rows } = await db.pool.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM catalog_categories) + (SELECT count(*) FROM catalog_states)
              + (SELECT count(*) FROM catalog_product_categories) + (SELECT count(*) FROM catalog_faculty) AS n`,
      );
      expect(Number(rows[0]!.n)).toBe(0);
    },
  );

  it('reports a missing path and unknown file names', async () => {
    const missing = await importCatalog(db.pool, join(tmp, 'nope'));
    expect(missing.errors).toEqual([{ file: join(tmp, 'nope'), line: 0, reason: 'no such file or directory' }]);
    const odd = join(tmp, 'odd');
    await rm(odd, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(odd));
    await writeFile(join(odd, 'produkts.csv'), 'ID\n1\n');
    const unknown = await importCatalog(db.pool, odd);
    expect(unknown.errors[0]).toMatchObject({ file: 'produkts.csv', line: 0 });
    expect(unknown.errors[0]!.reason).toMatch(/^unknown file name/);
  });

  it('loads the good fixture set', async () => {
    const lines: string[] = [];
    const report = await importCatalog(db.pool, GOOD, { log: (l) => lines.push(l) });
    expect(report.errors).toEqual([]);
    expect(report.files).toHaveLength(21);
    for (const f of report.files) expect(f).toMatchObject({ inserted: f.read, updated: 0, unchanged: 0 });
    expect(await catalogIsEmpty(db.pool)).toBe(false);
    expect(lines).toContain('products.csv: 13 rows read, 13 inserted, 0 updated, 0 unchanged');

    const product = async (id: number) =>
      (
        await db.pool.query(
          'SELECT descr, list_json, search_text, effective_price FROM catalog_products WHERE id = $1',
          [id],
        )
      ).rows[0];
    const cme = await product(155);
    expect(cme.descr).toBe('<p>Up to 20 AMA PRA Category 1 credits.</p>');
    const rhino = await product(201);
    expect(rhino.descr).toBe('<p>Open and closed approaches, tip &amp; dorsum.</p>');
    expect(rhino.search_text).toContain('tip & dorsum');
    expect(rhino.search_text).toContain('avery quillfeather portland, oregon');
    const atlas = await product(301);
    expect(atlas.descr).not.toContain('javascript');
    expect(atlas.descr).toContain('rel="noopener noreferrer"');
    expect(atlas.list_json.PRICING).toEqual({ TYPE: 'BOOK', PRICE: 24900, SALE_PRICE: 19900 });
    expect(atlas.effective_price).toBe(19900);
    expect((await product(302)).list_json.PRICING).toEqual({ TYPE: 'STREAMING', PRICE: 8900, SALE_PRICE: 7900 });
    expect((await product(130)).list_json).toMatchObject({
      SLUG: 'complete-package',
      TERMS: [
        { YEARS: 1, PRICE: 175000 },
        { YEARS: 2, PRICE: 160000 },
        { YEARS: 3, PRICE: 140000 },
      ],
    });
    const bio = (await db.pool.query('SELECT bio FROM catalog_faculty WHERE user_id = 12')).rows[0].bio as string;
    expect(bio).not.toMatch(/onerror/);
    const coupons = await db.pool.query('SELECT code, types, auto, requires FROM catalog_coupons ORDER BY code_key');
    expect(coupons.rows.find((c) => c.code === 'CMEComplete combo')).toEqual({
      code: 'CMEComplete combo',
      types: ['qmpcomplete', 'cme'],
      auto: true,
      requires: [130, 155],
    });
    expect(coupons.rows.find((c) => c.code === 'WELCOME10').requires).toEqual([]);
    const docs = await db.pool.query(
      'SELECT files FROM catalog_product_documents WHERE product_id = 301 ORDER BY position',
    );
    expect(docs.rows.map((r) => r.files)).toEqual([['chapter-1.pdf'], ['chapter-2a.pdf', 'chapter-2b.pdf']]);
  });

  it("the facts the rules read: category ids of a KIND, a product's Terms of Use (sanitised; empty is none)", async () => {
    expect(await categoryIdsOfKind(db.pool, 'elearning')).toEqual([10, 17]);
    expect(await categoryIdsOfKind(db.pool, 'safety')).toEqual([]);
    expect(await termsOfUse(db.pool, 201)).toBe('<p>For licensed clinicians only.</p>');
    expect(await termsOfUse(db.pool, 202)).toBeNull();
    expect(await termsOfUse(db.pool, 203)).toBeNull();
    // An import changes them: 18 becomes a safety category, 201 loses its terms.
    const dir = join(tmp, 'facts');
    await import('node:fs/promises').then((fs) => fs.mkdir(dir, { recursive: true }));
    await writeFile(join(dir, 'categories.csv'), 'ID,NAME,PARENT,MENU,KIND\n18,Special Layout,0,0,safety\n');
    await writeFile(join(dir, 'terms-of-use.csv'), 'PRODUCTID,TEXT\n201,\n');
    expect((await importCatalog(db.pool, dir)).errors).toEqual([]);
    expect(await categoryIdsOfKind(db.pool, 'safety')).toEqual([18]);
    expect(await termsOfUse(db.pool, 201)).toBeNull();
    // An unknown kind is a bad row.
    await writeFile(join(dir, 'categories.csv'), 'ID,NAME,PARENT,MENU,KIND\n18,Special Layout,0,0,sponsored\n');
    const bad = await importCatalog(db.pool, join(dir, 'categories.csv'));
    expect(bad.errors.map(formatImportError)).toEqual([
      'categories.csv:2: KIND: expected one of elearning, safety or empty, got "sponsored"',
    ]);
    // Back to the fixture.
    expect((await importCatalog(db.pool, GOOD)).errors).toEqual([]);
  });

  it('a database made before KIND gains the column once, with the kinds the code held then', async () => {
    const old = await createTestDatabase();
    try {
      await old.pool.query(
        'CREATE TABLE catalog_categories (id int PRIMARY KEY, name text NOT NULL, parent int, menu boolean NOT NULL)',
      );
      await old.pool.query(
        "INSERT INTO catalog_categories VALUES (10, 'e', NULL, true), (17, 's', 10, false), (28, 'p', 0, true), (20, 'r', 0, true)",
      );
      await ensureCatalogSchema(old.pool);
      expect(await categoryIdsOfKind(old.pool, 'elearning')).toEqual([10, 17]);
      expect(await categoryIdsOfKind(old.pool, 'safety')).toEqual([28]);
      // Only once: a kind an import changed is not set again at the next start.
      await old.pool.query('UPDATE catalog_categories SET kind = NULL WHERE id = 28');
      await ensureCatalogSchema(old.pool);
      expect(await categoryIdsOfKind(old.pool, 'safety')).toEqual([]);
    } finally {
      await old.drop();
    }
  });

  it('a second import of the same files changes nothing', async () => {
    const report = await importCatalog(db.pool, GOOD);
    expect(report.errors).toEqual([]);
    expect(totals(report)).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    for (const f of report.files) expect(f.unchanged).toBe(f.read);
  });

  it('a partial import updates that file only; the links of the products in a link file are replaced', async () => {
    const dir = join(tmp, 'partial');
    await import('node:fs/promises').then((fs) => fs.mkdir(dir, { recursive: true }));
    await writeFile(join(dir, 'product-categories.csv'), 'PRODUCTID,CATEGORYID\n204,0\n202,14\n');
    const report = await importCatalog(db.pool, join(dir, 'product-categories.csv'));
    expect(report.errors).toEqual([]);
    expect(report.files).toEqual([
      { file: 'product-categories.csv', read: 2, inserted: 1, updated: 0, unchanged: 1, deleted: 2 },
    ]);
    const links = await db.pool.query(
      'SELECT product_id, array_agg(category_id ORDER BY category_id) AS c FROM catalog_product_categories GROUP BY 1 ORDER BY 1',
    );
    expect(Object.fromEntries(links.rows.map((r) => [r.product_id, r.c]))).toMatchObject({
      201: [0, 10],
      202: [14],
      204: [0],
    });
    const list = await db.pool.query('SELECT list_json FROM catalog_products WHERE id = 202');
    expect(list.rows[0].list_json.CATEGORIES).toEqual([14]);
    // References are checked against the database too: 9999 is neither there nor in the file.
    await writeFile(join(dir, 'product-categories.csv'), 'PRODUCTID,CATEGORYID\n9999,0\n');
    const bad = await importCatalog(db.pool, join(dir, 'product-categories.csv'));
    expect(bad.errors.map(formatImportError)).toEqual(['product-categories.csv:2: PRODUCTID: unknown product 9999']);
    // Back to the fixture links.
    expect((await importCatalog(db.pool, join(GOOD, 'product-categories.csv'))).errors).toEqual([]);
  });

  it('shows progress on a large file (a generated 5,000-row products.csv)', async () => {
    const dir = join(tmp, 'large');
    await import('node:fs/promises').then((fs) => fs.mkdir(dir, { recursive: true }));
    const header =
      'ID,NAME,TYPE,PRICE,SALE_PRICE,PUBDATE,STREAMING,SHIP_WEIGHT,DEMOURL,CREDITS,CME_RESTRICTED,SHORT_DESCR,DESCR';
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `${10000 + i},Generated Video ${i},STREAMING,${1000 + i},,2024-01-01,1,0,,0,0,Short,<p>Body ${i}</p>`,
    );
    await writeFile(join(dir, 'products.csv'), [header, ...rows].join('\n'));
    const lines: string[] = [];
    const report = await importCatalog(db.pool, dir, { log: (l) => lines.push(l) });
    expect(report.errors).toEqual([]);
    expect(report.files[0]).toMatchObject({ read: 5000, inserted: 5000 });
    expect(lines.filter((l) => /^products\.csv: \d+ rows \(\d+%\)$/.test(l))).toEqual([
      'products.csv: 1000 rows (20%)',
      'products.csv: 2000 rows (40%)',
      'products.csv: 3000 rows (60%)',
      'products.csv: 4000 rows (80%)',
      'products.csv: 5000 rows (100%)',
    ]);
    const again = await importCatalog(db.pool, dir);
    expect(again.files[0]).toMatchObject({ read: 5000, inserted: 0, updated: 0, unchanged: 5000 });
  });
});

describe('the demo data set (libs/catalog/data)', () => {
  it('imports without a bad row, and a second import changes nothing', async () => {
    const db = await createTestDatabase();
    try {
      await ensureCatalogSchema(db.pool);
      const first = await importCatalog(db.pool, join(__dirname, 'data'));
      expect(first.errors.map(formatImportError)).toEqual([]);
      expect(await catalogIsEmpty(db.pool)).toBe(false);
      const second = await importCatalog(db.pool, join(__dirname, 'data'));
      expect(totals(second)).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    } finally {
      await db.drop();
    }
  });
});
