import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { findProduct } from '#libs/catalog/products.queries.js';
import type { CmeTestType } from '#libs/contracts/cme.js';
import { encryptCmeLicence } from '#libs/crypto/cme-licence.js';
import { encryptDob } from '#libs/crypto/dob.js';
import type { SubmitCmeTest } from '#libs/domain/cme/cme.commands.js';
import { cmeStreamId } from '#libs/domain/cme/cme.events.js';
import type { Decider, DomainEvent } from '#libs/domain/kernel/decider.js';
import { videoMediaStreamId } from '#libs/domain/streaming/video-media.js';
import { type ViewingCommand, viewingDecider, viewingStreamId } from '#libs/domain/streaming/viewing.js';
import type { EventStore, NewEvent } from '#libs/eventstore/event-store.port.js';
import type { ActivityFacts, ActivityFactsOf } from '../../apps/api/cme/cme-audit-credits.js';
import { productsWithTests, questionsOf } from '../../apps/api/cme/cme-questions.js';
import { cmeDecider } from '../../apps/api/cme/cme-hash.js';
import { customerRegistered } from './events.js';
import { schemaVersionOf } from '#libs/domain/event-versions.js';

/**
 * A CME log of a chosen size for the audit's bench (`npm run bench -- audit`, docs/performance.md) and
 * its tests: physicians who register (with a date of birth and a licence, so the PARS export has every
 * field), watch two videos of CME products (a heartbeat every 30 s, a long view after ten minutes) and
 * take their tests, each stream decided by the project's own deciders (the CME chain, the viewing's
 * evidence) and appended whole, one append per stream. Self-contained: it needs an event store and the
 * activities (catalogActivities reads them from an imported catalog).
 */

/** One CME activity as the test page scores it: the product, its key, credits and safety category. */
export interface BenchActivity extends ActivityFacts {
  testType: CmeTestType;
  productId: number;
  productName: string;
}

/** The activities of the products with a test in the catalog of `pool` (the demo catalog, imported). */
export async function catalogActivities(pool: Pool, factsOf: ActivityFactsOf): Promise<BenchActivity[]> {
  const found: BenchActivity[] = [];
  for (const productId of productsWithTests()) {
    const product = await findProduct(pool, productId);
    for (const testType of ['module', 'streaming'] as const) {
      const facts = product ? await factsOf(testType, productId) : null;
      if (product && facts) found.push({ testType, productId, productName: product.NAME, ...facts });
    }
  }
  if (found.length < 4) throw new Error('the catalog holds fewer than 4 CME activities: import the demo catalog');
  return found;
}

/**
 * Four activities without a catalog, for tests: products with a test (their answer keys from
 * cme-questions.json), 2 credits each, the first one's safety credits; modules and streaming tests.
 */
export function questionActivities(productIds: readonly number[] = [160, 258, 262, 264]): BenchActivity[] {
  return productIds.map((productId, i) => {
    const questions = questionsOf(productId);
    if (!questions) throw new Error(`product ${productId} has no test`);
    const testType: CmeTestType = i % 2 === 0 ? 'module' : 'streaming';
    return {
      testType,
      productId,
      productName: `Activity ${productId}`,
      key: questions.key,
      credits: 2,
      safety: i === 0,
    };
  });
}

/** The same activities as an ActivityFactsOf (what `--verify` scores with). */
export const activityFactsOf =
  (activities: readonly BenchActivity[]): ActivityFactsOf =>
  (testType, productId) =>
    Promise.resolve(activities.find((a) => a.testType === testType && a.productId === productId) ?? null);

export interface CmeLogOptions {
  /** About how many events to append (whole physicians: it stops at the first physician past it). */
  events: number;
  year: number;
  activities: readonly BenchActivity[];
  /** DOB_ENCRYPTION_KEY the dates of birth and licences are encrypted with. */
  dobKey: string;
  /** Streams appended at once (default 8). */
  concurrency?: number;
  /** Heartbeats per viewing (default 22: a long view at the 21st). */
  heartbeats?: number;
  /** The first physician's number (default 0): a log grown again continues from where it stopped, without the media. */
  firstPhysician?: number;
  /** Called after each physician with the events appended so far. */
  progress?: (events: number) => void;
}

