import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { createRemoteJWKSet, compactVerify } from 'jose';
import { Clock, FixedClock } from '#libs/application/clock.js';
import { sha256Hex } from '#libs/cme-seal/cme-log-heads.js';
import type { SealOutcome } from '#libs/cme-seal/seal-runner.js';
import { cmeChainText } from '#libs/domain/cme/cme.chain.js';
import { CME_GENESIS_HASH, type CmeRecordData } from '#libs/domain/cme/cme.events.js';
import {
  CME_SEAL_GENESIS_HASH,
  CME_SEAL_JWS_TYPE,
  CME_SEALS_STREAM,
  type CmeLogSealedData,
} from '#libs/domain/cme-seal/cme-seal.events.js';
import { merkleRoot } from '#libs/domain/cme-seal/merkle.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { publishedJwks } from '#libs/signing/pg-signer.js';
import { projectorSeals } from '../../apps/projector/cme-seals.js';
import { catalogActivityFacts } from '../../apps/api/cme/cme-audit-credits.js';
import { cmeAudit } from '../../apps/api/cme/cme-audit-report.js';
import { questionsOf } from '../../apps/api/cme/cme-questions.js';
import { CmeSealSchedule } from '../../apps/api/cme-seal/cme-seal-schedule.js';
import { CmeSealService } from '../../apps/api/cme-seal/cme-seal.service.js';
import { PgSigner } from '../../apps/api/signing/index.js';
import { useTestShop } from '../support/app.js';

const YEAR = new Date().getUTCFullYear();
const DAY_MS = 24 * 3_600_000;
const ROOT = resolve(__dirname, '../..');

/**
 * The seals of the CME log (docs/audit.md, Seals) over the demo data: made on demand and by the
 * schedule (once per period on two nodes), signed, and checked by `cme:audit --verify`, which names a
 * stream rewritten with a consistent chain, a last event edited or deleted, a stream gone, and a seal
 * whose signature or heads were altered.
 */
