import { createTestDatabase } from './database.js';

it('gives each test file its own real PostgreSQL database', async () => {
  const db = await createTestDatabase();
  const { rows } = await db.pool.query<{ v: string }>('select current_database() as v');
  expect(rows[0]?.v).toMatch(/^test_/);
  await db.drop();
});
