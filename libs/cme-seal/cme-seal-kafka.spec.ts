import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { FixedClock } from '#libs/application/clock.js';
import { parseConfig } from '#libs/config/config.js';
import { CME_SEALS_STREAM } from '#libs/domain/cme-seal/cme-seal.events.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { KafkaRelay, type RelayedEventEnvelope } from '#libs/kafka/kafka-relay.js';
import { publishedJwks } from '#libs/signing/pg-signer.js';
import { verifyJws } from '#libs/signing/verify.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { standaloneSealRunner } from './standalone-seal-runner.js';

/**
 * The seal leaves the database (docs/audit.md, Seals): in the scaled-out mode the Kafka relay publishes
 * CmeLogSealed like every event, and a consumer checks the copy with the published keys alone. Needs a
 * broker (KAFKA_BROKERS, e.g. from scripts/kafka/start-broker.mjs); skipped otherwise, never passed.
 */
const brokers = process.env.KAFKA_BROKERS?.split(',')
  .map((b) => b.trim())
  .filter(Boolean);
const describeWithBroker = brokers?.length ? describe : describe.skip;

describeWithBroker('a CME seal on the Kafka topic', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = await createEventStore(parseConfig({ DATABASE_URL: db.url }), db.pool);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('is published keyed cme-seals, and its signature verifies with the published keys', async () => {
    await store.append(
      'cme-someone-2026',
      [
        {
          type: 'CmeTestSubmitted',
          data: { recordId: 'r1', customerId: 'someone', year: 2026, prevHash: '0'.repeat(64) },
          metadata: {
            correlationId: randomUUID(),
            causationId: randomUUID(),
            actorId: 'system',
            occurredAt: '2026-03-01T10:00:00.000Z',
            schemaVersion: 1,
          },
        },
      ],
      'no_stream',
    );
    const config = { DOB_ENCRYPTION_KEY: 'cd'.repeat(32), SEAL_EVERY_HOURS: 24 };
    const runner = standaloneSealRunner({ config, pool: db.pool, store, clock: new FixedClock(new Date()) });
    const outcome = await runner.seal('demand', { actorId: 'system', correlationId: randomUUID() });
    await runner.close();
    expect(outcome.status).toBe('sealed');

    const topic = `cme-seal-${randomUUID()}`;
    const relay = new KafkaRelay({ pool: db.pool, store, brokers: brokers!, topic });
    const kafka = new Kafka({ clientId: 'cme-seal-test', brokers: brokers!, logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `cme-seal-test-${randomUUID()}` });
    try {
      await relay.start();
      const received: { key: string; envelope: RelayedEventEnvelope }[] = [];
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          received.push({
            key: message.key?.toString() ?? '',
            envelope: JSON.parse(message.value?.toString() ?? 'null') as RelayedEventEnvelope,
          });
        },
      });
      const deadline = Date.now() + 45_000;
      while (!received.some((r) => r.key === CME_SEALS_STREAM) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seal = received.find((r) => r.key === CME_SEALS_STREAM)?.envelope;
      expect(seal?.type).toBe('CmeLogSealed');
      const data = seal!.data as { jws: string; merkleRoot: string };
      const check = await verifyJws(data.jws, await publishedJwks(db.pool));
      expect(check).toMatchObject({ valid: true, payload: { merkleRoot: data.merkleRoot, streams: 1 } });
    } finally {
      await consumer.disconnect();
      await relay.stop();
    }
  });
});
