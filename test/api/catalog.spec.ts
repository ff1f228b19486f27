import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCatalog } from '#libs/catalog/import.js';
import { ensureCatalogSchema } from '#libs/catalog/schema.js';
import type { ProductListItem, ProductPage } from '#libs/contracts/catalog.js';
import { createTestApp, type TestApp } from '../support/app.js';

const GOOD = join(__dirname, '..', '..', 'libs', 'catalog', 'testing', 'fixtures', 'good');
const GENERATED = 150;

/** 150 generated video series in category 0, on top of the fixture set: every page size has several pages. */
async function writeGeneratedCatalog(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const header =
    'ID,NAME,TYPE,PRICE,SALE_PRICE,PUBDATE,STREAMING,SHIP_WEIGHT,DEMOURL,CREDITS,CME_RESTRICTED,SHORT_DESCR,DESCR';
  const products = Array.from({ length: GENERATED }, (_, i) => {
    const id = 1000 + i;
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    const sale = i % 3 === 0 ? String(5000 + ((i * 37) % 20000)) : '';
    return `${id},Series ${String(i).padStart(3, '0')} ${i % 2 ? 'alpha' : 'Beta'},STREAMING,${10000 + ((i * 7919) % 30000)},${sale},2019-${month}-${day},1,0,,0,0,Short,<p>Generated 100% series ${i}</p>`;
  });
  await writeFile(join(dir, 'products.csv'), [header, ...products].join('\n'));
  const links = Array.from({ length: GENERATED }, (_, i) => `${1000 + i},0`);
  await writeFile(join(dir, 'product-categories.csv'), ['PRODUCTID,CATEGORYID', ...links].join('\n'));
}

