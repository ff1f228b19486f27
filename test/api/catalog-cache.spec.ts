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

  it('answers a URL asked again from memory with the same bytes and headers, 304 for its ETag', async () => {
    const url = `${app.baseUrl}/api/products?category=0&size=48&sort=NAME_DESC`;
    const ask = (headers: Record<string, string> = {}) =>
      fetch(url, { headers: { 'accept-encoding': 'br', ...headers } });
    const first = await ask();
    const second = await ask();
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    const headersOf = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => !['date', 'x-request-id'].includes(name)));
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(second.headers.get('cache-control')).toBe('public, max-age=60');
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const unchanged = await ask({ 'if-none-match': second.headers.get('etag')! });
    expect(unchanged.status).toBe(304);
  });

  it('never keeps a refused question: each one is validated again', async () => {
    for (let round = 0; round < 2; round++) {
      const refused = await fetch(`${app.baseUrl}/api/products?size=abc`);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string[] }).message.length).toBeGreaterThan(0);
    }
  });

  it('forgets a product page kept in memory at the next import too', async () => {
    const productName = async () =>
      ((await (await fetch(`${app.baseUrl}/api/products/130`)).json()) as { data: { NAME: string } }).data.NAME;
    const before = await productName();
    expect(await productName()).toBe(before);
    const products = await readFile(join(GOOD, 'products.csv'), 'utf8');
    await writeFile(join(scratch, 'products.csv'), products.replace('Complete Package', 'Complete Package Again'));
    expect((await importCatalog(app.shop.pool, join(scratch, 'products.csv'))).errors).toEqual([]);
    let after = await productName();
    for (let tries = 0; tries < 50 && after === before; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await productName();
    }
    expect(after).toBe('Complete Package Again');
  });
});