export interface CmeLogSize {
  events: number;
  physicians: number;
  cmeEvents: number;
}

const VIDEO_SECONDS = 1800;
const DAY_MS = 86_400_000;

const metadataOf = (actorId: string, occurredAt: string, type = '') => ({
  correlationId: randomUUID(),
  causationId: randomUUID(),
  actorId,
  occurredAt,
  // The version each type is written in today (a heartbeat is version 2), as decideAndAppend stamps it.
  schemaVersion: schemaVersionOf(type),
});

/** Decides the commands one after the other from a new stream: the events they record, in order. */
function decideAll<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, commands: readonly C[]): E[] {
  let state = decider.initialState;
  const events: E[] = [];
  for (const command of commands) {
    const decided = decider.decide(command, state);
    state = decided.reduce(decider.evolve, state);
    events.push(...decided);
  }
  return events;
}

const asNew = (events: readonly DomainEvent[], actorId: string, times: readonly string[]): NewEvent[] =>
  events.map((e, i) => ({
    id: randomUUID(),
    type: e.type,
    data: e.data,
    metadata: metadataOf(actorId, times[i]!, e.type),
  }));

/** The key with the last `4 - right` answers turned wrong (as the demo seed answers). */
const answersWith = (key: readonly number[], right: number): number[] =>
  key.map((k, i) => (i < right ? k : (k + 1) % 4));

/** When a viewing event happened: as its data says, or (a heartbeat of version 2 says none) the one before it. */
const viewingTimes = (events: readonly DomainEvent[], heartbeatTimes: readonly string[]): string[] => {
  let heartbeat = 0;
  return events.map((e) => {
    const d = e.data as { startedAt?: string; reachedAt?: string };
    return d.startedAt ?? (e.type === 'WatchIntervalsReported' ? heartbeatTimes[heartbeat++]! : (d.reachedAt ?? ''));
  });
};

/** One physician's streams: [stream id, events] each. */
function physician(n: number, options: CmeLogOptions): [string, NewEvent[]][] {
  const { year, activities } = options;
  const registered = customerRegistered(n);
  const customerId = (registered.event.data as { customerId: string }).customerId;
  // Each physician's year starts on a day of January to October, at a minute of the day.
  const t0 = Date.UTC(year, 0, 1 + (n % 300), 8, n % 60);
  const at = (ms: number) => new Date(t0 + ms).toISOString();
  const dob = `${String((n % 12) + 1).padStart(2, '0')}/${String((n % 28) + 1).padStart(2, '0')}/19${60 + (n % 30)}`;
  const licence = { licenseState: 'IL', licenseNumber: `036-${100000 + n}`, boardId: null };
  const customer: NewEvent[] = [
    registered.event,
    {
      type: 'DateOfBirthRecorded',
      data: { customerId, dobEncrypted: encryptDob(dob, options.dobKey), recordedAt: at(60_000) },
      metadata: metadataOf(customerId, at(60_000)),
    },
    {
      type: 'CmeLicenceRecorded',
      data: { customerId, licenceEncrypted: encryptCmeLicence(licence, options.dobKey), recordedAt: at(60_000) },
      metadata: metadataOf(customerId, at(60_000)),
    },
  ];
  const streams: [string, NewEvent[]][] = [[registered.streamId, customer]];
  const taken = [0, 1, 2, 3].map((i) => activities[(n + i) % activities.length]!);
  // Two viewings, of the first two activities' products.
  for (const [v, activity] of taken.slice(0, 2).entries()) {
    const viewingId = randomUUID();
    const start = DAY_MS * v + 3_600_000;
    const commands: ViewingCommand[] = [
      {
        type: 'StartViewing',
        viewingId,
        customerId,
        productId: activity.productId,
        videoId: videoOf(activity.productId),
        planType: 2,
        now: at(start),
      },
    ];
    for (let k = 0; k < (options.heartbeats ?? 22); k++) {
      commands.push({
        type: 'ReportWatched',
        customerId,
        intervals: [[k * 30, k * 30 + 30]],
        position: k * 30 + 30,
        served: [[0, VIDEO_SECONDS]],
        durationSeconds: VIDEO_SECONDS,
        now: at(start + (k + 1) * 30_000),
      });
    }
    const events = decideAll(viewingDecider, commands);
    // Each heartbeat here changes the viewing: one WatchIntervalsReported per ReportWatched, at its `now`.
    const times = viewingTimes(
      events,
      commands.filter((c) => c.type === 'ReportWatched').map((c) => c.now),
    );
    streams.push([viewingStreamId(viewingId), asNew(events, customerId, times)]);
  }
  // Four tests after the viewings (3 right answers, then all 4 on the first one's retake, then 2).
  const submits: SubmitCmeTest[] = [];
  const submit = (activity: BenchActivity, right: number, day: number): void => {
    submits.push({
      type: 'SubmitCmeTest',
      customerId,
      year,
      newRecordId: randomUUID(),
      testType: activity.testType,
      productId: activity.productId,
      productName: activity.productName,
      productCredits: activity.credits,
      safety: activity.safety,
      answers: answersWith(activity.key, right),
      key: [...activity.key],
      lastLongViewAt: null,
      retakeByViewing: true,
      now: at(DAY_MS * day + 7_200_000),
    });
  };
  taken.forEach((activity, i) => submit(activity, 3, 2 + i));
  submit(taken[0]!, 4, 10);
  submit(taken[1]!, 2, 14);
  const cme = decideAll(cmeDecider, submits);
  streams.push([
    cmeStreamId(customerId, year),
    asNew(
      cme,
      customerId,
      submits.map((s) => s.now),
    ),
  ]);
  return streams;
}

