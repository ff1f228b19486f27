import { SystemClock } from '#libs/application/clock.js';
import { decideAndAppend } from '#libs/application/decide-and-append.js';
import { systemContext } from '#libs/application/command-context.js';
import { cmeChainText } from '#libs/domain/cme/cme.chain.js';
import type { CmeRecordData } from '#libs/domain/cme/cme.events.js';
import { CME_SEAL_JWS_TYPE, type SealedStreamHead, cmeSealPayload } from '#libs/domain/cme-seal/cme-seal.events.js';
import { compareStreams, merkleRoot } from '#libs/domain/cme-seal/merkle.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { createSigner } from '#libs/signing/create-signer.js';
import { publishedJwks } from '#libs/signing/pg-signer.js';
import { cmeAudit } from '../../apps/api/cme/cme-audit-report.js';
import { cmeDecider } from '../../apps/api/cme/cme-hash.js';
import { activityFactsOf, appendCmeLog, questionActivities } from '../bench/cme-log-size.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { isCmeStreamEvent, sha256Hex } from '#libs/cme-seal/cme-log-heads.js';
import { cmeSealDecider, type SealOutcome } from '#libs/cme-seal/seal-runner.js';
import { standaloneSealRunner } from '#libs/cme-seal/standalone-seal-runner.js';

const KEY = '1'.repeat(64);
const YEAR = 2025;
const ACTIVITIES = questionActivities();
const clock = new SystemClock();

/**
 * The seals' table of heads (docs/audit.md, Seals): a seal reads the log after the previous one, lists
 * the streams that changed, and its root is the root over every stream's head as the whole log gives
 * it; `--verify` checks such seals, seals of the first form (every head listed) among them, and a
 * table rebuilt from the log (after a restore) seals the same root.
 */
