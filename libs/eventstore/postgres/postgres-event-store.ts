import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { withAdvisoryLock } from '#libs/database/transaction.js';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from '../event-store.port.js';
import { upcast } from '../upcasting.js';
import { type CompactColumns, compactStreamUuid, decodeCompact, encodeCompact } from './compact-events.js';
import {
  APPEND_COMPACT,
  COMPACT_REVISION_CONSTRAINT,
  COMPACT_SCHEMA,
  COMPACT_STREAM_REVISION,
  HEAD_POSITION,
  READ_ALL,
  READ_COMPACT_STREAM,
} from './compact-streams.sql.js';
import {
  APPEND_EVENTS,
  APPENDED_CHANNEL,
  EVENT_STORE_SCHEMA,
  EXPECT_ANY,
  EXPECT_NO_STREAM,
  MAX_EVENTS_PER_APPEND,
  READ_STREAM,
  STREAM_REVISION,
  STREAM_REVISION_CONSTRAINT,
} from './postgres-event-store.sql.js';

/** A row of either table; the compact columns are null (or absent) on an `es_events` row. */
interface EventRow extends Partial<Omit<CompactColumns, 'metadata'>> {
  position: string;
  event_id: string;
  stream_id: string;
  revision: string;
  type: string | null;
  data: unknown;
  metadata: EventMetadata;
}

export interface PostgresEventStoreOptions {
  /** Events a subscription reads per query. */
  batchSize?: number;
  /** A subscriber that missed every notification still looks again after this long. */
  idlePollMs?: number;
}

/** An `any` append that lost a race for the next revision starts again, at most this often. */
const ANY_ATTEMPTS = 50;
/** Events announced but not yet readable (an older transaction is still running): look again after 2, 4 ... ms. */
const HELD_BACK_FIRST_MS = 2;
const HELD_BACK_MAX_MS = 250;
/** While the log is busy (the last read found events), look again after this long even if no notification came. */
const BUSY_POLL_MS = 10;

function toRecorded(row: EventRow): RecordedEvent {
  const { type, data, metadata } =
    row.type_code === null || row.type_code === undefined
      ? { type: row.type ?? '', data: row.data, metadata: row.metadata }
      : decodeCompact({ ...(row as EventRow & CompactColumns), metadata: { ...row.metadata } });
  return upcast({
    id: row.event_id,
    type,
    data,
    metadata,
    streamId: row.stream_id,
    revision: Number(row.revision),
    position: BigInt(row.position),
  });
}

function isPgError(error: unknown): error is { code: string; constraint?: string } {
  return typeof error === 'object' && error !== null && 'code' in error;
}

const toExpectedParameter = (expected: ExpectedRevision): number =>
  expected === 'any' ? EXPECT_ANY : expected === 'no_stream' ? EXPECT_NO_STREAM : expected;

const toActual = (revision: number): number | 'no_stream' => (revision < 0 ? 'no_stream' : revision);

const REVISION_CONSTRAINTS = new Set([STREAM_REVISION_CONSTRAINT, COMPACT_REVISION_CONSTRAINT]);

/** The append of a stream kept in `es_events`. */
function plainAppend(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): pg.QueryConfig {
  const values = [
    streamId,
    toExpectedParameter(expected),
    events.map((e) => e.id ?? randomUUID()),
    events.map((e) => e.type),
    events.map((e) => JSON.stringify(e.data)),
    events.map((e) => JSON.stringify(e.metadata)),
  ];
  return { name: 'es_append_events', text: APPEND_EVENTS, values };
}

/** The append of a stream of the compact category (compact-streams.sql.ts): its uuid, the events as narrow rows. */
function compactAppend(uuid: string, events: readonly NewEvent[], expected: ExpectedRevision): pg.QueryConfig {
  const rows = events.map((e) => encodeCompact({ ...e, id: e.id ?? randomUUID() }));
  const values = [
    uuid,
    toExpectedParameter(expected),
    ...(['id', 'type', 'schemaVersion', 'occurredAt', 'actor', 'correlation', 'data', 'extra'] as const).map((key) =>
      rows.map((row) => row[key]),
    ),
  ];
  return { name: 'es_append_compact', text: APPEND_COMPACT, values };
}

