import type pg from 'pg';
import type { EventStore, Subscription } from '#libs/eventstore/event-store.port.js';
import { retryDelay } from '#libs/database/database-fault.js';
import { inTransaction } from '#libs/database/transaction.js';
import { inBatchSpan } from '#libs/tracing/trace-context.js';
import { applyBatch, connectPipelined, ensureCheckpointTable } from './projection-batch.js';
import type { ReadModel } from './read-model.js';

export { CHECKPOINT_CHANNEL, ensureCheckpointTable } from './projection-batch.js';
export { CheckpointWaiter, type ProjectionWaiter } from './checkpoint-waiter.js';

/** The few logger methods the runtime uses (pino's shape). */
export interface ProjectorLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silent: ProjectorLogger = { info: () => undefined, error: () => undefined };

/** Events per transaction when replaying the log (rebuild). */
const REPLAY_BATCH = 1000;
/**
 * After a failure the projector starts again from its checkpoints after 0.5 s, 1 s, 2 s ... at most
 * 30 s; while the database is away, at most 1 s (retryDelay), so it follows again soon after its return.
 */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/** Drops a model's tables, creates them again and sets its checkpoint to the start of the log. */
async function resetModel(client: pg.PoolClient, model: ReadModel): Promise<void> {
  for (const table of model.tables) await client.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
  await client.query(model.schema);
  await client.query(
    `INSERT INTO projection_checkpoints (name, position, version) VALUES ($1, 0, $2)
     ON CONFLICT (name) DO UPDATE SET position = 0, version = $2`,
    [model.name, model.version],
  );
}

/**
 * Drops and rebuilds the given read models from the whole event log (`npm run projections:rebuild`,
 * and at start for a model whose version changed). Replays in batches of 1,000 events, one transaction each.
 */
