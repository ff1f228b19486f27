import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '../event-store.port.js';
import { newEvent } from '../testing/new-event.testing.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { PostgresEventStore } from './postgres-event-store.js';

const APPENDERS = 24;
const EVENTS_PER_APPENDER = 420; // 24 x 420 = 10,080 events
const TOTAL = APPENDERS * EVENTS_PER_APPENDER;

describe('PostgreSQL event store under concurrent appenders', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.create(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it(`a subscriber running during ${APPENDERS} concurrent appenders receives all ${TOTAL} events exactly once, in commit order`, async () => {
    const received: RecordedEvent[] = [];
    let allReceived!: () => void;
    const finished = new Promise<void>((resolve) => (allReceived = resolve));
    const subscription = store.subscribeToAll({
      after: 0n,
      handler: async (event) => {
        received.push(event);
        if (received.length === TOTAL) allReceived();
      },
    });

    // Started while the appenders run: catches up on the history, then follows live, without a seam.
    const late: RecordedEvent[] = [];
    let lateSubscription: { stop(): Promise<void> } | undefined;
    let lateFinished!: () => void;
    const lateDone = new Promise<void>((resolve) => (lateFinished = resolve));
    const startLate = (): void => {
      lateSubscription = store.subscribeToAll({
        after: 0n,
        handler: async (event) => {
          late.push(event);
          if (late.length === TOTAL) lateFinished();
        },
      });
    };
    // When each append was sent and when it returned (its commit lies between).
    const appends: { sent: number; returned: number; ids: string[] }[] = [];

    // Each appender writes its own stream, one or two events per append, with the expected revision,
    // while a shared stream takes conflicting 'any' appends too, so transactions interleave freely. Half
    // the streams are of the compact category (viewing-{uuid}, a table of their own): the log is both.
    const sharedViewing = `viewing-${randomUUID()}`;
    const appendedIds = new Set<string>();
    await Promise.all(
      Array.from({ length: APPENDERS }, async (_, appender) => {
        let revision: number | 'no_stream' = 'no_stream';
        const own = appender % 2 ? `appender-${appender}` : `viewing-${randomUUID()}`;
        let written = 0;
        while (written < EVENTS_PER_APPENDER) {
          const size = written + 2 <= EVENTS_PER_APPENDER && written % 3 === 0 ? 2 : 1;
          const events = Array.from({ length: size }, (_, i) => newEvent('Appended', { appender, n: written + i }));
          const shared = written % 10 === 9;
          const streamId = shared ? (appender % 2 ? 'shared-stream' : sharedViewing) : own;
          const sent = performance.now();
          const result = await store.append(streamId, events, shared ? 'any' : revision);
          appends.push({ sent, returned: performance.now(), ids: events.map((e) => e.id!) });
          if (appends.length === Math.floor(TOTAL / 3)) startLate();
          if (!shared) revision = result.nextExpectedRevision;
          for (const e of events) appendedIds.add(e.id!);
          written += size;
        }
      }),
    );
    await finished;
    await subscription.stop();
    await lateDone;
    await lateSubscription?.stop();

    expect(appendedIds.size).toBe(TOTAL);
    expect(received).toHaveLength(TOTAL);
    expect(new Set(received.map((e) => e.id))).toEqual(appendedIds);
    // Commit order: strictly increasing positions, exactly the order of the log as stored.
    for (let i = 1; i < received.length; i++) {
      expect(received[i]!.position > received[i - 1]!.position).toBe(true);
    }
    const log = await store.readAll(0n, TOTAL + 1);
    expect(received.map((e) => e.id)).toEqual(log.map((e) => e.id));
    expect(late.map((e) => e.id)).toEqual(received.map((e) => e.id));
    // Commit order as anyone can observe it: an append that returned before another was sent comes first.
    const delivered = new Map(received.map((e, i) => [e.id, i]));
    const ordered = appends
      .map((a) => ({ ...a, at: Math.min(...a.ids.map((id) => delivered.get(id)!)) }))
      .sort((a, b) => a.at - b.at);
    let earliestReturnAfter = Number.POSITIVE_INFINITY; // over the appends delivered later
    for (let i = ordered.length - 1; i >= 0; i--) {
      expect(earliestReturnAfter >= ordered[i]!.sent).toBe(true);
      earliestReturnAfter = Math.min(earliestReturnAfter, ordered[i]!.returned);
    }
    // And every stream's revisions come in order with no gaps.
    const byStream = new Map<string, number[]>();
    for (const e of received) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
    for (const revisions of byStream.values()) expect(revisions).toEqual(revisions.map((_, i) => i));
  });
});
