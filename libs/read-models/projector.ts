import pg from 'pg';
import type { EventStore, RecordedEvent, Subscription } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

/** The few logger methods the runtime uses (pino's shape). */
export interface ProjectorLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silent: ProjectorLogger = { info: () => undefined, error: () => undefined };

const CHECKPOINTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name text PRIMARY KEY,
  position bigint NOT NULL,
  version integer NOT NULL
)`;

/** Channel the projector notifies after each commit; the payload is the position every model it runs has reached. */
export const CHECKPOINT_CHANNEL = 'projection_checkpoint';

/** Events per transaction when replaying the log (rebuild). */
const REPLAY_BATCH = 1000;
/** After a failure the projector starts again from its checkpoints after 0.5 s, 1 s, 2 s ... at most 30 s. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function ensureCheckpointTable(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(726102)');
    await client.query(CHECKPOINTS_SCHEMA);
  });
}

/**
 * Applies a run of consecutive events (in log order) to every model that reads them and has not seen
 * them, moves the models' checkpoints to the last one and notifies, all inside the caller's transaction:
 * the read model rows and their checkpoint commit together, so each event takes effect exactly once.
 */
async function applyEvents(
  client: pg.PoolClient,
  models: readonly ReadModel[],
  events: readonly RecordedEvent[],
): Promise<void> {
  const last = events[events.length - 1];
  if (!last) return;
  // Row locks on the checkpoints make a second projector (a mistake, but possible) wait instead of applying twice.
  const { rows } = await client.query<{ name: string; position: string }>(
    'SELECT name, position FROM projection_checkpoints WHERE name = ANY($1) FOR UPDATE',
    [models.map((m) => m.name)],
  );
  const checkpoints = new Map(rows.map((r) => [r.name, BigInt(r.position)]));
  const behind = models.filter((m) => {
    const checkpoint = checkpoints.get(m.name);
    return checkpoint !== undefined && checkpoint < last.position;
  });
  if (behind.length === 0) return;
  // Event by event, then model by model: the same order as one transaction per event.
  for (const event of events) {
    for (const model of behind) {
      if (checkpoints.get(model.name)! < event.position && model.handles.includes(event.type)) {
        await model.apply(event, client);
      }
    }
  }
  await client.query('UPDATE projection_checkpoints SET position = $1 WHERE name = ANY($2) AND position < $1', [
    last.position.toString(),
    behind.map((m) => m.name),
  ]);
  await client.query('SELECT pg_notify($1, $2)', [CHECKPOINT_CHANNEL, last.position.toString()]);
}

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
 * and at start for a model whose version changed). Replays in batches of one transaction each.
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
  for (;;) {
    const batch = await store.readAll(position, REPLAY_BATCH);
    if (batch.length === 0) break;
    await inTransaction(pool, (client) => applyEvents(client, models, batch));
    position = batch[batch.length - 1]!.position;
    events += batch.length;
  }
  return { events, position };
}

export interface ProjectorOptions {
  pool: pg.Pool;
  store: EventStore;
  readModels: readonly ReadModel[];
  logger?: ProjectorLogger;
}

/**
 * Runs the read models (DESIGN.md section 4): one catch-up subscription to $all from the lowest
 * checkpoint feeds every model. Each batch the subscription hands over (live: what one read found,
 * often one append; catching up: up to 500 events) is applied in one transaction with the checkpoints
 * it moves, and `NOTIFY projection_checkpoint` (sent at commit) tells waiting command endpoints.
 * On any failure (database gone, a model's apply throwing) the failed batch leaves nothing behind:
 * the projector logs it and starts again from its checkpoints after a growing pause.
 */
export class Projector {
  private readonly logger: ProjectorLogger;
  private running = false;
  /** The current subscription; null while stopped or waiting to retry. */
  private subscription: Subscription | null = null;
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
    const subscription = store.subscribeToAll({
      after,
      batchHandler: async (events) => {
        await inTransaction(pool, (client) => applyEvents(client, readModels, events));
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
    this.ending = subscription.stop().finally(() => this.retry(error));
  }

  /** Logs the failure and follows the log again from the checkpoints after a growing pause. */
  private retry(error: unknown): void {
    if (!this.running) return;
    const retryMs = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.logger.error({ err: error, retryInMs: retryMs }, 'projector failed; starting again from the checkpoints');
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

/** Read-your-writes: lets a command endpoint wait until the read models have projected its events. */
export interface ProjectionWaiter {
  /** Resolves true once every read model passed `position`, false after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs?: number): Promise<boolean>;
}

const DEFAULT_WAIT_MS = 5000;
const RECHECK_MS = 250;

/**
 * Waits on the checkpoint table itself (LISTEN projection_checkpoint, plus a periodic re-check), so it
 * works the same when the projector runs in another process (scaled-out mode). A notification only
 * wakes the waits it can satisfy (payload at or past their position); each then reads the table.
 */
export class CheckpointWaiter implements ProjectionWaiter {
  private readonly names: string[];
  private listener: Promise<pg.Client> | null = null;
  private readonly waiting = new Set<(notified: bigint) => void>();
  /** Notifications received so far, and the highest position they carried. */
  private notifications = 0;
  private highest = 0n;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    readModels: readonly ReadModel[],
  ) {
    this.names = readModels.map((m) => m.name);
  }

  async waitFor(position: bigint, timeoutMs = DEFAULT_WAIT_MS): Promise<boolean> {
    if (this.names.length === 0) return true;
    const deadline = Date.now() + timeoutMs;
    await this.listen().catch(() => undefined); // without LISTEN the periodic re-check still answers
    for (;;) {
      const seen = this.notifications;
      if ((await this.slowest()) >= position) return true;
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) return false;
      // A notification that came while we read the table counts: look again at once.
      if (this.notifications !== seen && this.highest >= position) continue;
      await new Promise<void>((resolve) => {
        const onNotify = (notified: bigint): void => {
          if (notified >= position) done();
        };
        const timer = setTimeout(() => done(), Math.min(RECHECK_MS, left));
        const done = (): void => {
          clearTimeout(timer);
          this.waiting.delete(onNotify);
          resolve();
        };
        this.waiting.add(onNotify);
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = null;
    if (listener) await (await listener.catch(() => null))?.end().catch(() => undefined);
  }

  private async slowest(): Promise<bigint> {
    try {
      const { rows } = await this.pool.query<{ position: string | null; models: number }>(
        'SELECT min(position) AS position, count(*)::int AS models FROM projection_checkpoints WHERE name = ANY($1)',
        [this.names],
      );
      // A model with no checkpoint row yet has projected nothing.
      if (!rows[0] || rows[0].models < this.names.length) return 0n;
      return BigInt(rows[0].position ?? '0');
    } catch {
      return 0n; // no projector has started yet (scaled-out mode): keep waiting
    }
  }

  private listen(): Promise<pg.Client> {
    if (this.listener) return this.listener;
    const options = (this.pool as unknown as { options: pg.ClientConfig }).options;
    const client = new pg.Client(options);
    const listener = (async () => {
      await client.connect();
      await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
      return client;
    })();
    const lost = (): void => {
      if (this.listener === listener) this.listener = null; // the periodic re-check carries on; the next wait listens again
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      const notified = message.payload && /^\d+$/.test(message.payload) ? BigInt(message.payload) : 0n;
      this.notifications++;
      if (notified > this.highest) this.highest = notified;
      for (const notify of [...this.waiting]) notify(notified);
    });
    listener.catch(lost);
    this.listener = listener;
    return listener;
  }
}
