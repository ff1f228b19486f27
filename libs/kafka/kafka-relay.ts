import { Kafka, Partitioners, logLevel, type LogEntry, type Message, type Producer } from 'kafkajs';
import type pg from 'pg';
import { retryDelay } from '#libs/database/database-fault.js';
import type { EventStore, RecordedEvent, Subscription } from '#libs/eventstore/event-store.port.js';
import { inBatchSpan, SpanKind } from '#libs/tracing/trace-context.js';

/** The fields of a pino logger the relay uses (a pino logger fits). */
export interface RelayLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface KafkaRelayOptions {
  pool: pg.Pool;
  store: EventStore;
  /** Bootstrap brokers, `host:port`. */
  brokers: readonly string[];
  topic: string;
  logger?: RelayLogger;
  /** Checkpoint key in `relay_checkpoints`; defaults to `kafka:<topic>` so a new topic is filled from the start. */
  name?: string;
  clientId?: string;
  /** Events per producer request (default 200). */
  maxBatch?: number;
  /** How long a partial batch waits for more events before it is sent (default 5 ms). */
  lingerMs?: number;
  /** Backoff between failed sends: starts here, doubles, capped at `maxBackoffMs` (defaults 100 / 10000). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/** The JSON value of every message on the topic (docs/operations.md, "Kafka topic contract"). */
export interface RelayedEventEnvelope {
  id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  streamId: string;
  revision: number;
  /** Global position in the event log, as a decimal string (it is a 64-bit integer). */
  position: string;
}

export const RELAY_CHECKPOINT_DDL = `CREATE TABLE IF NOT EXISTS relay_checkpoints (
  name text PRIMARY KEY,
  position bigint NOT NULL
)`;

const silentLogger: RelayLogger = { info: () => {}, warn: () => {}, error: () => {} };

class RelayStoppedError extends Error {
  constructor() {
    super('Kafka relay stopped');
  }
}

export function toEnvelope(event: RecordedEvent): RelayedEventEnvelope {
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position.toString(),
  };
}

export function toMessage(event: RecordedEvent): Message {
  return {
    key: event.streamId,
    value: JSON.stringify(toEnvelope(event)),
    headers: {
      'event-id': event.id,
      'event-type': event.type,
      // The trace of the request that appended it (W3C trace context): a consumer continues it.
      ...(event.metadata.traceparent ? { traceparent: event.metadata.traceparent } : {}),
    },
  };
}

/**
 * Publishes every event of the log to one Kafka topic, at least once (docs/conventions.md, scaled-out
 * integration bus). Key = stream id, so one stream's events share a partition and keep their order;
 * header `event-id` lets consumers drop the duplicates a restart or a retried send can produce.
 * The checkpoint advances only after the broker acknowledged the batch (acks = all, idempotent producer).
 */
export class KafkaRelay {
  private readonly pool: pg.Pool;
  private readonly store: EventStore;
  private readonly topic: string;
  private readonly name: string;
  private readonly logger: RelayLogger;
  private readonly maxBatch: number;
  private readonly lingerMs: number;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly kafka: Kafka;
  private producer: Producer | undefined;
  private subscription: Subscription | undefined;
  private buffer: RecordedEvent[] = [];
  private flushChain: Promise<void> = Promise.resolve();
  private lingerTimer: NodeJS.Timeout | undefined;
  private stopping = false;
  private running: Promise<void> | undefined;
  private starting: Promise<void> | undefined;
  private checkpoint = 0n;
  private started = false;
  private readonly sleepers = new Set<() => void>();

