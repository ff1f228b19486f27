import { randomUUID } from 'node:crypto';
import { type EventStore, type RecordedEvent, WrongExpectedRevisionError } from './event-store.port.js';
import { newEvent } from './testing/new-event.testing.js';
import { registerUpcaster } from './upcasting.js';

export interface EventStoreUnderTest {
  store: EventStore;
  cleanup(): Promise<void>;
}

/** Waits until `predicate` holds, checking after each delivered event (bounded). */
function collect(store: EventStore, after: bigint, count: number): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  return new Promise((resolve, reject) => {
    const subscription = store.subscribeToAll({
      after,
      handler: async (event) => {
        seen.push(event);
        if (seen.length === count) {
          void subscription.stop().then(() => resolve(seen));
        }
      },
    });
    subscription.done.catch(reject);
  });
}

/**
 * The one contract every EventStore adapter must meet (docs/conventions.md). Streams get unique
 * names per test, so the suite also runs against a shared server that holds other data. With
 * `category`, every stream is `{category}-{uuid}` (a category an adapter may store apart, as the
 * PostgreSQL adapter does with `viewing`).
 */
export function eventStoreContract(
  name: string,
  make: () => Promise<EventStoreUnderTest>,
  options: { category?: string } = {},
): void {
  describe(`${name} event store contract`, () => {
    let subject: EventStoreUnderTest;
    let store: EventStore;
    const stream = (prefix = 'test') => `${options.category ?? prefix}-${randomUUID()}`;

    beforeAll(async () => {
      subject = await make();
      store = subject.store;
    });
    afterAll(async () => {
      await subject.cleanup();
    });

    it('appends to a new stream and reads it back with the whole envelope', async () => {
      const id = stream();
      const event = newEvent('ItemAddedToCart', { productId: 130, priceCents: 175000 });
      const result = await store.append(id, [event], 'no_stream');
      expect(result.nextExpectedRevision).toBe(0);
      const [read] = await store.readStream(id);
      expect(read).toMatchObject({
        id: event.id,
        type: 'ItemAddedToCart',
        data: { productId: 130, priceCents: 175000 },
        metadata: event.metadata,
        streamId: id,
        revision: 0,
        position: result.position,
      });
    });

    it('returns the next expected revision, and appends several events in order', async () => {
      const id = stream();
      const first = await store.append(id, [newEvent('A'), newEvent('B')], 'no_stream');
      expect(first.nextExpectedRevision).toBe(1);
      const second = await store.append(id, [newEvent('C')], first.nextExpectedRevision);
      expect(second.nextExpectedRevision).toBe(2);
      expect(second.position > first.position).toBe(true);
      const events = await store.readStream(id);
      expect(events.map((e) => [e.type, e.revision])).toEqual([
        ['A', 0],
        ['B', 1],
        ['C', 2],
      ]);
    });

    it('refuses an append whose expected revision moved, with a typed conflict', async () => {
      const id = stream();
      await store.append(id, [newEvent('A'), newEvent('B')], 'no_stream');
      await expect(store.append(id, [newEvent('C')], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.append(id, [newEvent('C')], 'no_stream')).rejects.toMatchObject({ actual: 1 });
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B']);
    });

    it('refuses an expected revision on a stream that does not exist', async () => {
      await expect(store.append(stream(), [newEvent('A')], 0)).rejects.toMatchObject({ actual: 'no_stream' });
    });

    it('appends with expected revision any whatever the stream holds', async () => {
      const id = stream();
      await store.append(id, [newEvent('A')], 'any');
      const result = await store.append(id, [newEvent('B')], 'any');
      expect(result.nextExpectedRevision).toBe(1);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('reads all events after a position in global order, and reports the head', async () => {
      const head = await store.headPosition();
      const a = stream();
      const b = stream();
      await store.append(a, [newEvent('A1')], 'no_stream');
      await store.append(b, [newEvent('B1')], 'no_stream');
      const last = await store.append(a, [newEvent('A2')], 0);
      const all = (await store.readAll(head, 1000)).filter((e) => e.streamId === a || e.streamId === b);
      expect(all.map((e) => e.type)).toEqual(['A1', 'B1', 'A2']);
      const positions = all.map((e) => e.position);
      expect([...positions].sort((x, y) => (x < y ? -1 : 1))).toEqual(positions);
      expect(await store.headPosition()).toBeGreaterThanOrEqual(last.position);
      expect(await store.readAll(head, 1)).toHaveLength(1);
    });

    it('delivers history then live events to a catch-up subscription, and stops', async () => {
      const head = await store.headPosition();
      const id = stream('sub');
      await store.append(id, [newEvent('Before')], 'no_stream');
      const received: string[] = [];
      let resolveLive!: () => void;
      const live = new Promise<void>((r) => (resolveLive = r));
      const subscription = store.subscribeToAll({
        after: head,
        handler: async (event) => {
          if (event.streamId !== id) return;
          received.push(event.type);
          if (event.type === 'After') resolveLive();
        },
      });
      await store.append(id, [newEvent('After')], 0);
      await live;
      await subscription.stop();
      await store.append(id, [newEvent('Stopped')], 1);
      await subscription.done;
      expect(received).toEqual(['Before', 'After']);
    });

    it('delivers consecutive batches in global order to a batch handler', async () => {
      const head = await store.headPosition();
      const id = stream('batch');
      await store.append(id, [newEvent('B1'), newEvent('B2'), newEvent('B3')], 'no_stream');
      const seen: RecordedEvent[] = [];
      let resolveAll!: () => void;
      const all = new Promise<void>((r) => (resolveAll = r));
      const subscription = store.subscribeToAll({
        after: head,
        batchHandler: async (events) => {
          expect(events.length).toBeGreaterThan(0);
          seen.push(...events.filter((e) => e.streamId === id));
          if (seen.length >= 4) resolveAll();
        },
      });
      await store.append(id, [newEvent('B4')], 2);
      await all;
      await subscription.stop();
      expect(seen.map((e) => e.type)).toEqual(['B1', 'B2', 'B3', 'B4']);
    });

    it('delivers events strictly after the given position', async () => {
      const id = stream();
      const first = await store.append(id, [newEvent('One')], 'no_stream');
      await store.append(id, [newEvent('Two')], 0);
      const events = (await collect(store, first.position, 1)).map((e) => e.type);
      expect(events).toEqual(['Two']);
    });

    it('calls the handler for one event at a time, in order', async () => {
      const head = await store.headPosition();
      const id = stream('serial');
      await store.append(id, [newEvent('E0'), newEvent('E1'), newEvent('E2')], 'no_stream');
      let inHandler = 0;
      let overlapped = false;
      const seen: string[] = [];
      let resolveAll!: () => void;
      const all = new Promise<void>((r) => (resolveAll = r));
      const subscription = store.subscribeToAll({
        after: head,
        handler: async (event) => {
          if (event.streamId !== id) return;
          inHandler++;
          if (inHandler > 1) overlapped = true;
          await new Promise((r) => setTimeout(r, 20));
          seen.push(event.type);
          inHandler--;
          if (seen.length === 4) resolveAll();
        },
      });
      await store.append(id, [newEvent('E3')], 2);
      await all;
      await subscription.stop();
      expect(overlapped).toBe(false);
      expect(seen).toEqual(['E0', 'E1', 'E2', 'E3']);
    });

    it('ends a subscription whose handler fails, with that error', async () => {
      const head = await store.headPosition();
      const id = stream('failing');
      await store.append(id, [newEvent('Bad'), newEvent('Never')], 'no_stream');
      const calls: string[] = [];
      const subscription = store.subscribeToAll({
        after: head,
        handler: async (event) => {
          if (event.streamId !== id) return;
          calls.push(event.type);
          throw new Error('projection broke');
        },
      });
      await expect(subscription.done).rejects.toThrow('projection broke');
      expect(calls).toEqual(['Bad']);
      await subscription.stop(); // stopping an ended subscription is harmless
    });

    it('gives an event without id a fresh uuid', async () => {
      const id = stream();
      const { id: _omitted, ...withoutId } = newEvent('NoId');
      await store.append(id, [withoutId], 'no_stream');
      const [read] = await store.readStream(id);
      expect(read?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    });

    it('upcasts old event versions when reading', async () => {
      const type = `Upcast${randomUUID().slice(0, 8)}`;
      registerUpcaster({ type, fromVersion: 1, upcast: (data) => ({ ...(data as object), currency: 'USD' }) });
      const id = stream();
      await store.append(id, [newEvent(type, { amountCents: 100 }, 1)], 'no_stream');
      const [read] = await store.readStream(id);
      expect(read?.data).toEqual({ amountCents: 100, currency: 'USD' });
      expect(read?.metadata.schemaVersion).toBe(2);
    });
  });
}
