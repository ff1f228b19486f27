import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TOO_MANY_LOGINS, LIMITS } from '../../apps/api/identity/rate-limits.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { allReadModels } from '#libs/read-models/index.js';
import { rebuildReadModels } from '#libs/read-models/projector.js';
import { checkoutContact, SANDBOX_VISA, SENT_KEY } from '../support/checkout-fixtures.js';
import { registration } from '../support/customer-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { type OtlpCollector, startOtlpCollector } from '../tracing/otlp-collector.js';
import { tracedGuestCheckout } from '../tracing/traced-checkout.js';
import { parseMetrics, samplesOf, valueOf } from '../ops/metrics-text.js';
import { consumeAndCommit } from './kafka-topic.js';
import { bearer, call, guestCheckoutOn, payAgain, type PayAttempt, spreadCheckoutLoad } from './load.js';
import { startTopology, type Topology } from './topology.js';

/**
 * Issue 13: the scaled-out mode run for real, without containers: two API processes with
 * RUN_PROJECTIONS=false, the projector process (projections + Kafka relay), one PostgreSQL (this run's
 * test server) and a real Kafka broker (KAFKA_BROKERS from `npm test`, else one started here). The
 * tests run in order on one topology; every process is killed in afterAll, and on any exit.
 */
const ROOT = resolve(__dirname, '../..');
/**
 * Kafka runs when `npm test` started a broker (KAFKA_BROKERS) or one can start here (Java 17 and Maven);
 * otherwise the Kafka check reports itself skipped, never passed.
 */
const has = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const kafkaIt = process.env.KAFKA_BROKERS || (has('java') && has('mvn')) ? it : it.skip;
const NOT_VALIDATED = 'Please validate your email before logging in. Check your inbox or resend the validation email.';

