import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { allReadModels } from '#libs/read-models/index.js';
import { rebuildReadModels } from '#libs/read-models/projector.js';
import { createTestApp, type TestApp } from '../support/app.js';

/** Every row of every read model table, in a stable order. */
async function snapshot(app: TestApp): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const model of allReadModels) {
    for (const table of model.tables) {
      const { rows } = await app.shop.pool.query(`SELECT * FROM ${table}`);
      tables[table] = rows.map((r) => JSON.stringify(r)).sort();
    }
  }
  return tables;
}

describe('npm run projections:rebuild', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('rebuilds every read model from the event log into tables equal to the live ones', async () => {
    // Live activity beyond the seed: logins start sessions and end the previous ones (one device per account).
    for (const email of ['cme@demo.test', 'cme@demo.test', 'learner@demo.test']) {
      const response = await fetch(`${app.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Demo-pass-2026', version: 5 }),
      });
      expect(response.status).toBe(200);
    }
    const live = await snapshot(app);
    expect(live.customers?.length).toBeGreaterThanOrEqual(9);
    expect(live.sessions?.length).toBe(3);
    expect(live.cme_records?.length).toBeGreaterThan(0); // the CME demo records (yearly CME totals)

    const store = await PostgresEventStore.create(app.shop.pool);
    const result = await rebuildReadModels(app.shop.pool, store, allReadModels);
    await store.close();

    expect(result.events).toBeGreaterThan(30);
    expect(await snapshot(app)).toEqual(live);
  });
});
