import { join } from 'node:path';
import { importCatalog } from '#libs/catalog/import.js';
import { ensureCatalogSchema } from '#libs/catalog/schema.js';
import type { ProductDetail } from '#libs/contracts/catalog.js';
import { createTestApp, type TestApp } from '../support/app.js';

const GOOD = join(__dirname, '..', '..', 'libs', 'catalog', 'testing', 'fixtures', 'good');

/** GET /api/products/:id as the product page reads it: videos with running times, faculty photos, related, library. */
describe('product detail API', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await createTestApp();
    await ensureCatalogSchema(shop.shop.pool);
    expect((await importCatalog(shop.shop.pool, GOOD)).errors).toEqual([]);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const detail = async (id: number): Promise<ProductDetail> => {
    const response = await fetch(`${shop.baseUrl}/api/products/${id}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: ProductDetail }).data;
  };

  it('lists the videos in order with their running time in seconds (empty DURATION is null)', async () => {
    const product = await detail(201);
    expect(product.TITLES).toEqual([
      { TITLEID: 1001, POSITION: 1, TITLE: 'Open approach', DURATION: 754 },
      { TITLEID: 1002, POSITION: 2, TITLE: 'Closed approach', DURATION: null },
    ]);
  });

  it('gives each faculty member a photo path', async () => {
    const product = await detail(203);
    expect(product.FACULTY.map((f) => f.PHOTO).sort()).toEqual([
      'assets/img/faculty/11.jpeg',
      'assets/img/faculty/12.jpeg',
    ]);
    expect(product.FACULTY.map((f) => f.USERID).sort()).toEqual(product.productfaculty.map((f) => f.USERID).sort());
  });

  it('relates products of the specific categories; All Videos only when it is the only one', async () => {
    expect((await detail(201)).RELATED.map((p) => p.ID)).toEqual([160]);
    expect((await detail(204)).RELATED).toEqual([]);
    // 202 is only in category 0: its peers there, newest first (ties by id, descending).
    expect((await detail(202)).RELATED.map((p) => p.ID)).toEqual([204, 201, 203]);
    expect((await detail(202)).RELATED[0]).not.toHaveProperty('DESCR');
  });

  it('says how much of the library a subscription opens, and nothing for other products', async () => {
    expect((await detail(130)).LIBRARY).toEqual({ VIDEO_SERIES: 4, ELEARNING_COURSES: 1 });
    expect((await detail(201)).LIBRARY).toBeNull();
    expect((await detail(301)).TITLES).toEqual([]);
  });
});
