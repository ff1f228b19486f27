import { join } from 'node:path';
import { catalogActivityFacts, cmeAudit } from '#apps/api/cme/index.js';
import { importCatalog } from '#libs/catalog/import.js';
import { ensureCatalogSchema } from '#libs/catalog/schema.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { allReadModels } from '#libs/read-models/index.js';
import { rebuildReadModels } from '#libs/read-models/projector.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';
import { generateYear } from './generate-year.js';
import { yearCatalog } from './year-facts.js';

/** The year bench's generator (docs/performance.md, "A year in the bench") writes a log the shop reads. */
describe('the synthetic year of the bench', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    await ensureCatalogSchema(db.pool);
    expect((await importCatalog(db.pool, join(__dirname, '..', '..', '..', 'libs', 'catalog', 'data'))).errors).toEqual(
      [],
    );
    store = await PostgresEventStore.create(db.pool);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('is decided and appended whole: the projector builds every read model from it and the CME chains verify', async () => {
    const stats = await generateYear(store, await yearCatalog(db.pool), {
      events: 3000,
      seed: 11,
      concurrency: 4,
      now: new Date('2026-09-30T12:00:00.000Z'),
      heavy: { customerId: '6f1d2c3b-0a4e-4f5a-9b8c-7d6e5f4a3b2c', orders: 10 },
      cmeShare: 0.6,
    });
    expect(stats.events).toBeGreaterThanOrEqual(3000);
    expect(stats.heartbeats / stats.events).toBeGreaterThan(0.6);
    expect(stats.cmeYears).toBeGreaterThan(0);
    expect(stats.certificates).toBeGreaterThan(0);

    const rebuilt = await rebuildReadModels(db.pool, store, allReadModels);
    expect(rebuilt.events).toBe(stats.events);
    const count = async (table: string): Promise<number> =>
      (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    expect(await count('customers')).toBe(stats.subscribers);
    expect(await count('order_history')).toBe(stats.orders);

    const audit = await cmeAudit(store, { year: 2026, verify: true, activities: catalogActivityFacts(db.pool) });
    expect(audit.findings).toEqual([]);
  });
});