export async function rebuildReadModels(
  pool: pg.Pool,
  store: EventStore,
  models: readonly ReadModel[],
): Promise<{ events: number; position: bigint }> {
  await ensureCheckpointTable(pool);
  await inTransaction(pool, async (client) => {
    for (const model of models) await resetModel(client, model);
  });
  let position = 0n;
  let events = 0;
  const client = await connectPipelined(pool);
  try {
    for (;;) {
      const batch = await store.readAll(position, REPLAY_BATCH);
      if (batch.length === 0) break;
      await applyBatch(client, models, batch);
      position = batch[batch.length - 1]!.position;
      events += batch.length;
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  return { events, position };
}

export interface ProjectorOptions {
  pool: pg.Pool;
  store: EventStore;
  readModels: readonly ReadModel[];
  logger?: ProjectorLogger;
  /** Told of each failed batch with the models it held back (all of them: a batch is one transaction); the metrics count it. */
  onFailure?: (models: string[], error: unknown) => void;
}

/**
 * Runs the read models (docs/conventions.md): one catch-up subscription to $all from the lowest
 * checkpoint feeds every model. Each batch the subscription hands over (live: what one read found,
 * often one append; behind: every event up to 500 that arrived meanwhile) is applied in one
 * transaction with the checkpoints it moves, on a pipelined connection of the projector's own
 * (`applyBatch`), and `NOTIFY projection_checkpoint` (sent at commit) tells waiting command endpoints.
 * On any failure (database gone, a model's apply throwing) the failed batch leaves nothing behind:
 * the projector logs it and starts again from its checkpoints after a growing pause.
 */
export class Projector {
  private readonly logger: ProjectorLogger;
  private running = false;
  /** The current subscription; null while stopped or waiting to retry. */
  private subscription: Subscription | null = null;
  /** The pipelined connection the current subscription's batches are applied on. */
  private connection: pg.Client | null = null;
  /** A failed subscription winding down. */
  private ending: Promise<void> = Promise.resolve();
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = RETRY_FIRST_MS;

  constructor(private readonly options: ProjectorOptions) {
    this.logger = options.logger ?? silent;
  }

  /** Prepares the checkpoint table, rebuilds models whose version changed or whose tables are missing, then follows the log. */
  async start(): Promise<void> {
    const { pool, store } = this.options;
    await ensureCheckpointTable(pool);
    const stale = await this.modelsToRebuild();
    if (stale.length > 0) {
      const result = await rebuildReadModels(pool, store, stale);
      this.logger.info(
        { models: stale.map((m) => m.name), events: result.events },
        'read models rebuilt (new version or missing tables)',
      );
    }
    this.running = true;
    await this.follow();
  }

  /** Stops following the log; resolves once nothing more will be written. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    await this.ending;
    await this.disconnect();
  }

  /** Per model: its checkpoint and how far (in positions) it is behind the head of the log; 0 when caught up. */
  async positions(): Promise<{ name: string; position: bigint; lag: bigint }[]> {
    const head = await this.options.store.headPosition();
    const { rows } = await this.options.pool.query<{ name: string; position: string }>(
      'SELECT name, position FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name',
      [this.options.readModels.map((m) => m.name)],
    );
    return rows.map((r) => {
      const position = BigInt(r.position);
      return { name: r.name, position, lag: head > position ? head - position : 0n };
    });
  }

  private async follow(): Promise<void> {
    const { pool, store, readModels } = this.options;
    const { rows } = await pool.query<{ position: string | null }>(
      'SELECT min(position) AS position FROM projection_checkpoints WHERE name = ANY($1)',
      [readModels.map((m) => m.name)],
    );
    const after = BigInt(rows[0]?.position ?? '0');
    const client = await connectPipelined(pool);
    if (!this.running) {
      await client.end().catch(() => undefined); // stopped meanwhile
      return;
    }
    this.connection = client;
    const subscription = store.subscribeToAll({
      after,
      batchHandler: async (events) => {
        // A span per batch in the trace of the request that appended it (docs/operations.md, Traces).
        await inBatchSpan(
          'projection.apply',
          events,
          {
            attributes: {
              'shop.events.count': events.length,
              'shop.position.first': events[0]!.position.toString(),
              'shop.position.last': events[events.length - 1]!.position.toString(),
              'shop.read_models.count': readModels.length,
            },
          },
          () => applyBatch(client, readModels, events),
        );
        this.retryMs = RETRY_FIRST_MS;
      },
    });
    this.subscription = subscription;
    subscription.done.catch((error: unknown) => this.failed(subscription, error));
    this.logger.info({ after: after.toString(), models: readModels.map((m) => m.name) }, 'projector started');
  }

  private failed(subscription: Subscription, error: unknown): void {
    if (this.subscription !== subscription || !this.running) return;
    this.subscription = null;
    this.ending = subscription
      .stop()
      .then(() => this.disconnect())
      .finally(() => this.retry(error));
  }

  private async disconnect(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    await connection?.end().catch(() => undefined);
  }

  /** Logs the failure and follows the log again from the checkpoints after a growing pause. */
  private retry(error: unknown): void {
    if (!this.running) return;
    const retryMs = retryDelay(this.retryMs, error);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.logger.error({ err: error, retryInMs: retryMs }, 'projector failed; starting again from the checkpoints');
    this.options.onFailure?.(
      this.options.readModels.map((m) => m.name),
      error,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.running) this.follow().catch((e: unknown) => this.retry(e));
    }, retryMs);
  }

  private async modelsToRebuild(): Promise<ReadModel[]> {
    const { pool, readModels } = this.options;
    const { rows } = await pool.query<{ name: string; version: number }>(
      'SELECT name, version FROM projection_checkpoints',
    );
    const versions = new Map(rows.map((r) => [r.name, r.version]));
    const stale: ReadModel[] = [];
    for (const model of readModels) {
      const tables = await pool.query<{ missing: boolean }>(
        'SELECT bool_or(to_regclass(t) IS NULL) AS missing FROM unnest($1::text[]) AS t',
        [model.tables],
      );
      if (versions.get(model.name) !== model.version || tables.rows[0]?.missing) stale.push(model);
    }
    return stale;
  }
}
