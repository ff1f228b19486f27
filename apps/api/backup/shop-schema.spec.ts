import { tableNames } from '#libs/backup/schema-catalog.js';
import { inTransaction } from '#libs/database/transaction.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { shopSchema } from './shop-schema.js';

describe('the schema a restore creates', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("is the shop's own code: it creates exactly the tables it lists, and running it again changes nothing", async () => {
    await inTransaction(db.pool, (client) => shopSchema.create(client));
    const created = await tableNames(db.pool);
    expect(created).toEqual([...shopSchema.tables].sort());
    const sequences = await db.pool.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relkind = 'S' AND relnamespace = current_schema()::regnamespace
       ORDER BY relname`,
    );
    expect(sequences.rows.map((r) => r.name)).toEqual(['checkout_order_numbers', 'mail_outbox_id_seq']);

    await inTransaction(db.pool, (client) => shopSchema.create(client));
    expect(await tableNames(db.pool)).toEqual(created);
  });
});
