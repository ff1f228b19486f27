import { randomUUID } from 'node:crypto';
import pg from 'pg';
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
import { EVENT_STORE_SCHEMA } from './postgres-event-store.sql.js';

interface EventRow {
  position: string;
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

const SELECT_EVENT = 'SELECT position, event_id, stream_id, revision, type, data, metadata FROM es_events';
const SUBSCRIPTION_BATCH = 500;
/** A subscriber that missed a notification still catches up within this time. */
const IDLE_POLL_MS = 1000;

function toRecorded(row: EventRow): RecordedEvent {
  return upcast({
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: Number(row.revision),
    position: BigInt(row.position),
  });
}

function isPgError(error: unknown): error is { code: string; detail?: string } {
  return typeof error === 'object' && error !== null && 'code' in error;
}

/**
 * The event store on PostgreSQL (the embedded default). Appends run the `es_append` function in
 * one round trip; subscribers read by global position and wake up on NOTIFY `es_appended`.
 */
export class PostgresEventStore implements EventStore {
  private readonly listeners = new Set<() => void>();
  private listenClient: pg.Client | null = null;
  private listenStarting: Promise<void> | null = null;
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string | undefined,
  ) {}

  /** Creates the tables and the append function (idempotent, safe when several processes start at once). */
  static async create(pool: pg.Pool): Promise<PostgresEventStore> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(726101)');
      await client.query(EVENT_STORE_SCHEMA);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    const options = (pool as unknown as { options: pg.PoolConfig }).options;
    return new PostgresEventStore(pool, options.connectionString);
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const mode = expected === 'any' ? 'any' : expected === 'no_stream' ? 'no_stream' : 'exact';
    try {
      const { rows } = await this.pool.query<{ next_revision: string; last_position: string }>(
        'SELECT next_revision, last_position FROM es_append($1, $2, $3, $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[])',
        [
          streamId,
          mode,
          typeof expected === 'number' ? expected : null,
          events.map((e) => e.id ?? randomUUID()),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
        ],
      );
      const row = rows[0];
      if (!row) throw new Error('es_append returned nothing');
      return { nextExpectedRevision: Number(row.next_revision), position: BigInt(row.last_position) };
    } catch (error) {
      if (isPgError(error) && error.code === 'ES409') {
        const actual = Number(error.detail);
        throw new WrongExpectedRevisionError(streamId, expected, actual < 0 ? 'no_stream' : actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(`${SELECT_EVENT} WHERE stream_id = $1 ORDER BY revision`, [
      streamId,
    ]);
    return rows.map(toRecorded);
  }

  async readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(`${SELECT_EVENT} WHERE position > $1 ORDER BY position LIMIT $2`, [
      after.toString(),
      limit,
    ]);
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<bigint> {
    const { rows } = await this.pool.query<{ head: string }>(
      'SELECT coalesce(max(position), 0) AS head FROM es_events',
    );
    return BigInt(rows[0]?.head ?? '0');
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const { after } = options;
    let stopped = false;
    let wake: (() => void) | null = null;
    const onAppend = (): void => wake?.();
    this.listeners.add(onAppend);
    const idle = (): Promise<void> =>
      new Promise((resolve) => {
        const timer = setTimeout(resolve, IDLE_POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const loop = async (): Promise<void> => {
      await this.ensureListening();
      let position = after;
      while (!stopped) {
        const batch = await this.readAll(position, SUBSCRIPTION_BATCH);
        if (options.batchHandler) {
          if (batch.length > 0 && !stopped) {
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
        if (batch.length < SUBSCRIPTION_BATCH && !stopped) await idle();
      }
    };
    const done = loop().finally(() => this.listeners.delete(onAppend));
    return {
      done,
      stop: async () => {
        stopped = true;
        wake?.();
        await done.catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wakeUp of this.listeners) wakeUp();
    const client = this.listenClient;
    this.listenClient = null;
    await client?.end().catch(() => undefined);
  }

  /** One dedicated connection LISTENs for appends and wakes every subscriber of this store. */
  private ensureListening(): Promise<void> {
    if (this.listenClient || this.closed) return Promise.resolve();
    this.listenStarting ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('error', () => {
        // The idle poll keeps subscribers going; a new listener is made on the next subscription.
        this.listenClient = null;
        this.listenStarting = null;
      });
      await client.connect();
      client.on('notification', () => {
        for (const wakeUp of this.listeners) wakeUp();
      });
      await client.query('LISTEN es_appended');
      this.listenClient = client;
    })();
    return this.listenStarting;
  }
}
