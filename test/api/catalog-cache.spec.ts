import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCatalogSchema, importCatalog } from '#libs/catalog/index.js';
import type { ProductPage } from '#libs/contracts/catalog.js';
import { createTestApp, type TestApp } from '../support/app.js';

const GOOD = join(__dirname, '..', '..', 'libs', 'catalog', 'testing', 'fixtures', 'good');
const LIST = '/api/products?sort=NAME_ASC&size=96';

describe('catalog responses are cached until the next import', () => {
  let app: TestApp;
  let scratch: string;

  beforeAll(async () => {
    app = await createTestApp();
    await ensureCatalogSchema(app.shop.pool);
    expect((await importCatalog(app.shop.pool, GOOD)).errors).toEqual([]);
    scratch = await mkdtemp(join(tmpdir(), 'catalog-cache-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
    await app.close();
  });

  const names = async (): Promise<string[]> => {
    const page = (await (await fetch(`${app.baseUrl}${LIST}`)).json()) as ProductPage;
    return page.data.map((p) => p.NAME);
  };

  it('serves the list from memory, and an import replaces it at once', async () => {
    const before = await names();
    expect(before).toContain('Complete Package');

    // A change behind the API's back is not seen: the answer comes from the cache.
    await app.shop.pool.query(
      `UPDATE catalog_products SET list_json = jsonb_set(list_json, '{NAME}', '"Changed Behind"') WHERE id = 130`,
    );
    expect(await names()).toEqual(before);

    // An import is the way the catalog changes: it tells every API process to forget its answers.
    const products = await readFile(join(GOOD, 'products.csv'), 'utf8');
    await writeFile(join(scratch, 'products.csv'), products.replace('Complete Package', 'Complete Package Renamed'));
    const report = await importCatalog(app.shop.pool, join(scratch, 'products.csv'));
    expect(report.errors).toEqual([]);
    let after = await names();
    for (let tries = 0; tries < 50 && !after.includes('Complete Package Renamed'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20)); // the notification arrives within milliseconds
      after = await names();
    }
    expect(after).toContain('Complete Package Renamed');
    expect(after).not.toContain('Complete Package');
  });
});