/** The bench's video of a product: one per product. */
const videoOf = (productId: number): number => productId * 10 + 1;

/** One VideoMediaImported per product of the activities (with chapters): the evidence counts chapters. */
function mediaImports(activities: readonly BenchActivity[], year: number): [string, NewEvent[]][] {
  const products = [...new Set(activities.map((a) => a.productId))];
  const now = new Date(Date.UTC(year, 0, 1)).toISOString();
  return products.map((productId) => [
    videoMediaStreamId(videoOf(productId)),
    [
      {
        type: 'VideoMediaImported',
        data: {
          productId,
          videoId: videoOf(productId),
          mediaId: `bench-${productId}`,
          durationSeconds: VIDEO_SECONDS,
          renditions: [{ name: '720p', width: 1280, height: 720, bandwidth: 2_500_000, segments: 300 }],
          chapters: [0, 300, 600, 900, 1200, 1500].map((start, i) => ({ start, title: `Part ${i + 1}` })),
          captions: false,
          source: { name: `bench-${productId}.mp4`, bytes: 1, sha256: '0'.repeat(64) },
          files: [],
          importedAt: now,
        },
        metadata: metadataOf('system', now),
      },
    ],
  ]);
}

/**
 * Appends the log: the media first, then physicians until `events` is reached, `concurrency` streams
 * at a time, each stream in one append (expected: a new stream).
 */
export async function appendCmeLog(store: EventStore, options: CmeLogOptions): Promise<CmeLogSize> {
  const size: CmeLogSize = { events: 0, physicians: 0, cmeEvents: 0 };
  const append = async ([stream, events]: [string, NewEvent[]]) => {
    await store.append(stream, events, 'no_stream');
    size.events += events.length;
    if (stream.startsWith('cme-')) size.cmeEvents += events.length;
  };
  let next = options.firstPhysician ?? 0;
  if (next === 0) for (const stream of mediaImports(options.activities, options.year)) await append(stream);
  const concurrency = options.concurrency ?? 8;
  const worker = async () => {
    while (size.events < options.events) {
      const n = next++;
      for (const stream of physician(n, options)) await append(stream);
      size.physicians += 1;
      options.progress?.(size.events);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return size;
}
