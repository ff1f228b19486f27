import { eventStoreContract } from '../event-store.contract.testing.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('EventStoreDB', async () => {
    const store = await EventStoreDbEventStore.connect(url);
    return { store, cleanup: () => store.close() };
  });
} else {
  // No EventStoreDB server can run on this machine: the suite reports itself skipped, never passed.
  describe.skip('EventStoreDB event store contract (skipped: EVENTSTORE_URL is not set)', () => {
    it('runs the event store contract against EventStoreDB', () => undefined);
  });
}