  constructor(options: KafkaRelayOptions) {
    this.pool = options.pool;
    this.store = options.store;
    this.topic = options.topic;
    this.name = options.name ?? `kafka:${options.topic}`;
    this.logger = options.logger ?? silentLogger;
    this.maxBatch = options.maxBatch ?? 200;
    this.lingerMs = options.lingerMs ?? 5;
    this.minBackoffMs = options.minBackoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 10000;
    const logger = this.logger;
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'shop-kafka-relay',
      brokers: [...options.brokers],
      logLevel: logLevel.WARN,
      // kafkajs retries what it logs as errors; our own loop reports a send that finally failed.
      logCreator: () => (entry: LogEntry) => {
        const { message, ...extra } = entry.log;
        // Bounded inner retries are deliberate: a resend after them may duplicate, which at-least-once allows.
        if (message.startsWith('Limiting retries for the idempotent producer')) return;
        logger.warn({ kafkajs: entry.namespace, ...extra }, message);
      },
      // Short inner retries: the relay's own loop (withBackoff) keeps trying for as long as it takes.
      retry: { initialRetryTime: 100, maxRetryTime: 2000, retries: 3 },
    });
  }

  /** Position of the last event the broker acknowledged (what a restart continues after). */
  get position(): bigint {
    return this.checkpoint;
  }

  /**
   * Creates the checkpoint table, connects the producer and starts following the log. While the
   * broker is unreachable it keeps retrying (and does not resolve); `stop()` ends that wait.
   */
  async start(): Promise<void> {
    if (this.started) throw new Error('Kafka relay already started');
    this.started = true;
    this.stopping = false;
    this.starting = this.connectAndFollow();
    try {
      await this.starting;
    } catch (error) {
      this.started = false;
      throw error;
    }
  }

  private async connectAndFollow(): Promise<void> {
    await this.pool.query(RELAY_CHECKPOINT_DDL);
    const { rows } = await this.pool.query<{ position: string }>(
      'SELECT position::text AS position FROM relay_checkpoints WHERE name = $1',
      [this.name],
    );
    this.checkpoint = rows[0] ? BigInt(rows[0].position) : 0n;
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: true,
    });
    const producer = this.producer;
    try {
      // A broker that is not up yet is waited for (with backoff), not a reason to exit.
      await this.withBackoff('connect', async () => {
        await producer.connect();
        await this.ensureTopic();
      });
    } catch (error) {
      if (this.stopping) return;
      throw error;
    }
    this.logger.info({ topic: this.topic, after: this.checkpoint.toString() }, 'kafka relay started');
    this.running = this.run();
  }

  /** Stops following the log, publishes what is buffered (one attempt) and disconnects. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.stopping = true;
    for (const wake of this.sleepers) wake();
    await this.starting?.catch(() => {});
    await this.subscription?.stop().catch(() => {});
    await this.running;
    clearTimeout(this.lingerTimer);
    await this.flush().catch(() => {});
    await this.producer?.disconnect().catch(() => {});
    this.running = undefined;
    this.starting = undefined;
    this.subscription = undefined;
    this.producer = undefined;
    this.started = false;
    this.logger.info({ topic: this.topic, position: this.checkpoint.toString() }, 'kafka relay stopped');
  }

  /** Follows $all from the checkpoint; a failed subscription resumes from the last acknowledged event. */
  private async run(): Promise<void> {
    let failures = 0;
    let failure: unknown = null;
    while (!this.stopping) {
      this.subscription = this.store.subscribeToAll({ after: this.checkpoint, handler: (e) => this.onEvent(e) });
      try {
        await this.subscription.done;
        failures = 0;
      } catch (error) {
        if (this.stopping) break;
        failures += 1;
        failure = error;
        this.logger.error({ err: error, topic: this.topic }, 'kafka relay subscription failed; resuming');
      }
      // Whatever was buffered goes out before resubscribing, so the resumed position is exact.
      await this.flush().catch(() => {});
      // The database away: at most 1 s between tries (retryDelay), so it resumes soon after its return.
      if (!this.stopping && failures > 0) await this.sleep(retryDelay(this.backoff(failures), failure));
    }
  }

  private async onEvent(event: RecordedEvent): Promise<void> {
    if (this.stopping) throw new RelayStoppedError();
    this.buffer.push(event);
    if (this.buffer.length >= this.maxBatch) {
      await this.flush();
    } else if (!this.lingerTimer) {
      this.lingerTimer = setTimeout(() => {
        this.lingerTimer = undefined;
        this.flush().catch(() => {});
      }, this.lingerMs);
    }
  }

  /** Sends the buffer and then stores the checkpoint; flushes run one after another. */
  private flush(): Promise<void> {
    const next = this.flushChain.then(() => this.flushOnce());
    this.flushChain = next.catch(() => {});
    return next;
  }

  private async flushOnce(): Promise<void> {
    clearTimeout(this.lingerTimer);
    this.lingerTimer = undefined;
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.maxBatch);
      const last = batch[batch.length - 1]!;
      try {
        // A span per publish in the trace of the request that appended the events (docs/operations.md, Traces).
        await inBatchSpan(
          `kafka.publish ${this.topic}`,
          batch,
          {
            kind: SpanKind.PRODUCER,
            attributes: {
              'messaging.system': 'kafka',
              'messaging.destination.name': this.topic,
              'messaging.batch.message_count': batch.length,
            },
          },
          () =>
            this.withBackoff('send', async () => {
              await this.producer!.send({ topic: this.topic, acks: -1, messages: batch.map(toMessage) });
            }),
        );
        await this.withBackoff('checkpoint', async () => {
          await this.pool.query(
            `INSERT INTO relay_checkpoints (name, position) VALUES ($1, $2)
             ON CONFLICT (name) DO UPDATE SET position = GREATEST(relay_checkpoints.position, EXCLUDED.position)`,
            [this.name, last.position.toString()],
          );
        });
      } catch (error) {
        // Stopped while the broker was away: the unsent events stay after the checkpoint and go out on restart.
        this.buffer = [];
        throw error;
      }
      this.checkpoint = last.position;
    }
  }

  private async ensureTopic(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      // Asking first keeps a restart quiet: the client logs a refused creation as an error.
      if ((await admin.listTopics()).includes(this.topic)) return;
      await admin.createTopics({ topics: [{ topic: this.topic }], waitForLeaders: true });
    } catch (error) {
      // The topic may be managed elsewhere (or creation forbidden): sending still works when it exists.
      this.logger.warn({ err: error, topic: this.topic }, 'kafka relay could not create the topic');
    } finally {
      await admin.disconnect();
    }
  }

  /** Retries `action` with exponential backoff until it succeeds; gives up (once tried) when stopping. */
  private async withBackoff(what: string, action: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await action();
        return;
      } catch (error) {
        if (this.stopping) throw error;
        const delay = retryDelay(this.backoff(attempt), error);
        this.logger.warn({ err: error, topic: this.topic, attempt, retryInMs: delay }, `kafka relay ${what} failed`);
        await this.sleep(delay);
        if (this.stopping) throw new RelayStoppedError();
      }
    }
  }

  private backoff(attempt: number): number {
    return Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** Math.min(attempt - 1, 20));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}
