import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { eventStoreContract } from '../event-store.contract.testing.js';
import { PostgresEventStore } from './postgres-event-store.js';

eventStoreContract('PostgreSQL', async () => {
  const db: TestDatabase = await createTestDatabase();
  const store = await PostgresEventStore.create(db.pool);
  return {
    store,
    cleanup: async () => {
      await store.close();
      await db.drop();
    },
  };
});