describe('catalog API', () => {
  let shop: TestApp;
  let tmp: string;

  beforeAll(async () => {
    shop = await createTestApp();
    tmp = await mkdtemp(join(tmpdir(), 'catalog-api-'));
    await writeGeneratedCatalog(join(tmp, 'generated'));
    await ensureCatalogSchema(shop.shop.pool);
    for (const dir of [GOOD, join(tmp, 'generated')]) {
      const report = await importCatalog(shop.shop.pool, dir);
      expect(report.errors).toEqual([]);
    }
  });
  afterAll(async () => {
    await shop?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  const get = async <T = Record<string, unknown>>(path: string) => {
    const response = await fetch(`${shop.baseUrl}/api/${path}`);
    return { status: response.status, headers: response.headers, body: (await response.json()) as T };
  };
  const page = (query: string) => get<ProductPage>(`products?${query}`);
  const ids = (p: ProductPage) => p.data.map((d) => d.ID);

  const CATEGORY_0 = 4 + GENERATED; // 201-204 and the generated series

  it('lists category 0 with the defaults: 48 per page, PUBDATE descending', async () => {
    const { status, body, headers } = await page('category=0');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    expect(body).toMatchObject({ total: CATEGORY_0, page: 1, size: 48 });
    expect(body.data).toHaveLength(48);
    expect(ids(body).slice(0, 3)).toEqual([204, 201, 202]); // 2025-03-01 (tie by ID descending), 2025-01-15
    const item = body.data[1]!;
    expect(item).toMatchObject({
      ID: 201,
      NAME: 'Rhinoplasty Masters',
      SLUG: 'rhinoplasty-masters',
      CATEGORIES: [0, 10],
      PRICING: { TYPE: 'STREAMING', PRICE: 29900, SALE_PRICE: null },
      productfaculty: [{ USERID: 11, FULLNAME: 'Avery Quillfeather', LOCATION: 'Portland, Oregon' }],
    });
    expect(item).not.toHaveProperty('DESCR');
  });

  it.each([24, 48, 96])('pages through category 0 with page size %d', async (size) => {
    const seen: number[] = [];
    const pages = Math.ceil(CATEGORY_0 / size);
    for (let p = 1; p <= pages; p++) {
      const { body } = await page(`category=0&size=${size}&page=${p}`);
      expect(body).toMatchObject({ total: CATEGORY_0, page: p, size });
      expect(body.data).toHaveLength(p < pages ? size : CATEGORY_0 - size * (pages - 1));
      seen.push(...ids(body));
    }
    expect(new Set(seen).size).toBe(CATEGORY_0);
    const past = await page(`category=0&size=${size}&page=${pages + 1}`);
    expect(past.body).toEqual({ data: [], total: CATEGORY_0, page: pages + 1, size });
  });

  const allOf = async (sort: string): Promise<ProductListItem[]> => {
    const [a, b] = await Promise.all([
      page(`category=0&size=96&sort=${sort}`),
      page(`category=0&size=96&page=2&sort=${sort}`),
    ]);
    return [...a.body.data, ...b.body.data];
  };
  const effective = (p: ProductListItem) => p.PRICING.SALE_PRICE ?? p.PRICING.PRICE;
  const compare = {
    PUBDATE_DESC: (a: ProductListItem, b: ProductListItem) => b.PUBDATE.localeCompare(a.PUBDATE) || b.ID - a.ID,
    PUBDATE_ASC: (a: ProductListItem, b: ProductListItem) => a.PUBDATE.localeCompare(b.PUBDATE) || a.ID - b.ID,
    NAME_ASC: (a: ProductListItem, b: ProductListItem) =>
      (a.NAME.toLowerCase() < b.NAME.toLowerCase() ? -1 : a.NAME.toLowerCase() > b.NAME.toLowerCase() ? 1 : 0) ||
      a.ID - b.ID,
    NAME_DESC: (a: ProductListItem, b: ProductListItem) =>
      (a.NAME.toLowerCase() < b.NAME.toLowerCase() ? 1 : a.NAME.toLowerCase() > b.NAME.toLowerCase() ? -1 : 0) ||
      b.ID - a.ID,
    SALE_PRICE_ASC: (a: ProductListItem, b: ProductListItem) => effective(a) - effective(b) || a.ID - b.ID,
    SALE_PRICE_DESC: (a: ProductListItem, b: ProductListItem) => effective(b) - effective(a) || b.ID - a.ID,
  };

  it.each(Object.keys(compare) as (keyof typeof compare)[])('sorts by %s, ties broken by ID', async (sort) => {
    const items = await allOf(sort);
    expect(items).toHaveLength(CATEGORY_0);
    expect(items.map((i) => i.ID)).toEqual([...items].sort(compare[sort]).map((i) => i.ID));
  });

  it('SALE_PRICE sorts by the effective price of PRICING (books: the BOOK entry)', async () => {
    const { body } = await page('category=14&sort=SALE_PRICE_ASC');
    expect(body.data.map((d) => [d.ID, effective(d)])).toEqual([
      [302, 7900],
      [301, 19900],
    ]);
  });

  it.each([
    ['RHINO', [201]],
    ['tip & dorsum', [201]],
    ['quillfeather', [201, 203]],
    ['portland, oregon', [201, 203]],
    ['deep plane', [203]],
  ])('search %j (case-insensitive, NAME, DESCR and faculty data) finds %j', async (search, expected) => {
    const { body } = await page(`category=0&search=${encodeURIComponent(search)}`);
    expect(ids(body).sort()).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('search without hits answers an empty page; % and _ are matched literally', async () => {
    expect((await page('category=0&search=no-such-thing')).body).toEqual({ data: [], total: 0, page: 1, size: 48 });
    expect((await page('category=0&search=_')).body.total).toBe(0);
    expect((await page(`category=0&search=${encodeURIComponent('100%')}`)).body.total).toBe(GENERATED);
  });

  it('without a category lists every product; category 14 lists the books', async () => {
    expect((await page('size=96')).body.total).toBe(13 + GENERATED);
    expect(ids((await page('category=14')).body).sort()).toEqual([301, 302]);
  });

  it('refuses a bad query with 400 and every message', async () => {
    const { status, body } = await get<{ statusCode: number; message: string[] }>(
      `products?category=-1&size=50&page=0&sort=PRICE&search=${'x'.repeat(101)}`,
    );
    expect(status).toBe(400);
    expect(body.message).toEqual(
      expect.arrayContaining([
        'category must be a whole number ≥ 0.',
        'search must be at most 100 characters.',
        'sort must be one of PUBDATE_DESC, PUBDATE_ASC, NAME_ASC, NAME_DESC, SALE_PRICE_ASC, SALE_PRICE_DESC.',
        'page must be a whole number ≥ 1.',
        'size must be one of 24, 48, 96.',
      ]),
    );
    expect((await get('products?page=abc')).status).toBe(400);
    expect((await get('products?unknown=1')).status).toBe(400);
  });

  it('answers a product by id with its sanitised description and PRICING', async () => {
    const { status, body } = await get<{ data: Record<string, unknown> }>('products/301');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      ID: 301,
      SLUG: 'atlas-of-facial-surgery',
      TYPE: 'BOOK',
      PRICING: { TYPE: 'BOOK', PRICE: 24900, SALE_PRICE: 19900 },
      SHIP_WEIGHT: 3.5,
      STREAMING: 0,
      CATEGORIES: [14],
      productprices: [
        { TYPE: 'BOOK', PRICE: 24900, SALE_PRICE: 19900 },
        { TYPE: 'STREAMING', PRICE: 14900, SALE_PRICE: null },
        { TYPE: 'BOTH', PRICE: 32900, SALE_PRICE: null },
      ],
    });
    expect(body.data.DESCR).toContain(
      '<a href="https://example.test/atlas" target="_blank" rel="noopener noreferrer">',
    );
    expect(body.data.DESCR).not.toContain('javascript');
    const complete = await get<{ data: Record<string, unknown> }>('products/130');
    expect(complete.body.data).toMatchObject({ TYPE: 'qmpcomplete', PRICING: { TYPE: 'qmpcomplete', PRICE: 175000 } });
    expect(complete.body.data.TERMS).toHaveLength(3);
    expect((await get<{ data: Record<string, unknown> }>('products/155')).body.data).toMatchObject({
      CREDITS: 20,
      CME_RESTRICTED: true,
      DESCR: '<p>Up to 20 AMA PRA Category 1 credits.</p>',
    });
  });

  it('answers 404 "Product not found" for an unknown product, 400 for a non-numeric id', async () => {
    for (const id of ['99999', '99999999999']) {
      const { status, body } = await get(`products/${id}`);
      expect(status).toBe(404);
      expect(body).toMatchObject({ statusCode: 404, error: 'Product not found' });
    }
    expect((await get('products/abc')).status).toBe(400);
  });

  it('lists the categories', async () => {
    const { body } = await get<{ data: unknown[] }>('categories');
    expect(body.data).toContainEqual({ ID: 17, NAME: 'eLearning Streams', PARENT: 10, MENU: true });
    expect(body.data).toHaveLength(5);
  });

  it('lists the active faculty with photo and product count, and one member with PRODUCTSINFO', async () => {
    const list = await get<{ data: Record<string, unknown>[] }>('faculty');
    expect(list.body.data.map((f) => f.USERID)).toEqual([11, 12]); // 13 is inactive
    expect(list.body.data[0]).toMatchObject({
      FULLNAME: 'Avery Quillfeather',
      LOCATION: 'Portland, Oregon',
      PHOTO: 'assets/img/faculty/11.jpeg',
      PRODUCTCOUNT: 4,
    });
    const one = await get<{ data: Record<string, unknown>[] }>('faculty/11');
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]!.PRODUCTSINFO).toEqual([
      { ID: 201, NAME: 'Rhinoplasty Masters', PRODCATID: 10 },
      { ID: 509, NAME: 'Annual Meeting 2025', PRODCATID: 0 },
      { ID: 160, NAME: 'eLearning Subscription', PRODCATID: 10 },
      { ID: 203, NAME: 'Facelift Fundamentals', PRODCATID: 0 },
    ]);
    expect((await get('faculty/999')).status).toBe(404);
  });

  it('lists every meeting, hidden ones too, and one meeting with its tabs', async () => {
    const list = await get<{ data: Record<string, unknown>[] }>('meetings');
    expect(list.body.data).toEqual([
      {
        ID: 509,
        NAME: 'Annual Meeting 2025',
        MENU_LABEL: '2025',
        HIDDEN_IN_MENU: false,
        START_DATE: '2025-06-12',
        END_DATE: '2025-06-14',
        CITY: 'Chicago',
      },
      expect.objectContaining({ ID: 547, HIDDEN_IN_MENU: true, MENU_LABEL: null }),
    ]);
    const { body } = await get<{ data: Record<string, unknown> }>('meetings/509');
    expect(body.data).toMatchObject({
      VENUE: { NAME: 'Lakeside Hall', ADDRESS: '1 Shore Drive' },
      HOTEL: { NAME: 'Harbor Hotel', ADDRESS: '2 Shore Drive', PHONE: '555-0101', NOTE: 'Ask for the meeting rate' },
      OPTIONS: [
        { PRODUCTID: 509, NAME: 'Annual Meeting 2025', TYPE: 'event', PRICE: 120000 },
        { PRODUCTID: 201, NAME: 'Rhinoplasty Masters', TYPE: 'STREAMING', PRICE: 29900 },
      ],
      PROGRAM: [
        { DAY: 'Thursday', TIME: '08:00', TITLE: 'Welcome', SPEAKERS: 'Avery Quillfeather' },
        expect.objectContaining({ TITLE: 'Tip grafts, revisited' }),
      ],
      DETAILS: '<p>Details of the meeting.</p>',
      VIRTUAL: '<p>Join online.</p>',
    });
    expect((body.data.FACULTY as { USERID: number }[]).map((f) => f.USERID)).toEqual([11, 12]);
    const hidden = await get<{ data: Record<string, unknown> }>('meetings/547');
    expect(hidden.body.data).toMatchObject({ VENUE: null, HOTEL: null, OPTIONS: [], FACULTY: [], PROGRAM: [] });
    expect((await get('meetings/1')).status).toBe(404);
  });

  it('lists the short paths', async () => {
    const { body } = await get<{ data: unknown[] }>('short-paths');
    expect(body.data).toEqual([
      { PATH: 'annual2025', MEETING_ID: 509, TAB: 'details', PRODUCT_ID: null },
      { PATH: 'annual2025/program', MEETING_ID: 509, TAB: 'program', PRODUCT_ID: null },
      { PATH: 'atlas', MEETING_ID: null, TAB: null, PRODUCT_ID: 301 },
    ]);
  });

  it('answers the reference data: NOTUS first, countries by name, the common groups', async () => {
    const { body, headers } = await get<Record<string, unknown>>('reference');
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    expect(body).toMatchObject({
      specialties: expect.arrayContaining(['Plastic Surgery']),
      statuses: expect.arrayContaining(['Resident']),
      suffixes: ['Jr.', 'Sr.', 'I', 'II', 'III', 'IV'],
      profileSubscriptionTypes: ['complete', 'streaming_all', 'pulse', 'elearning', 'cme'],
      commonCountries: ['USA', 'GBR'],
      checkoutCommonCountries: ['USA', 'AUS', 'BRA', 'CAN', 'DEU', 'NLD', 'GBR'],
    });
    expect((body.states as { key: string }[]).map((s) => s.key)).toEqual(['NOTUS', 'AL', 'DC', 'MO', 'PR']);
    const names = (body.countries as { name: string }[]).map((c) => c.name);
    expect(names).toEqual([...names].sort());
    expect(body.countries).toContainEqual({ code: 'USA', name: 'United States' });
  });

  it('answers the shipping rates per country', async () => {
    const { body } = await get<{ data: Record<string, unknown>[] }>('shipping-rates');
    expect(body.data).toHaveLength(9);
    expect(body.data.find((r) => r.COUNTRY === 'USA')).toEqual({
      COUNTRY: 'USA',
      zone: 1,
      onetofour: 1000,
      fivetoten: 1200,
      eleventotwenty: 1200,
      twentyplus: 2000,
      expeditedfee: 2500,
    });
  });

  it('documents the catalog in the OpenAPI document', async () => {
    const { body } = await get<{ paths: Record<string, unknown> }>('docs-json');
    for (const path of ['/api/products', '/api/products/{id}', '/api/faculty', '/api/meetings', '/api/reference']) {
      expect(body.paths).toHaveProperty([path]);
    }
  });

  it('lists 48 products in a few milliseconds', async () => {
    const url = `${shop.baseUrl}/api/products?category=0&size=48&sort=NAME_ASC`;
    for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await (await fetch(url)).arrayBuffer();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[50]!;
    const base: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await (await fetch(`${shop.baseUrl}/api/main-info`)).arrayBuffer();
      base.push(performance.now() - t);
    }
    base.sort((a, b) => a - b);
    const q: number[] = [];
    const { listProducts } = await import('#libs/catalog/products.queries.js');
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await listProducts(shop.shop.pool, { category: 0, sort: 'NAME_ASC', page: 1, size: 48 });
      q.push(performance.now() - t);
    }
    q.sort((a, b) => a - b);
    process.stdout.write(
      `catalog list of 48: median ${median.toFixed(2)} ms, p90 ${times[90]!.toFixed(2)} ms; main-info median ${base[50]!.toFixed(2)}; query median ${q[50]!.toFixed(2)}\n`,
    );
    expect(median).toBeLessThan(20);
  });
});
