import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_STORE } from '#apps/api/infrastructure/tokens.js';
import { auditCsv, evidenceText } from '#apps/api/cme/cme-audit-format.js';
import { chaptersCovered, cmeAudit } from '#apps/api/cme/cme-audit-report.js';
import { Clock } from '#libs/application/clock.js';
import { type Interval, union } from '#libs/domain/streaming/intervals.js';
import { type VideoStarted, viewingStreamId, type WatchIntervalsReported } from '#libs/domain/streaming/viewing.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { APPEND_EVENTS, EXPECT_NO_STREAM } from '#libs/eventstore/postgres/postgres-event-store.sql.js';
import { useTestShop } from '../support/app.js';
import { type HlsFixture, hlsFixture } from '../support/hls-fixture.js';
import { playbackClient } from './playback-client.js';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-audit-evidence-'));
const YEAR = new Date().getUTCFullYear();
const CHAPTERS = [
  { start: 0, title: 'Markings' },
  { start: 120, title: 'Incision' },
  { start: 300, title: 'Closure' },
  { start: 480, title: 'Dressings' },
];

/** The CME audit's viewing evidence (issue 22): each viewing's unique seconds and the chapters it covered. */
describe('CME audit: viewing evidence', () => {
  const shop = useTestShop({ seedDemo: true, env: { DATA_DIR: dataDir } });
  const { open, play, heartbeat, get, login } = playbackClient(() => shop.baseUrl);
  let media: HlsFixture;
  /** The viewing the first case recorded through the API (heartbeats of version 2). */
  let recordedViewing: string;

  beforeAll(async () => {
    // cme@demo.test holds a CME record of product 258 this year (the demo data); its first video, 10 minutes.
    media = await hlsFixture(shop, { productId: 258, videoId: 5031, durationSeconds: 600, chapters: CHAPTERS });
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a chapter counts as covered once half of it was watched', () => {
    const facts = { durationSeconds: 600, chapters: CHAPTERS };
    expect(chaptersCovered(facts, [[0, 60]])).toEqual(['Markings']);
    expect(chaptersCovered(facts, [[0, 59]])).toEqual([]);
    expect(
      chaptersCovered(facts, [
        [130, 210],
        [480, 540],
      ]),
    ).toEqual(['Dressings']);
    expect(chaptersCovered({ durationSeconds: 600, chapters: [] }, [[0, 600]])).toEqual([]);
  });

  it('lists the unique seconds and the chapters covered of each viewing of the product', async () => {
    const clock = shop.app.get(Clock);
    const t0 = Date.now();
    const at = (ms: number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(ms));
    at(t0);
    const token = await login('cme@demo.test');
    const playback = await open(token, 258, 5031);
    await play(token, 258, 5031, playback.viewingId);
    // Watched: the first chapter whole, then a skip into Closure; the last chapter was claimed, never fetched.
    for (const s of media.segments.filter((x) => x.from < 120 || (x.from >= 300 && x.from < 400))) {
      expect((await get(`${playback.base}720p/${s.name}`, { cookie: playback.cookie })).status).toBe(200);
    }
    at(t0 + 5 * 60_000);
    const beat = await heartbeat(token, playback.viewingId, [
      [0, 120],
      [300, 400],
      [480, 600],
    ]);
    expect(beat.body.WATCHED).toBe(220);

    const store = shop.app.get<EventStore>(EVENT_STORE);
    const report = await cmeAudit(store, { year: YEAR, email: 'cme@demo.test' });
    const line = report.lines.find((l) => l.productId === 258)!;
    const evidence = line.evidence.find((v) => v.viewingId === playback.viewingId);
    expect(evidence).toMatchObject({
      videoId: 5031,
      uniqueSeconds: 220,
      chapters: 4,
      chaptersCovered: ['Markings', 'Closure'],
      longViewAt: null,
    });
    expect(evidenceText(evidence!)).toMatch(
      /^video 5031 started \S+, 220 unique s, chapters 2\/4 \(Markings; Closure\)$/,
    );
    expect(auditCsv(report)).toContain('220 unique s, chapters 2/4 (Markings; Closure)');
    recordedViewing = playback.viewingId;
  });

  it('the same viewing recorded as version 1 wrote it (the whole watched set, in es_events) gives the same evidence', async () => {
    const store = shop.app.get<EventStore>(EVENT_STORE);
    const events = await store.readStream(viewingStreamId(recordedViewing));
    const heartbeats = events.filter((e) => e.type === 'WatchIntervalsReported');
    expect(heartbeats.length).toBeGreaterThan(0);
    expect(heartbeats.every((e) => e.metadata.schemaVersion === 2 && !('watched' in (e.data as object)))).toBe(true);
    // The copy: another viewing id, each heartbeat with the ids and everything watched so far.
    const copy = randomUUID();
    const start = events.find((e) => e.type === 'VideoStarted')!.data as VideoStarted['data'];
    let watched: Interval[] = [];
    const old = events.map((e) => {
      if (e.type === 'VideoStarted') return { ...e, data: { ...start, viewingId: copy } };
      if (e.type !== 'WatchIntervalsReported') return { ...e, data: { ...(e.data as object), viewingId: copy } };
      const { added, ...rest } = e.data as WatchIntervalsReported['data'];
      watched = union(watched, added);
      const data = { ...start, viewingId: copy, ...rest, watched, reportedAt: e.metadata.occurredAt };
      delete (data as Partial<typeof data>).planType;
      delete (data as Partial<typeof data>).startedAt;
      return { ...e, data, metadata: { ...e.metadata, schemaVersion: 1 } };
    });
    await shop.shop.pool.query(APPEND_EVENTS, [
      viewingStreamId(copy),
      EXPECT_NO_STREAM,
      old.map(() => randomUUID()),
      old.map((e) => e.type),
      old.map((e) => JSON.stringify(e.data)),
      old.map((e) => JSON.stringify(e.metadata)),
    ]);

    const report = await cmeAudit(store, { year: YEAR, email: 'cme@demo.test' });
    const evidence = report.lines.find((l) => l.productId === 258)!.evidence;
    const of = (viewingId: string) => {
      const { viewingId: _id, ...rest } = evidence.find((v) => v.viewingId === viewingId)!;
      return rest;
    };
    expect(of(copy)).toEqual(of(recordedViewing));
    expect(of(copy)).toMatchObject({ uniqueSeconds: 220, chaptersCovered: ['Markings', 'Closure'] });
  });
});