describe('the scaled-out mode: two API nodes, the projector process, Kafka', () => {
  let db: TestDatabase;
  let topology: Topology;
  const node = (i: number): string => topology.nodes[i]!.url;
  const count = async (sql: string, params: unknown[] = []): Promise<number> =>
    Number((await db.pool.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0);
  const head = async (): Promise<bigint> =>
    BigInt(
      (await db.pool.query<{ p: string }>('SELECT coalesce(max(position), 0)::text AS p FROM es_events')).rows[0]!.p,
    );
  const slowestCheckpoint = async (): Promise<bigint> =>
    BigInt(
      (
        await db.pool.query<{ p: string }>(
          'SELECT coalesce(min(position), 0)::text AS p FROM projection_checkpoints WHERE name = ANY($1)',
          [allReadModels.map((m) => m.name)],
        )
      ).rows[0]!.p,
    );
  const caughtUp = async (timeoutMs = 30_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while ((await slowestCheckpoint()) < (await head())) {
      if (Date.now() > deadline) throw new Error('the read models did not catch up with the log');
      await sleep(100);
    }
  };
  const approvedCharges = (key?: string): Promise<number> =>
    count(
      `SELECT count(*) AS n FROM sandbox_gateway_charges WHERE (result->>'approved')::boolean
         AND ($1::text IS NULL OR ${SENT_KEY} = $1)`,
      [key ?? null],
    );

  let collector: OtlpCollector;
  beforeAll(async () => {
    db = await createTestDatabase();
    collector = await startOtlpCollector();
    topology = await startTopology({
      root: ROOT,
      databaseUrl: db.url,
      log: () => undefined,
      otlpEndpoint: collector.endpoint,
    });
  }, 240_000);
  afterAll(async () => {
    await topology?.stop();
    await collector?.close();
    await db?.drop();
  }, 60_000);

  it('a load spread over both nodes reaches every read model once; each node reads its own writes', async () => {
    // Registrations, half on each node: the node that took one finds the customer in the read model at
    // once (the login asks for validation, not "invalid"), and the other node refuses the email.
    const emails = Array.from({ length: 4 }, (_, i) => `scaled-${i}-${randomBytes(3).toString('hex')}@example.test`);
    await Promise.all(
      emails.map(async (email, i) => {
        const here = node(i % 2);
        expect((await call(here, 'POST', '/users/register', registration(email))).status).toBe(201);
        const early = await call(here, 'POST', '/auth/login', { email, password: 'Secret-pass-1', version: 5 });
        expect([early.status, early.body.error]).toEqual([401, NOT_VALIDATED]);
        expect((await call(node((i + 1) % 2), 'POST', '/users/register', registration(email))).status).toBe(409);
      }),
    );
    // Carts and checkouts, half on each node, each read back on the node that took it.
    const attempts = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const attempt = await guestCheckoutOn(node(i % 2), i % 2);
        expect(attempt.answer?.ERRORS).toEqual([]);
        const { ONUM, RECEIPTTOKEN } = attempt.answer!;
        expect((await call(node(i % 2), 'GET', `/orders/${ONUM}?token=${RECEIPTTOKEN}`)).status).toBe(200);
        const cart = await call<{ items: unknown[] }>(node(i % 2), 'GET', '/cart', undefined, {
          'x-cart-id': attempt.cartId,
        });
        expect(cart.body.items).toEqual([]);
        return attempt;
      }),
    );
    // A retry of a pay on the other node answers the first result and charges nothing more.
    const first = attempts[0]!;
    const charges = await approvedCharges();
    const retry = await payAgain(node(1), first);
    expect(retry.body).toEqual(first.answer);
    expect(await approvedCharges(first.key)).toBe(1);
    expect(await approvedCharges()).toBe(charges);

    await caughtUp();
    for (const email of emails)
      expect(await count('SELECT count(*) AS n FROM customers WHERE email = $1', [email])).toBe(1);
    for (const a of attempts) {
      const onum = a.answer!.ONUM;
      expect(await count('SELECT count(*) AS n FROM receipts WHERE onum = $1 AND paid_at IS NOT NULL', [onum])).toBe(1);
      expect(await count('SELECT count(*) AS n FROM finance_ledger WHERE onum = $1', [onum])).toBe(1);
      expect(
        await count(`SELECT count(*) AS n FROM es_events WHERE type = 'OrderPaid' AND stream_id = $1`, [
          `order-${onum}`,
        ]),
      ).toBe(1);
    }
  }, 120_000);

  it('both processes export their metrics: the API nodes their requests, appends and pools, the projector the lags', async () => {
    const scrape = async (url: string) => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${topology.metricsToken}` } });
      expect(response.status).toBe(200);
      return parseMetrics(await response.text());
    };
    expect((await fetch(`${node(0)}/metrics`)).status).toBe(401);
    const nodes = await Promise.all(topology.nodes.map((n) => scrape(`${n.url}/metrics`)));
    const paid = nodes.map((s) =>
      valueOf(s, 'shop_http_requests_total', { route: '/api/checkout/pay', method: 'POST' }),
    );
    expect(paid.every((n) => n > 0)).toBe(true); // the load above went to both
    for (const samples of nodes) {
      expect(valueOf(samples, 'shop_event_appends_total', { category: 'order' })).toBeGreaterThan(0);
      expect(samplesOf(samples, 'shop_db_pool_connections', { pool: 'api', state: 'in_use' })).toHaveLength(1);
      expect(samplesOf(samples, 'shop_projection_lag_events')).toHaveLength(0); // RUN_PROJECTIONS=false
    }
    const projector = await scrape(topology.projectorMetricsUrl);
    expect(samplesOf(projector, 'shop_projection_lag_events')).toHaveLength(allReadModels.length);
    expect(samplesOf(projector, 'shop_db_pool_connections', { pool: 'projector', state: 'idle' })).toHaveLength(1);
    expect(samplesOf(projector, 'nodejs_heap_size_used_bytes')).toHaveLength(1);
    if (topology.kafkaBrokers) {
      expect(samplesOf(projector, 'shop_kafka_relay_lag_events', { topic: topology.topic })).toHaveLength(1);
    }
    const ready = await call<{ status: string }>(node(0), 'GET', '/ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('one checkout is one trace across the API node and the projector process (and its Kafka publish)', async () => {
    const { traceId } = await tracedGuestCheckout(node(0));
    const inTrace = () => collector.spans().filter((s) => s.traceId === traceId);
    const has = (service: string, name: RegExp) => inTrace().some((s) => s.service === service && name.test(s.name));
    const expected: [string, RegExp][] = [
      ['shop-api', /^POST \/api\/checkout\/pay$/],
      // Fastify's own plugin (@fastify/otel) in the built shop, whose Fastify is an ES-module import.
      ['shop-api', /^request$/],
      ['shop-api', /^handler - /],
      ['shop-api', /^command PayOrder$/],
      ['shop-api', /^eventstore\.append$/],
      ['shop-projector', /^projection\.apply$/],
      ...(topology.kafkaBrokers ? [['shop-projector', /^kafka\.publish /] as [string, RegExp]] : []),
    ];
    const deadline = Date.now() + 30_000;
    while (!expected.every(([service, name]) => has(service, name)) && Date.now() < deadline) await sleep(200);
    expect(expected.filter(([service, name]) => !has(service, name))).toEqual([]);
    // The projector's spans continue the API's: each is the child of an append the API node made.
    const apiSpans = new Map(
      inTrace()
        .filter((s) => s.service === 'shop-api')
        .map((s) => [s.spanId, s]),
    );
    for (const span of inTrace().filter((s) => s.service === 'shop-projector' && s.name === 'projection.apply'))
      expect(apiSpans.get(span.parentSpanId ?? '')?.name).toBe('eventstore.append');
  }, 60_000);

  it('one API node killed mid-load: the other serves on, nothing acknowledged is lost, a retry on it charges nothing more', async () => {
    const chargesBefore = await approvedCharges();
    const paidBefore = await count(`SELECT count(*) AS n FROM es_events WHERE type = 'OrderPaid'`);
    let killed: Promise<void> | null = null;
    const load = spreadCheckoutLoad([node(0), node(1)], 2, 16, (_, all) => {
      if (!killed && all.filter((a) => a.node === 1 && a.answer?.ONUM).length >= 3) killed = topology.killNode(1);
    });
    await load.finished;
    expect(killed).not.toBeNull();
    await killed;
    const acknowledged = load.attempts.filter((a) => a.answer?.ONUM);
    expect(acknowledged.filter((a) => a.node === 0).length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(16);
    // Every acknowledged order, from either node, is on the surviving node.
    for (const a of acknowledged) {
      const receipt = await call(node(0), 'GET', `/orders/${a.answer!.ONUM}?token=${a.answer!.RECEIPTTOKEN}`);
      expect(receipt.status).toBe(200);
    }
    // Pays of the killed node sent again to the survivor (acknowledged ones and any that lost their answer).
    const retried: PayAttempt[] = [
      ...load.attempts.filter((a) => a.node === 1 && a.answer === null),
      ...acknowledged.filter((a) => a.node === 1).slice(0, 2),
    ];
    for (const a of retried) {
      const again = await payAgain(node(0), a);
      expect(again.status).toBe(200);
      if (a.answer) expect(again.body).toEqual(a.answer);
      expect(await approvedCharges(a.key)).toBeLessThanOrEqual(1);
    }
    // One charge per paid order: nothing charged twice, nothing charged without its order.
    const paid = (await count(`SELECT count(*) AS n FROM es_events WHERE type = 'OrderPaid'`)) - paidBefore;
    expect((await approvedCharges()) - chargesBefore).toBe(paid);
    expect(paid).toBeGreaterThanOrEqual(acknowledged.length);

    await topology.startNode(1);
    expect((await call(node(1), 'GET', '/health')).status).toBe(200);
  }, 150_000);

  it('one-device sessions, login throttling and roles hold across both nodes', async () => {
    const login = (i: number, email: string, password = 'Demo-pass-2026', from?: string) =>
      call<{ token: string }>(
        node(i),
        'POST',
        '/auth/login',
        { email, password, version: 5 },
        from ? { 'x-forwarded-for': from } : {},
      );
    const onA = (await login(0, 'learner@demo.test')).body.token;
    expect((await call(node(1), 'GET', '/auth/me', undefined, bearer(onA))).status).toBe(200);
    const onB = (await login(1, 'learner@demo.test')).body.token;
    for (const i of [0, 1]) {
      expect((await call(node(i), 'GET', '/auth/me', undefined, bearer(onA))).status).toBe(401);
      expect((await call(node(i), 'GET', '/auth/me', undefined, bearer(onB))).status).toBe(200);
    }

    const attacker = '203.0.113.131';
    for (let i = 0; i < LIMITS.loginPerIpAndEmail.points; i++) {
      expect((await login(i % 2, 'complete@demo.test', `wrong-${i}`, attacker)).status).toBe(401);
    }
    for (const i of [0, 1]) {
      const held = await login(i, 'complete@demo.test', 'Demo-pass-2026', attacker);
      expect([held.status, held.body.error]).toEqual([429, TOO_MANY_LOGINS]);
    }

    // A purchase on node A opens the pages on node B at once (its roles cache hears of the grant).
    const reader = bearer((await login(1, 'reader@demo.test')).body.token);
    const before = await call<{ roles: string[] }>(node(1), 'GET', '/auth/me', undefined, reader);
    expect(before.body.roles).not.toContain('qmpcomplete');
    expect((await call(node(0), 'POST', '/cart/items', { PRODUCTID: 130, TERM: 1, QTY: 1 }, reader)).status).toBe(200);
    const quote = await call<{ TOTAL: number }>(
      node(0),
      'POST',
      '/checkout/quote',
      { COUNTRY: 'USA', STATE: 'KS', SHIPPING: 1 },
      reader,
    );
    const paid = await call<{ ONUM: string }>(
      node(0),
      'POST',
      '/checkout/pay',
      {
        SHIPPING: 1,
        TOTAL: quote.body.TOTAL,
        ATTJSON: checkoutContact({ CITY: 'Wichita', STATE: 'KS', ZIP: '67202' }),
        BILLINGJSON: null,
        CARD: SANDBOX_VISA,
      },
      { ...reader, 'idempotency-key': randomUUID() },
    );
    expect(paid.body.ONUM).toMatch(/^\d+$/);
    const after = await call<{ roles: string[] }>(node(1), 'GET', '/auth/me', undefined, reader);
    expect(after.body.roles).toContain('qmpcomplete');
  }, 60_000);

  it('the projector killed and restarted: commands wait for it, the read models catch up and equal a full rebuild', async () => {
    await topology.killProjector();
    // With no projector the node answers after its bounded wait, but does not project the cart itself.
    const cartId = randomUUID();
    const added = await call(
      node(0),
      'POST',
      '/cart/items',
      { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 2 },
      { 'x-cart-id': cartId },
    );
    expect(added.status).toBe(200);
    const unseen = await call<{ items: unknown[] }>(node(0), 'GET', '/cart', undefined, { 'x-cart-id': cartId });
    expect(unseen.body.items).toEqual([]);
    expect(await slowestCheckpoint()).toBeLessThan(await head());

    await topology.startProjector();
    await caughtUp();
    const seen = await call<{ items: unknown[] }>(node(1), 'GET', '/cart', undefined, { 'x-cart-id': cartId });
    expect(seen.body.items).toHaveLength(1);

    const live = await snapshot();
    await topology.stopProjector();
    const store = await PostgresEventStore.create(db.pool);
    await rebuildReadModels(db.pool, store, allReadModels);
    await store.close();
    expect(await snapshot()).toEqual(live);
    await topology.startProjector();
  }, 120_000);

  kafkaIt(
    'the topic holds every event of the log once per event id, keyed by stream, in stream order; a restarted consumer sees no gap',
    async () => {
      if (!topology.kafkaBrokers)
        throw new Error('the Kafka broker did not start (see scripts/kafka/start-broker.mjs)');
      const target = await head();
      const relayed = async (): Promise<bigint> =>
        BigInt(
          (
            await db.pool.query<{ p: string }>(
              'SELECT coalesce(max(position), 0)::text AS p FROM relay_checkpoints WHERE name = $1',
              [`kafka:${topology.topic}`],
            )
          ).rows[0]?.p ?? '0',
        );
      const deadline = Date.now() + 60_000;
      while ((await relayed()) < target) {
        if (Date.now() > deadline) throw new Error('the relay did not publish the whole log');
        await sleep(200);
      }
      const { rows: log } = await db.pool.query<{ event_id: string; stream_id: string; revision: string }>(
        'SELECT event_id, stream_id, revision::text FROM es_events WHERE position <= $1 ORDER BY position',
        [target.toString()],
      );
      const group = `topology-check-${randomBytes(4).toString('hex')}`;
      const firstRun = await consumeAndCommit(topology.kafkaBrokers, topology.topic, group, Math.floor(log.length / 2));
      const secondRun = await consumeAndCommit(topology.kafkaBrokers, topology.topic, group, Number.MAX_SAFE_INTEGER);
      const all = [...firstRun.messages, ...secondRun.messages];

      // No gap: per partition the two runs together read every offset from 0, the second from the commit.
      const byPartition = new Map<number, bigint[]>();
      for (const m of all) byPartition.set(m.partition, [...(byPartition.get(m.partition) ?? []), m.offset]);
      for (const [partition, offsets] of byPartition) {
        expect(offsets).toEqual(offsets.map((_, i) => BigInt(i)));
        const resumedAt = secondRun.messages.find((m) => m.partition === partition)?.offset;
        if (resumedAt !== undefined) {
          const committed = firstRun.committed.get(partition) ?? -1n;
          expect(resumedAt).toBe(committed < 0n ? 0n : committed); // -1: nothing committed, from the start
        }
      }
      // Every event once per id (the relay delivers at least once: a consumer keeps the first of each id).
      const firstOfId = new Map<string, (typeof all)[number]>();
      for (const m of all) if (!firstOfId.has(m.eventId)) firstOfId.set(m.eventId, m);
      expect(new Set(firstOfId.keys())).toEqual(new Set(log.map((e) => e.event_id)));
      const stream = new Map(log.map((e) => [e.event_id, e]));
      const partitionOf = new Map<string, number>();
      const lastRevision = new Map<string, number>();
      for (const m of firstOfId.values()) {
        const event = stream.get(m.eventId)!;
        expect([m.key, m.streamId, m.revision]).toEqual([event.stream_id, event.stream_id, Number(event.revision)]);
        expect(partitionOf.get(m.key) ?? m.partition).toBe(m.partition);
        partitionOf.set(m.key, m.partition);
        expect(m.revision).toBe((lastRevision.get(m.key) ?? -1) + 1);
        lastRevision.set(m.key, m.revision);
      }
    },
    120_000,
  );

  /** Every row of every read model table, in a stable order (as test/api/projections-rebuild.spec.ts). */
  async function snapshot(): Promise<Record<string, unknown[]>> {
    const tables: Record<string, unknown[]> = {};
    for (const model of allReadModels) {
      for (const table of model.tables) {
        const { rows } = await db.pool.query(`SELECT * FROM ${table}`);
        tables[table] = rows.map((r) => JSON.stringify(r)).sort();
      }
    }
    return tables;
  }
});