describe('seals listing the CME streams changed since the seal before', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ReturnType<typeof standaloneSealRunner>;
  const seal = async () => {
    const outcome: SealOutcome = await runner.seal('demand', systemContext());
    if (outcome.status !== 'sealed') throw new Error(`not sealed: ${outcome.status}`);
    return outcome.seal;
  };
  /** Every CME stream's head from the whole log, sorted: what the first form sealed. */
  const logHeads = async (): Promise<SealedStreamHead[]> => {
    const heads = new Map<string, SealedStreamHead>();
    for (const e of await store.readAll(0n, 1_000_000)) {
      if (isCmeStreamEvent(e))
        heads.set(e.streamId, { stream: e.streamId, revision: e.revision, hash: sha256Hex(cmeChainText(e)) });
    }
    return [...heads.values()].sort((a, b) => compareStreams(a.stream, b.stream));
  };
  const verify = async (pageSize?: number) =>
    (
      await cmeAudit(store, {
        year: YEAR,
        verify: true,
        activities: activityFactsOf(ACTIVITIES),
        jwks: await publishedJwks(db.pool),
        ...(pageSize ? { pageSize } : {}),
      })
    ).findings;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.create(db.pool);
    await appendCmeLog(store, { events: 150, year: YEAR, activities: ACTIVITIES, dobKey: KEY, heartbeats: 2 });
    runner = standaloneSealRunner({
      config: { DOB_ENCRYPTION_KEY: KEY, SEAL_EVERY_HOURS: 0 },
      pool: db.pool,
      store,
      clock,
    });
  });
  afterAll(async () => {
    await runner?.close();
    await store?.close();
    await db?.drop();
  });

  it('lists every head first, then only the streams that changed, each root the root of every head of the log', async () => {
    const all = await logHeads();
    const first = await seal();
    expect(first.streams).toEqual(all);
    expect([first.heads, first.merkleRoot]).toEqual([all.length, merkleRoot(all, sha256Hex)]);

    // One stream gets a retake, one physician more starts a stream.
    const [retaken] = all;
    const last = (await store.readStream(retaken!.stream)).at(-1)!.data as CmeRecordData;
    const activity = ACTIVITIES.find((a) => a.productId === last.productId && a.testType === last.testType)!;
    await decideAndAppend(
      store,
      retaken!.stream,
      cmeDecider,
      {
        type: 'SubmitCmeTest',
        customerId: last.customerId,
        year: YEAR,
        newRecordId: 'unused',
        testType: activity.testType,
        productId: activity.productId,
        productName: activity.productName,
        productCredits: activity.credits,
        safety: activity.safety,
        answers: [...activity.key],
        key: [...activity.key],
        lastLongViewAt: null,
        retakeByViewing: true,
        now: `${YEAR}-12-30T10:00:00.000Z`,
      },
      systemContext(),
      { clock },
    );
    await appendCmeLog(store, {
      events: 1,
      year: YEAR,
      activities: ACTIVITIES,
      dobKey: KEY,
      heartbeats: 2,
      firstPhysician: 1000,
      concurrency: 1,
    });
    const now = await logHeads();
    const added = now.find((h) => !all.some((a) => a.stream === h.stream))!;
    const second = await seal();
    expect(second.streams).toEqual(
      [now.find((h) => h.stream === retaken!.stream)!, added].sort((a, b) => compareStreams(a.stream, b.stream)),
    );
    expect([second.heads, second.merkleRoot]).toEqual([now.length, merkleRoot(now, sha256Hex)]);

    // Nothing since: the root alone, sealed again.
    const third = await seal();
    expect([third.streams, third.heads, third.merkleRoot]).toEqual([[], now.length, second.merkleRoot]);
    expect(await verify()).toEqual([]);
  });

  it('verifies seals of the first form among the new ones, and a table rebuilt from the log seals the same root', async () => {
    // A seal as written before the table: every head listed, the root over them, no count.
    const signer = createSigner({ DOB_ENCRYPTION_KEY: KEY }, db.pool, clock);
    const heads = await logHeads();
    const state = (await store.readStream('cme-seals')).reduce(
      (s, e) => cmeSealDecider.evolve(s, e as never),
      cmeSealDecider.initialState,
    );
    const fields = { merkleRoot: merkleRoot(heads, sha256Hex), sealedAt: clock.now().toISOString(), streams: heads };
    const { jws, kid } = await signer.sign(cmeSealPayload({ ...fields, prevHash: state.lastHash }), CME_SEAL_JWS_TYPE);
    const old = await decideAndAppend(
      store,
      'cme-seals',
      cmeSealDecider,
      { type: 'SealCmeLog', trigger: 'demand', period: null, ...fields, prevHash: state.lastHash, jws, kid },
      systemContext(),
      { clock },
    );
    expect(old.events[0]!.data).not.toHaveProperty('heads');
    const after = await seal();
    expect(after.streams).toEqual([]);
    expect(await verify()).toEqual([]);

    // As after a restore (the backup leaves the table out): the next seal reads the whole log again.
    await db.pool.query('DROP TABLE cme_seal_heads, cme_seal_position');
    const rebuilt = await seal();
    expect(rebuilt.streams).toEqual(heads);
    expect(rebuilt.merkleRoot).toBe(after.merkleRoot);
    expect(await verify()).toEqual([]);
    expect(await verify(2)).toEqual([]);
  });

  it('names a sealed stream rewritten in the database, which the next seal does not take for a change', async () => {
    const [target] = await logHeads();
    const events = await store.readStream(target!.stream);
    const edited = events.at(-1)!;
    (edited.data as CmeRecordData).submittedAt = `${YEAR}-12-31T00:00:00.000Z`;
    await db.pool.query('UPDATE es_events SET data = $2 WHERE event_id = $1', [edited.id, JSON.stringify(edited.data)]);
    const next = await seal();
    expect(next.streams).toEqual([]);
    const findings = await verify();
    expect(findings).toEqual([
      {
        stream: target!.stream,
        revision: edited.revision,
        eventId: edited.id,
        problem: expect.stringContaining(
          `the event at revision ${edited.revision} no longer hashes to the hash sealed on`,
        ),
      },
    ]);
    expect(await verify(3)).toEqual(findings);
  });
});
