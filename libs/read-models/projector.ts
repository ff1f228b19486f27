import type pg from 'pg';
import type { EventStore, Subscription } from '#libs/eventstore/event-store.port.js';
import { retryDelay } from '#libs/database/database-fault.js';
import { inTransaction } from '#libs/database/transaction.js';
import { inBatchSpan } from '#libs/tracing/trace-context.js';
import { applyBatch, connectPipelined, ensureCheckpointTable } from './projection-batch.js';
import type { ReadModel } from './read-model.js';
import { announceRebuild, rebuildInShadow } from './shadow-rebuild.js';

export { CHECKPOINT_CHANNEL, ensureCheckpointTable } from './projection-batch.js';
export { CheckpointWaiter, type ProjectionWaiter } from './checkpoint-waiter.js';

/** The few logger methods the runtime uses (pino's shape). */
export interface ProjectorLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silent: ProjectorLogger = { info: () => undefined, error: () => undefined };

/**
 * After a failure the projector starts again from its checkpoints after 0.5 s, 1 s, 2 s ... at most
 * 30 s; while the database is away, at most 1 s (retryDelay), so it follows again soon after its return.
 */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/** Creates a model's missing tables and sets its checkpoint to the start of the log (the projector then fills them). */
async function createModel(client: pg.PoolClient, model: ReadModel): Promise<void> {
  for (const table of model.tables) await client.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
  await client.query(model.schema);
  await client.query(
    `INSERT INTO projection_checkpoints (name, position, version) VALUES ($1, 0, $2)
     ON CONFLICT (name) DO UPDATE SET position = 0, version = $2`,
    [model.name, model.version],
  );
}

/**
 * Rebuilds the given read models from the whole event log beside their live tables, and swaps them in
 * when caught up (`npm run projections:rebuild`, a restore; shadow-rebuild.ts): a shop serving from the
 * same database keeps answering from the old tables until then, and needs no stop.
 */
export async function rebuildReadModels(
  pool: pg.Pool,
  store: EventStore,
  models: readonly ReadModel[],
): Promise<{ events: number; position: bigint }> {
  await ensureCheckpointTable(pool);
  const { events, position } = await rebuildInShadow(pool, store, models);
  return { events, position };
}

export interface ProjectorOptions {
  pool: pg.Pool;
  store: EventStore;
  readModels: readonly ReadModel[];
  logger?: ProjectorLogger;
  /** Told of each failed batch with the models it held back (all of them: a batch is one transaction); the metrics count it. */
  onFailure?: (models: string[], error: unknown) => void;
  /**
   * The rebuilds of changed models begin once this settles (the shop: once its port is open, so the
   * rebuild's work in this process does not hold up the start); at once without it.
   */
  rebuildAfter?: Promise<unknown>;
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
  /** The models followed live: all but those being rebuilt beside their tables. */
  private active: readonly ReadModel[] = [];
  /** Settles when the models rebuilt at start are swapped in and followed (at once when none were). */
  rebuilt: Promise<void> = Promise.resolve();
  /** Settles when stop() is called: a rebuild not yet begun then never begins. */
  private readonly stopping: Promise<void>;
  private stopped: () => void = () => undefined;

  constructor(private readonly options: ProjectorOptions) {
    this.logger = options.logger ?? silent;
    this.stopping = new Promise<void>((resolve) => (this.stopped = resolve));
  }

  /**
   * Prepares the checkpoint table and follows the log. A model whose tables are missing (the first
   * start, a new model) gets them at once, empty, and catches up with the others; a model whose version
   * changed is rebuilt beside its live tables (shadow-rebuild.ts) while the others are followed and its
   * old tables keep answering, and joins them once swapped in (`rebuilt` settles then). Resolves as
   * soon as the live models are followed, whatever the log's size.
   */
  async start(): Promise<void> {
    const { pool, readModels } = this.options;
    await ensureCheckpointTable(pool);
    const { missing, changed } = await this.modelsToRebuild();
    if (missing.length > 0) {
      await inTransaction(pool, async (client) => {
        for (const model of missing) await createModel(client, model);
      });
      this.logger.info({ models: missing.map((m) => m.name) }, 'read models created; they catch up with the log');
    }
    this.active = readModels.filter((m) => !changed.includes(m));
    // Said at once: a command's wait for the projections must not wait for a model left aside.
    if (changed.length > 0) await announceRebuild(pool, this.options.store, changed);
    this.running = true;
    await this.follow();
    if (changed.length > 0) {
      const after = this.options.rebuildAfter ?? Promise.resolve();
      this.rebuilt = Promise.race([after, this.stopping]).then(() => this.rebuildBeside(changed));
    }
  }

  /** Rebuilds changed models in the shadow, then follows them with the others; again after a failure. */
  private async rebuildBeside(models: readonly ReadModel[]): Promise<void> {
    const { pool, store } = this.options;
    const names = models.map((m) => m.name);
    for (let pauseMs = RETRY_FIRST_MS; this.running; pauseMs = Math.min(pauseMs * 2, RETRY_MAX_MS)) {
      try {
        this.logger.info({ models: names }, 'read models rebuilding beside their live tables (new version)');
        const result = await rebuildInShadow(pool, store, models, { stopped: () => !this.running });
        if (!result.swapped) return;
        this.logger.info({ models: names, events: result.events }, 'read models rebuilt and swapped in');
        this.active = [...this.active, ...models];
        await this.refollow();
        return;
      } catch (error) {
        this.logger.error({ err: error, models: names, retryInMs: pauseMs }, 'read model rebuild failed; again soon');
        await new Promise((resolve) => setTimeout(resolve, retryDelay(pauseMs, error)));
      }
    }
  }

  /** Follows the log again from the lowest checkpoint of the live models (one joined them). */
  private async refollow(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    await this.ending;
    await this.disconnect();
    if (this.running && this.retryTimer === null) await this.follow();
  }

  /** Stops following the log; resolves once nothing more will be written. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopped();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    await this.ending;
    await this.disconnect();
    await this.rebuilt;
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
    const { pool, store } = this.options;
    const readModels = this.active;
    if (readModels.length === 0) return; // every model is being rebuilt: followed once swapped in
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
      this.active.map((m) => m.name),
      error,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.running) this.follow().catch((e: unknown) => this.retry(e));
    }, retryMs);
  }

  /** Models without their tables (or checkpoint), and models whose version changed. */
  private async modelsToRebuild(): Promise<{ missing: ReadModel[]; changed: ReadModel[] }> {
    const { pool, readModels } = this.options;
    const { rows } = await pool.query<{ name: string; version: number }>(
      'SELECT name, version FROM projection_checkpoints',
    );
    const versions = new Map(rows.map((r) => [r.name, r.version]));
    const missing: ReadModel[] = [];
    const changed: ReadModel[] = [];
    for (const model of readModels) {
      const tables = await pool.query<{ missing: boolean }>(
        'SELECT bool_or(to_regclass(t) IS NULL) AS missing FROM unnest($1::text[]) AS t',
        [model.tables],
      );
      const version = versions.get(model.name);
      if (version === undefined || tables.rows[0]?.missing) missing.push(model);
      else if (version !== model.version) changed.push(model);
    }
    return { missing, changed };
  }
}
