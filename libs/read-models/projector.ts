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

const REPLAY_BATCH = 1000;

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
 * Applies consecutive events to every model that reads them and has not seen them yet, and moves
 * the models' checkpoints to the last event, all in the caller's transaction.
 */
async function applyBatch(
  client: pg.PoolClient,
  models: readonly ReadModel[],
  events: readonly RecordedEvent[],
): Promise<void> {
  const last = events[events.length - 1];
  if (!last) return;
  // Row locks on the checkpoints make a second projector (a mistake, but possible) wait instead of applying twice.
  const { rows } = await client.query<{ name: string; position: string }>(
    'SELECT name, position::text AS position FROM projection_checkpoints WHERE name = ANY($1) FOR UPDATE',
    [models.map((m) => m.name)],
  );
  const checkpoints = new Map(rows.map((r) => [r.name, BigInt(r.position)]));
  const behind = models.filter((m) => (checkpoints.get(m.name) ?? last.position) < last.position);
  for (const event of events) {
    for (const model of behind) {
      if (checkpoints.get(model.name)! < event.position && model.handles.includes(event.type)) {
        await model.apply(event, client);
      }
    }
  }
  if (behind.length > 0) {
    await client.query('UPDATE projection_checkpoints SET position = $1 WHERE name = ANY($2) AND position < $1', [
      last.position.toString(),
      behind.map((m) => m.name),
    ]);
  }
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
    await inTransaction(pool, (client) => applyBatch(client, models, batch));
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
 * Runs the read models (DESIGN.md section 4): one catch-up subscription to $all; each batch of
 * consecutive events is applied in one transaction together with the checkpoints of the models it
 * moves, and `NOTIFY projection_checkpoint` (sent at commit) tells waiting command endpoints.
 */
export class Projector {
  private subscription: Subscription | null = null;
  private readonly logger: ProjectorLogger;

  constructor(private readonly options: ProjectorOptions) {
    this.logger = options.logger ?? silent;
  }

  async start(): Promise<void> {
    const { pool, store, readModels } = this.options;
    await ensureCheckpointTable(pool);
    const stale = await this.modelsToRebuild();
    if (stale.length > 0) {
      const result = await rebuildReadModels(pool, store, stale);
      this.logger.info(
        { models: stale.map((m) => m.name), events: result.events },
        'read models rebuilt (new version or missing tables)',
      );
    }
    const { rows } = await pool.query<{ position: string | null }>(
      'SELECT min(position)::text AS position FROM projection_checkpoints WHERE name = ANY($1)',
      [readModels.map((m) => m.name)],
    );
    const after = BigInt(rows[0]?.position ?? '0');
    this.subscription = store.subscribeToAll({
      after,
      // Whatever is at hand goes in one transaction: live that is one append's events, catching up up to 500.
      batchHandler: (events) =>
        inTransaction(pool, async (client) => {
          await applyBatch(client, readModels, events);
          // Delivered at commit, so a waiter never hears of a position before it can read it.
          await client.query(`SELECT pg_notify('projection_checkpoint', $1)`, [
            events[events.length - 1]!.position.toString(),
          ]);
        }),
    });
    this.subscription.done.catch((error: unknown) =>
      this.logger.error({ err: error }, 'projector stopped on an error'),
    );
    this.logger.info({ after: after.toString(), models: readModels.map((m) => m.name) }, 'projector started');
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Per model: its checkpoint and how many positions it is behind the head of the log. */
  async positions(): Promise<{ name: string; position: bigint; lag: bigint }[]> {
    const head = await this.options.store.headPosition();
    const { rows } = await this.options.pool.query<{ name: string; position: string }>(
      'SELECT name, position::text AS position FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name',
      [this.options.readModels.map((m) => m.name)],
    );
    return rows.map((r) => ({ name: r.name, position: BigInt(r.position), lag: head - BigInt(r.position) }));
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
 * works the same when the projector runs in another process (scaled-out mode).
 */
export class CheckpointWaiter implements ProjectionWaiter {
  private readonly names: string[];
  private listener: Promise<pg.Client> | null = null;
  private readonly waiting = new Set<(notified: bigint) => void>();
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    readModels: readonly ReadModel[],
  ) {
    this.names = readModels.map((m) => m.name);
  }

  async waitFor(position: bigint, timeoutMs = DEFAULT_WAIT_MS): Promise<boolean> {
    if (this.names.length === 0) return true;
    await this.listen();
    if ((await this.slowest()) >= position) return true;
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const onNotify = (notified: bigint): void => {
          if (notified >= position) done();
        };
        const timer = setTimeout(() => done(), Math.min(RECHECK_MS, Math.max(0, deadline - Date.now())));
        const done = (): void => {
          clearTimeout(timer);
          this.waiting.delete(onNotify);
          resolve();
        };
        this.waiting.add(onNotify);
      });
      if ((await this.slowest()) >= position) return true;
    }
    return false;
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = null;
    if (listener) await (await listener).end().catch(() => undefined);
  }

  private async slowest(): Promise<bigint> {
    try {
      const { rows } = await this.pool.query<{ position: string | null }>(
        'SELECT min(position)::text AS position FROM projection_checkpoints WHERE name = ANY($1)',
        [this.names],
      );
      return BigInt(rows[0]?.position ?? '0');
    } catch {
      return 0n; // no projector has started yet (scaled-out mode): keep waiting
    }
  }

  private listen(): Promise<pg.Client> {
    this.listener ??= (async () => {
      const options = (this.pool as unknown as { options: pg.PoolConfig }).options;
      const client = new pg.Client({ connectionString: options.connectionString });
      client.on('error', () => {
        this.listener = null; // the periodic re-check carries on; the next wait listens again
      });
      client.on('notification', (message) => {
        const notified = BigInt(message.payload ?? '0');
        for (const notify of this.waiting) notify(notified);
      });
      await client.connect();
      await client.query('LISTEN projection_checkpoint');
      return client;
    })();
    return this.listener;
  }
}
