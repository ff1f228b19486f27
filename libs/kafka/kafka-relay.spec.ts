import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { parseConfig } from '#libs/config/config.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import type { EventStore, NewEvent } from '#libs/eventstore/event-store.port.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { KafkaRelay, type RelayedEventEnvelope } from './kafka-relay.js';

/**
 * Contract of the Kafka relay against a real broker (KAFKA_BROKERS, e.g. from
 * scripts/kafka/start-broker.mjs) and the real PostgreSQL event store. Without a broker the suite
 * reports itself as skipped, never as passed.
 */
const brokers = process.env.KAFKA_BROKERS?.split(',')
  .map((b) => b.trim())
  .filter(Boolean);
const describeWithBroker = brokers?.length ? describe : describe.skip;
const title = brokers?.length
  ? `Kafka relay contract (broker ${brokers.join(',')})`
  : 'Kafka relay contract (skipped: KAFKA_BROKERS is not set)';

interface Received {
  key: string;
  eventIdHeader: string;
  partition: number;
  envelope: RelayedEventEnvelope;
}

const kafka = new Kafka({ clientId: 'relay-contract-test', brokers: brokers ?? [], logLevel: logLevel.NOTHING });

function newEvent(streamId: string, n: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'RelayProbeRecorded',
    data: { streamId, n, note: 'ünïcødé survives' },
    metadata: {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actorId: 'system',
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

/** Appends `perStream` events to each stream, interleaving streams and mixing single and double appends. */
async function appendInterleaved(store: EventStore, streams: string[], from: number, perStream: number) {
  const appended: { id: string; streamId: string }[] = [];
  for (let n = from; n < from + perStream;) {
    const size = n % 3 === 0 && n + 1 < from + perStream ? 2 : 1;
    for (const streamId of streams) {
      const events = Array.from({ length: size }, (_, i) => newEvent(streamId, n + i));
      await store.append(streamId, events, 'any');
      appended.push(...events.map((e) => ({ id: e.id!, streamId })));
    }
    n += size;
  }
  return appended;
}

async function consume(topic: string): Promise<{ consumer: Consumer; received: Received[] }> {
  const received: Received[] = [];
  const consumer = kafka.consumer({ groupId: `relay-test-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message, partition }) => {
      received.push({
        key: message.key?.toString() ?? '',
        eventIdHeader: message.headers?.['event-id']?.toString() ?? '',
        partition,
        envelope: JSON.parse(message.value?.toString() ?? 'null') as RelayedEventEnvelope,
      });
    },
  });
  return { consumer, received };
}

/** Polls until `check` holds; the test fails with `what` when it never does. */
async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 45000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Keeps the first copy of every event id, in arrival order (what a de-duplicating consumer does). */
function dedupe(received: Received[]): Received[] {
  const seen = new Set<string>();
  return received.filter((r) => (seen.has(r.envelope.id) ? false : (seen.add(r.envelope.id), true)));
}

function revisionsByStream(received: Received[]): Map<string, number[]> {
  const byStream = new Map<string, number[]>();
  for (const r of received) byStream.set(r.key, [...(byStream.get(r.key) ?? []), r.envelope.revision]);
  return byStream;
}

async function storedCheckpoint(db: TestDatabase, name: string): Promise<bigint> {
  const { rows } = await db.pool.query<{ position: string }>(
    'SELECT position::text AS position FROM relay_checkpoints WHERE name = $1',
    [name],
  );
  return rows[0] ? BigInt(rows[0].position) : 0n;
}

describeWithBroker(title, () => {
  let db: TestDatabase;
  let store: EventStore;
  const relays: KafkaRelay[] = [];
  const consumers: Consumer[] = [];

  function relayFor(topic: string): KafkaRelay {
    const relay = new KafkaRelay({ pool: db.pool, store, brokers: brokers!, topic, maxBatch: 7 });
    relays.push(relay);
    return relay;
  }

  beforeEach(async () => {
    db = await createTestDatabase();
    store = await createEventStore(parseConfig({ DATABASE_URL: db.url }), db.pool);
  });

  afterEach(async () => {
    for (const relay of relays.splice(0)) await relay.stop();
    for (const consumer of consumers.splice(0)) await consumer.disconnect();
    await store.close();
    await db.drop();
  });

  it('publishes every event keyed by its stream id, with its event id as a header, each stream in order', async () => {
    const topic = `relay-contract-${randomUUID()}`;
    const streams = ['cart-a', 'order-B-1', 'customer-c', 'viewer-d', 'cme-e-2025'];
    const appended = await appendInterleaved(store, streams, 0, 12);
    const relay = relayFor(topic);
    await relay.start();
    // Some events arrive while the relay already follows the log live.
    appended.push(...(await appendInterleaved(store, streams, 12, 4)));

    const { consumer, received } = await consume(topic);
    consumers.push(consumer);
    await eventually('every appended event on the topic', () => dedupe(received).length >= appended.length);

    const unique = dedupe(received);
    expect(new Set(unique.map((r) => r.envelope.id))).toEqual(new Set(appended.map((e) => e.id)));
    for (const r of received) {
      expect(r.key).toBe(r.envelope.streamId);
      expect(r.eventIdHeader).toBe(r.envelope.id);
    }
    const recorded = new Map((await store.readAll(0n, 10000)).map((e) => [e.id, e]));
    for (const r of unique) {
      const original = recorded.get(r.envelope.id)!;
      expect(r.envelope).toEqual({
        id: original.id,
        type: 'RelayProbeRecorded',
        data: original.data,
        metadata: original.metadata,
        streamId: original.streamId,
        revision: original.revision,
        position: original.position.toString(),
      });
    }
    // One stream, one partition, so its order holds on the topic.
    for (const stream of streams) {
      expect(new Set(unique.filter((r) => r.key === stream).map((r) => r.partition)).size).toBe(1);
    }
    for (const [, revisions] of revisionsByStream(unique)) {
      expect(revisions).toEqual(revisions.map((_, i) => i));
    }
    // The checkpoint reaches the head once the broker acknowledged everything.
    const head = await store.headPosition();
    await eventually(
      'the checkpoint to reach the head',
      async () => (await storedCheckpoint(db, `kafka:${topic}`)) === head,
    );
    expect(relay.position).toBe(head);
  });

  it('loses nothing across a restart, even when the last checkpoint write was lost (duplicates are de-duplicated by id)', async () => {
    const topic = `relay-restart-${randomUUID()}`;
    const streams = ['cart-r1', 'cart-r2', 'order-r3'];
    const appended = await appendInterleaved(store, streams, 0, 10);

    const first = relayFor(topic);
    await first.start();
    const headBefore = await store.headPosition();
    await eventually('the first relay to publish the history', () => first.position === headBefore);
    await first.stop();

    // Events appended while no relay runs, and a checkpoint rolled back as if the process died
    // between the broker's acknowledgement and the checkpoint write.
    appended.push(...(await appendInterleaved(store, streams, 10, 5)));
    const rollback = (await store.readAll(0n, 10))[9]!.position;
    await db.pool.query('UPDATE relay_checkpoints SET position = $2 WHERE name = $1', [
      `kafka:${topic}`,
      rollback.toString(),
    ]);

    const second = relayFor(topic);
    await second.start();
    appended.push(...(await appendInterleaved(store, streams, 15, 3)));

    const { consumer, received } = await consume(topic);
    consumers.push(consumer);
    await eventually('every event after the restart', () => dedupe(received).length >= appended.length);
    const headAfter = await store.headPosition();
    await eventually('the second relay to reach the head', () => second.position === headAfter);

    const unique = dedupe(received);
    expect(new Set(unique.map((r) => r.envelope.id))).toEqual(new Set(appended.map((e) => e.id)));
    // The rolled-back events were published twice: at least once, never lost.
    expect(received.length).toBeGreaterThan(unique.length);
    for (const [, revisions] of revisionsByStream(unique)) {
      expect(revisions).toEqual(revisions.map((_, i) => i));
    }
    expect(await storedCheckpoint(db, `kafka:${topic}`)).toBe(headAfter);
  });
});

/** Runs one of scripts/kafka/*.mjs (the real broker's start and stop) and returns what it printed. */
function brokerScript(script: string, ...args: string[]): string {
  return execFileSync(process.execPath, [path.join(process.cwd(), 'scripts/kafka', script), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

// The outage needs a broker of its own to stop and restart: started from the same Maven Central jars.
describeWithBroker(title.replace('Kafka relay contract', 'Kafka relay during a broker outage'), () => {
  let db: TestDatabase;
  let store: EventStore;
  let stateDir: string;
  let relay: KafkaRelay | undefined;
  let consumer: Consumer | undefined;

  beforeEach(async () => {
    db = await createTestDatabase();
    store = await createEventStore(parseConfig({ DATABASE_URL: db.url }), db.pool);
    stateDir = mkdtempSync(path.join(os.tmpdir(), 'relay-outage-broker-'));
  });

  afterEach(async () => {
    await relay?.stop();
    await consumer?.disconnect();
    brokerScript('stop-broker.mjs', '--state-dir', stateDir);
    await store.close();
    await db.drop();
  });

  it('holds its checkpoint while the broker is down and publishes everything once it is back', async () => {
    const bootstrap = brokerScript('start-broker.mjs', '--state-dir', stateDir);
    const topic = `relay-outage-${randomUUID()}`;
    const warnings: string[] = [];
    const logger = {
      info: () => {},
      error: () => {},
      warn: (_: object, msg?: string) => void warnings.push(msg ?? ''),
    };
    relay = new KafkaRelay({
      pool: db.pool,
      store,
      brokers: [bootstrap],
      topic,
      logger,
      minBackoffMs: 50,
      maxBackoffMs: 500,
    });
    const streams = ['order-o1', 'order-o2'];
    const appended = await appendInterleaved(store, streams, 0, 5);
    await relay.start();
    const headBefore = await store.headPosition();
    await eventually('the history to be acknowledged', () => relay!.position === headBefore);

    brokerScript('stop-broker.mjs', '--state-dir', stateDir, '--keep-state');
    appended.push(...(await appendInterleaved(store, streams, 5, 5)));
    await eventually('a failed send while the broker is down', () => warnings.includes('kafka relay send failed'));
    expect(await storedCheckpoint(db, `kafka:${topic}`)).toBe(headBefore);

    expect(brokerScript('start-broker.mjs', '--state-dir', stateDir, '--resume')).toBe(bootstrap);
    const headAfter = await store.headPosition();
    await eventually('the relay to catch up after the outage', () => relay!.position === headAfter, 90000);

    const outageKafka = new Kafka({ clientId: 'relay-outage-test', brokers: [bootstrap], logLevel: logLevel.NOTHING });
    const received: RelayedEventEnvelope[] = [];
    consumer = outageKafka.consumer({ groupId: `relay-outage-${randomUUID()}` });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        received.push(JSON.parse(message.value?.toString() ?? 'null') as RelayedEventEnvelope);
      },
    });
    const uniqueIds = () => new Set(received.map((e) => e.id));
    await eventually('every event on the topic', () => uniqueIds().size >= appended.length);
    expect(uniqueIds()).toEqual(new Set(appended.map((e) => e.id)));
    for (const stream of streams) {
      const seen = new Set<string>();
      const revisions = received
        .filter((e) => e.streamId === stream && !seen.has(e.id) && seen.add(e.id))
        .map((e) => e.revision);
      expect(revisions).toEqual(revisions.map((_, i) => i));
    }
    expect(await storedCheckpoint(db, `kafka:${topic}`)).toBe(headAfter);
  }, 180000);
});

describe('Kafka relay without a reachable broker', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeEach(async () => {
    db = await createTestDatabase();
    store = await createEventStore(parseConfig({ DATABASE_URL: db.url }), db.pool);
  });

  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  it('keeps retrying, never advances its checkpoint, and stops when asked', async () => {
    await appendInterleaved(store, ['cart-x'], 0, 3);
    const warnings: string[] = [];
    const logger = {
      info: () => {},
      error: () => {},
      warn: (_: object, msg?: string) => void warnings.push(msg ?? ''),
    };
    // Port 1 on the loopback: nothing listens there, connections are refused at once.
    const relay = new KafkaRelay({
      pool: db.pool,
      store,
      brokers: ['127.0.0.1:1'],
      topic: 'unreachable',
      logger,
      minBackoffMs: 10,
    });
    let started = false;
    const starting = relay.start().then(() => {
      started = true;
    });
    await eventually(
      'two failed connection attempts',
      () => warnings.filter((w) => w === 'kafka relay connect failed').length >= 2,
    );
    expect(started).toBe(false);
    await relay.stop();
    await starting;
    expect(relay.position).toBe(0n);
    expect(await storedCheckpoint(db, 'kafka:unreachable')).toBe(0n);
  });
});