describe('seals of the CME log', () => {
  const shop = useTestShop({ seedDemo: true, env: { SEAL_EVERY_HOURS: '0' } });
  let store: PostgresEventStore;
  const pool = () => shop.shop.pool;
  const seal = async (): Promise<Extract<SealOutcome, { status: 'sealed' }>> => {
    const service = shop.app.get(CmeSealService);
    const outcome = await service.runner.seal('demand', service.systemContext());
    if (outcome.status !== 'sealed') throw new Error(`not sealed: ${outcome.status}`);
    return outcome;
  };
  const audit = async (year: number) =>
    cmeAudit(store, {
      year,
      verify: true,
      jwks: await publishedJwks(pool()),
      activities: catalogActivityFacts(pool()),
    });
  const sealsInLog = async () =>
    (await store.readStream(CME_SEALS_STREAM)) as RecordedEvent<'CmeLogSealed', CmeLogSealedData>[];
  /** Rewrites events in the database, as someone with write access could. */
  const rewrite = (event: RecordedEvent) =>
    pool().query('UPDATE es_events SET data = $2 WHERE event_id = $1', [event.id, JSON.stringify(event.data)]);
  const cmeStreams = async (year: number) => {
    const { rows } = await pool().query<{ stream_id: string; events: number }>(
      `SELECT stream_id, count(*)::int AS events FROM es_events
        WHERE stream_id LIKE $1 AND stream_id <> $2 GROUP BY stream_id ORDER BY stream_id`,
      [`cme-%-${year}`, CME_SEALS_STREAM],
    );
    return rows;
  };

  /** A built command line tool against the test shop's database, with its secrets (exit code 0, else the error). */
  const cli = (file: string, ...args: string[]) =>
    promisify(execFile)(process.execPath, [`dist/apps/${file}`, ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: shop.shop.config.DATABASE_URL,
        DATA_DIR: '/tmp/shop-test-unused',
        JWT_SECRET: shop.shop.config.JWT_SECRET,
        DOB_ENCRYPTION_KEY: shop.shop.config.DOB_ENCRYPTION_KEY,
        LOG_LEVEL: 'silent',
      },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);

  /** A copy of a demo stream of `year` for a new customer, its chain recomputed: a stream the seals have not seen. */
  const copyStream = async (year: number) => {
    const [source] = await cmeStreams(year);
    const records = (await store.readStream(source!.stream_id)).filter((e) => e.type.startsWith('CmeTest'));
    const customerId = randomUUID();
    let prevHash = CME_GENESIS_HASH;
    const copies = records.map((e) => {
      const copy = {
        type: e.type,
        data: { ...(e.data as CmeRecordData), customerId, recordId: randomUUID(), prevHash },
      };
      prevHash = sha256Hex(cmeChainText(copy));
      return { ...copy, metadata: { ...e.metadata, correlationId: randomUUID() } };
    });
    await store.append(`cme-${customerId}-${year}`, copies, 'no_stream');
    return `cme-${customerId}-${year}`;
  };

  beforeAll(async () => {
    store = await PostgresEventStore.create(shop.shop.pool);
    // More streams of two years ago: copies of the demo's, for other customers, chains recomputed.
    for (let n = 0; n < 3; n++) await copyStream(YEAR - 2);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('seals on demand: the head of every CME stream, their Merkle root, and a signature the published keys verify', async () => {
    const { seal: sealed, revision } = await seal();
    expect(revision).toBe(0);
    const { rows } = await pool().query<{ stream_id: string; revision: string }>(
      `SELECT stream_id, max(revision)::text AS revision FROM es_events
        WHERE stream_id LIKE 'cme-%' AND stream_id <> $1 GROUP BY stream_id ORDER BY stream_id COLLATE "C"`,
      [CME_SEALS_STREAM],
    );
    expect(rows.length).toBeGreaterThan(3);
    expect(sealed.streams.map((h) => [h.stream, h.revision])).toEqual(
      rows.map((r) => [r.stream_id, Number(r.revision)]),
    );
    for (const head of sealed.streams.slice(0, 3)) {
      const last = (await store.readStream(head.stream)).at(-1)!;
      expect(head.hash).toBe(sha256Hex(cmeChainText(last)));
    }
    expect(sealed.merkleRoot).toBe(merkleRoot(sealed.streams, sha256Hex));
    expect(sealed.prevHash).toBe(CME_SEAL_GENESIS_HASH);

    // What a board does with the seal from the Kafka topic: verify it with the shop's published keys.
    const verified = await compactVerify(
      sealed.jws,
      createRemoteJWKSet(new URL(`${shop.baseUrl}/.well-known/jwks.json`)),
    );
    expect(verified.protectedHeader).toEqual({ alg: 'EdDSA', kid: sealed.kid, typ: CME_SEAL_JWS_TYPE });
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toEqual({
      merkleRoot: sealed.merkleRoot,
      sealedAt: sealed.sealedAt,
      streams: rows.length,
      prevHash: CME_SEAL_GENESIS_HASH,
      heads: rows.length,
    });
  });

  it('the schedule seals once per period, with two nodes (the shop and the projector process) on one database', async () => {
    const start = new Date(Math.ceil(Date.now() / DAY_MS) * DAY_MS + 3_600_000); // 01:00 UTC tomorrow
    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(start);
    const projectorClock = new FixedClock(start);
    const projector = projectorSeals({
      config: shop.shop.config,
      pool: pool(),
      store,
      clock: projectorClock,
      logger: { info: () => undefined, error: (message) => console.error(message) },
    });
    const scheduled = async () =>
      (await sealsInLog()).filter((s) => s.data.trigger === 'schedule').map((s) => s.data.period);
    try {
      const schedule = shop.app.get(CmeSealSchedule);
      const first = await Promise.all([schedule.runOnce(), projector.runOnce(), schedule.runOnce()]);
      // Whichever node won, one seal was recorded; the other waited and found the period sealed.
      const revisions = first.map((o) => (o?.status === 'sealed' ? o.revision : o?.status));
      expect(new Set(revisions.filter((r) => typeof r === 'number')).size).toBe(1);
      expect(await scheduled()).toEqual([new Date(start.getTime() - 3_600_000).toISOString()]);

      // Later the same day, on both nodes: nothing new.
      const later = new Date(start.getTime() + 20 * 3_600_000);
      jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(later);
      projectorClock.set(later);
      const again = await Promise.all([projector.runOnce(), schedule.runOnce()]);
      expect(again.map((o) => o?.status)).toEqual(['already', 'already']);
      expect(await scheduled()).toHaveLength(1);

      // The next day: one more.
      const nextDay = new Date(start.getTime() + DAY_MS);
      jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(nextDay);
      projectorClock.set(nextDay);
      await Promise.all([projector.runOnce(), schedule.runOnce()]);
      expect(await scheduled()).toEqual([
        new Date(start.getTime() - 3_600_000).toISOString(),
        new Date(start.getTime() - 3_600_000 + DAY_MS).toISOString(),
      ]);
      // Each chained to the one before it.
      const seals = await sealsInLog();
      for (let i = 1; i < seals.length; i++)
        expect(seals[i]!.data.prevHash).toBe(sha256Hex(cmeChainText(seals[i - 1]!)));
    } finally {
      jest.restoreAllMocks();
      await projector.stop();
    }
  });

  it('a seal signed before a key rotation verifies after it with the published keys; --verify passes the untouched log', async () => {
    const before = (await sealsInLog()).at(-1)!.data.kid;
    const rotation = await shop.app.get(PgSigner).rotate();
    expect(rotation.retired).toBe(before);
    const { seal: after } = await seal();
    expect(after.kid).toBe(rotation.kid);
    for (const year of [YEAR, YEAR - 1, YEAR - 2]) expect((await audit(year)).findings).toEqual([]);
  });

  it('the built commands seal on demand, rotate the key, and --verify with the published keys (exit code 0)', async () => {
    const before = (await sealsInLog()).length;
    const sealed = await cli('api/cme-seal/cme-seal.js');
    expect(sealed.stdout).toMatch(
      /^Sealed \d+ CME streams at \S+ \(seal \d+ of cme-seals, \d+ changed since the seal before\): Merkle root [0-9a-f]{64}, signed by key \S+\n$/,
    );
    const seals = await sealsInLog();
    expect(seals).toHaveLength(before + 1);
    expect(seals.at(-1)!.metadata.actorId).toMatch(/^operator:/);

    const oldKid = seals.at(-1)!.data.kid;
    const rotated = await cli('api/signing/keys-rotate.js');
    expect(rotated.stdout).toContain(`; key ${oldKid} retired (still published, what it signed still verifies)`);
    expect((await publishedJwks(pool())).keys.map((k) => k.kid)).toContain(oldKid);

    const audited = await cli('api/cme/cme-audit.js', '--year', String(YEAR - 1), '--verify');
    expect(audited).toMatchObject({ stdout: expect.stringContaining('customer_id') });
    expect((audited as { code?: number }).code).toBeUndefined();
  });

  it('names a stream rewritten in the database with a recomputed, consistent chain', async () => {
    const [target] = (await cmeStreams(YEAR - 1)).filter((s) => s.events >= 3);
    const events = await store.readStream(target!.stream_id);
    // Move the first submit by a second, then recompute every prevHash after it: the chain is whole again.
    const first = events[0]!.data as CmeRecordData;
    first.submittedAt = new Date(Date.parse(first.submittedAt) + 1000).toISOString();
    for (let i = 1; i < events.length; i++) {
      (events[i]!.data as { prevHash: string }).prevHash = sha256Hex(cmeChainText(events[i - 1]!));
    }
    for (const e of events) await rewrite(e);

    const findings = (await audit(YEAR - 1)).findings;
    expect(findings).toEqual([
      {
        stream: target!.stream_id,
        revision: events.length - 1,
        eventId: events.at(-1)!.id,
        problem: expect.stringMatching(
          /^the event at revision \d+ no longer hashes to the hash sealed on .*rewritten at or before/,
        ),
      },
    ]);
  });

  it('names the last event of a stream edited consistently (answers, count and credits together), or deleted, and a stream gone', async () => {
    const streams = (await cmeStreams(YEAR - 2)).filter((s) => s.events >= 2);
    expect(streams.length).toBeGreaterThanOrEqual(3);
    // Edited: one more right answer, half a credit more, the year's total with it; nothing else disagrees.
    let edited: RecordedEvent | undefined;
    for (const s of streams) {
      const last = (await store.readStream(s.stream_id)).at(-1)!;
      const d = last.data as CmeRecordData;
      const key = questionsOf(d.productId)?.key;
      const wrong = key ? d.answers.findIndex((a, i) => a !== key[i]) : -1;
      if (!last.type.startsWith('CmeTest') || wrong < 0 || d.creditsCut > 0 || d.yearTotal > 19.5) continue;
      d.answers[wrong] = key![wrong]!;
      d.correct += 1;
      d.creditsEarned += 0.5;
      d.creditsAwarded += 0.5;
      // A safety product's credits are all safety credits: kept consistent too, so scoring again agrees.
      if (d.safetyCredits > 0) d.safetyCredits += 0.5;
      d.yearTotal += 0.5;
      await rewrite(last);
      edited = last;
      break;
    }
    expect(edited).toBeDefined();
    const others = streams.filter((s) => s.stream_id !== edited!.streamId);
    const shortened = others[0]!.stream_id;
    const gone = others[1]!.stream_id;
    const shortenedEnd = (await store.readStream(shortened)).length - 1;
    await pool().query('DELETE FROM es_events WHERE stream_id = $1 AND revision = $2', [shortened, shortenedEnd]);
    await pool().query('DELETE FROM es_events WHERE stream_id = $1', [gone]);

    const findings = (await audit(YEAR - 2)).findings;
    // Neither the chains (no event after them carries their hash) nor scoring again (the edit is
    // consistent) see any of the three: the seals name each.
    expect(findings).toHaveLength(3);
    expect(findings).toContainEqual({
      stream: edited!.streamId,
      revision: edited!.revision,
      eventId: edited!.id,
      problem: expect.stringContaining(`the event at revision ${edited!.revision} no longer hashes`),
    });
    expect(findings).toContainEqual({
      stream: shortened,
      revision: shortenedEnd,
      eventId: null,
      problem: expect.stringContaining(`revision ${shortenedEnd}, sealed on`),
    });
    expect(findings).toContainEqual({
      stream: gone,
      revision: expect.any(Number),
      eventId: null,
      problem: expect.stringContaining('the stream is gone'),
    });
  });

  it('names a seal whose signature does not verify, whose heads were altered, or that was removed', async () => {
    // A new stream since the last seal: the next seal lists it (and only it).
    const added = await copyStream(YEAR - 2);
    const { seal: last, revision } = await seal();
    expect(last.streams.map((h) => h.stream)).toEqual([added]);
    const seals = await sealsInLog();
    expect(seals.length).toBeGreaterThanOrEqual(5);
    const year = YEAR; // no stream of this year was touched: only the seals' own findings show
    expect((await audit(year)).findings).toEqual([]);

    // 1: another seal's signature put on it.
    const forged = seals[1]!;
    const [header, payload] = seals[0]!.data.jws.split('.');
    forged.data.jws = `${header}.${payload}.${forged.data.jws.split('.')[2]}`;
    await rewrite(forged);
    // 2: a head changed (to hide a rewrite): the root is no longer the root of the heads sealed so far.
    const altered = seals.at(-1)!;
    altered.data.streams[0]!.hash = 'f'.repeat(64);
    await rewrite(altered);
    // 3: removed from the middle.
    await pool().query('DELETE FROM es_events WHERE event_id = $1', [seals[3]!.id]);

    const findings = (await audit(year)).findings;
    const on = (revision: number) =>
      findings.filter((f) => f.stream === CME_SEALS_STREAM && f.revision === revision).map((f) => f.problem);
    expect(on(1)).toEqual([expect.stringContaining("the seal's signature does not verify with the published keys")]);
    // The seals after the removed one count as missing one before them too.
    expect(on(revision)).toEqual([
      `seal(s) missing before revision ${revision}`,
      'the Merkle root is not the root of every head the seals up to it list (this seal or one before was altered)',
    ]);
    expect(on(4)).toEqual([
      'seal(s) missing before revision 4',
      'the seal does not chain to the seal before it (a seal was removed or altered)',
    ]);
    expect(findings.every((f) => f.stream === CME_SEALS_STREAM)).toBe(true);
  });
});