/** A notification's payload as a position (0n when it is not one: a wake-up all the same). */
const toPosition = (payload: string | undefined): bigint => (payload && /^\d+$/.test(payload) ? BigInt(payload) : 0n);

/**
 * The event store on PostgreSQL (the embedded default; docs/event-store.md). An append is one
 * statement in its own transaction, with no lock shared by all writers; readers only read below the
 * oldest transaction still running, so a subscriber never skips an event and sees them in position order.
 *
 * Subscribers of this store wake up as soon as it appends; subscribers elsewhere hear it through
 * NOTIFY es_appended, which this store sends on its own connection after the commit, at most one
 * at a time (appends that commit meanwhile are announced together), so NOTIFY never sits in the
 * append's own commit.
 */
export class PostgresEventStore implements EventStore {
  private readonly batchSize: number;
  private readonly idlePollMs: number;
  /** Subscription loops, to stop on close. */
  private readonly running = new Set<Subscription>();
  /** Subscribers sleeping until an append is announced. */
  private readonly sleepers = new Set<() => void>();
  /** Appends announced so far (here or by NOTIFY), and the highest position announced. */
  private announcements = 0;
  private announced = 0n;
  /** The store's own connection: LISTEN for other processes' appends, NOTIFY ours. */
  private channel: Promise<pg.Client> | null = null;
  private listening = false;
  private publishing = false;
  private unpublished: bigint | null = null;
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    options: PostgresEventStoreOptions,
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.idlePollMs = options.idlePollMs ?? 1000;
  }

  /** Creates the table (idempotent, safe when several processes start at once) and the store. */
  static async create(pool: pg.Pool, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    await withAdvisoryLock(pool, 726101, (client) => client.query(EVENT_STORE_SCHEMA + COMPACT_SCHEMA));
    return new PostgresEventStore(pool, options);
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (events.length > MAX_EVENTS_PER_APPEND) throw new Error(`append takes at most ${MAX_EVENTS_PER_APPEND} events`);
    const compact = compactStreamUuid(streamId);
    const statement =
      compact === null ? plainAppend(streamId, events, expected) : compactAppend(compact, events, expected);
    for (let attempt = 1; ; attempt++) {
      try {
        // Never inside a caller's transaction: the pool runs it in a transaction of its own (autocommit).
        const { rows } = await this.pool.query<{
          current_revision: string;
          last_revision: string | null;
          last_position: string | null;
        }>(statement);
        const row = rows[0]!;
        if (row.last_revision === null || row.last_position === null) {
          throw new WrongExpectedRevisionError(streamId, expected, toActual(Number(row.current_revision)));
        }
        const position = BigInt(row.last_position);
        this.announce(position);
        this.publish(position);
        return { nextExpectedRevision: Number(row.last_revision), position };
      } catch (error) {
        if (!(isPgError(error) && error.code === '23505' && REVISION_CONSTRAINTS.has(error.constraint ?? '')))
          throw error;
        // Another append took the revision between our read and our insert.
        if (expected === 'any' && attempt < ANY_ATTEMPTS) continue;
        throw new WrongExpectedRevisionError(streamId, expected, toActual(await this.streamRevision(streamId)));
      }
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const compact = compactStreamUuid(streamId);
    const { rows } = await this.pool.query<EventRow>(
      compact === null
        ? { name: 'es_read_stream', text: READ_STREAM, values: [streamId] }
        : { name: 'es_read_compact_stream', text: READ_COMPACT_STREAM, values: [compact] },
    );
    return rows.map(toRecorded);
  }

  async readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      name: 'es_read_all',
      text: READ_ALL,
      values: [after.toString(), limit],
    });
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<bigint> {
    const { rows } = await this.pool.query<{ head: string }>(HEAD_POSITION);
    return BigInt(rows[0]?.head ?? '0');
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const { after } = options;
    let stopped = false;
    let wake: (() => void) | null = null;
    const loop = async (): Promise<void> => {
      let position = after;
      let heldBackMs = HELD_BACK_FIRST_MS;
      while (!stopped && !this.closed) {
        const seen = this.announcements;
        const batch = await this.readAll(position, this.batchSize);
        if (options.batchHandler) {
          if (stopped) return;
          if (batch.length > 0) {
            await options.batchHandler(batch);
            position = batch[batch.length - 1]!.position;
          }
        } else {
          for (const event of batch) {
            if (stopped) return;
            await options.handler(event);
            position = event.position;
          }
        }
        if (batch.length > 0) heldBackMs = HELD_BACK_FIRST_MS;
        if (batch.length === this.batchSize || this.announcements !== seen) continue;
        this.listen();
        // Announced but not readable yet: an older transaction still runs; it ends soon, look again soon.
        const heldBack = this.announced > position;
        await new Promise<void>((resolve) => {
          const done = (): void => {
            clearTimeout(timer);
            this.sleepers.delete(done);
            wake = null;
            resolve();
          };
          const wait = heldBack ? heldBackMs : this.idlePollMs;
          const timer = setTimeout(done, batch.length > 0 ? Math.min(wait, BUSY_POLL_MS) : wait);
          this.sleepers.add(done);
          wake = done;
          if (stopped) done();
        });
        heldBackMs = heldBack ? Math.min(heldBackMs * 2, HELD_BACK_MAX_MS) : HELD_BACK_FIRST_MS;
      }
    };
    const done = loop();
    done.catch(() => undefined); // the caller sees the failure through `done`; no unhandled rejection
    const subscription: Subscription = {
      done,
      stop: async () => {
        stopped = true;
        wake?.();
        await done.catch(() => undefined);
      },
    };
    this.running.add(subscription);
    void done.finally(() => this.running.delete(subscription)).catch(() => undefined);
    return subscription;
  }

  /** Stops this store's subscriptions and closes its own connection (not the pool, which the caller owns). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running].map((s) => s.stop()));
    const channel = this.channel;
    this.channel = null;
    if (channel) await (await channel.catch(() => null))?.end().catch(() => undefined);
  }

  private async streamRevision(streamId: string): Promise<number> {
    const compact = compactStreamUuid(streamId);
    const { rows } = await this.pool.query<{ revision: string }>(
      compact === null ? STREAM_REVISION : COMPACT_STREAM_REVISION,
      [compact ?? streamId],
    );
    return Number(rows[0]?.revision ?? -1);
  }

  /** Wakes this process's subscribers: something up to `position` was appended. */
  private announce(position: bigint): void {
    this.announcements++;
    if (position > this.announced) this.announced = position;
    for (const wake of [...this.sleepers]) wake();
  }

  /** Tells other processes (NOTIFY), one notification in flight at a time; never delays the append. */
  private publish(position: bigint): void {
    if (this.closed) return;
    if (this.publishing) {
      if (this.unpublished === null || position > this.unpublished) this.unpublished = position;
      return;
    }
    this.publishing = true;
    void this.connection()
      .then((client) => client.query('SELECT pg_notify($1, $2)', [APPENDED_CHANNEL, position.toString()]))
      .catch(() => undefined) // subscribers elsewhere fall back to their idle poll
      .finally(() => {
        this.publishing = false;
        const next = this.unpublished;
        this.unpublished = null;
        if (next !== null) this.publish(next);
      });
  }

  /** Subscribers need LISTEN; started by the first subscriber that goes to sleep, again after a lost connection. */
  private listen(): void {
    if (this.listening || this.closed) return;
    this.listening = true;
    this.connection()
      .then((client) => client.query(`LISTEN ${APPENDED_CHANNEL}`))
      .catch(() => {
        this.listening = false;
      });
  }

  private connection(): Promise<pg.Client> {
    if (this.channel) return this.channel;
    const options = (this.pool as unknown as { options: pg.ClientConfig }).options;
    const client = new pg.Client(options);
    const channel = client.connect().then(() => client);
    const lost = (): void => {
      // Subscribers keep polling; the next append or sleeping subscriber connects again.
      if (this.channel !== channel) return;
      this.channel = null;
      this.listening = false;
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      // Our own NOTIFY: this process's subscribers were woken when the append returned.
      if (message.processId === (client as unknown as { processID?: number }).processID) return;
      this.announce(toPosition(message.payload));
    });
    channel.catch(lost);
    this.channel = channel;
    return channel;
  }
}
