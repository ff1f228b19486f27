import pg from 'pg';
import { withAdvisoryLock } from '#libs/database/transaction.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

/** The checkpoints' table; a shadow rebuild (shadow-rebuild.ts) makes one of its own in its schema. */
export const CHECKPOINTS_TABLE = `
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name text PRIMARY KEY,
  position bigint NOT NULL,
  version integer NOT NULL
)`;

/**
 * The read models being rebuilt beside their live tables (shadow-rebuild.ts), with how far: readiness
 * reads it wherever the rebuild runs (the shop, the projector process or `npm run projections:rebuild`).
 */
const REBUILDS_TABLE = `
CREATE TABLE IF NOT EXISTS projection_rebuilds (
  name text PRIMARY KEY,
  version integer NOT NULL,
  position bigint NOT NULL,
  head bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

/** Channel the projector notifies after each commit; the payload is the position every model it runs has reached. */
export const CHECKPOINT_CHANNEL = 'projection_checkpoint';

/** Creates the checkpoints table (idempotent, safe when several processes start at once). */
export async function ensureCheckpointTable(pool: pg.Pool): Promise<void> {
  await withAdvisoryLock(pool, 726102, async (client) => {
    await client.query(CHECKPOINTS_TABLE);
    await client.query(REBUILDS_TABLE);
  });
}

/**
 * A connection of its own, with the driver's pipeline mode on: every query is written at once, without
 * waiting for the answers of the ones before (PostgreSQL still runs them in order). The projector
 * sends a batch's statements through it, so a batch costs a few round trips, not one per event.
 */
export async function connectPipelined(pool: pg.Pool): Promise<pg.Client> {
  // The pool keeps the password as a non-enumerable property: name it, a spread would drop it.
  const client = new pg.Client({ ...pool.options, password: pool.options.password, pipeline: true });
  client.on('error', () => undefined); // a lost connection fails the batch's queries; the caller starts again
  await client.connect();
  return client;
}

/**
 * Applies a run of consecutive events (in log order, however many: what one read found when live, a
 * whole subscription batch of up to 500 when behind, 1,000 in a rebuild) to every model that reads
 * them and has not seen them, moves the models' checkpoints to the last one and notifies, in ONE
 * transaction: the read model rows and their checkpoints commit together, so each event takes effect
 * exactly once, and a failure anywhere in the run rolls all of it back (the models stay at their
 * last checkpoint, nothing of the batch is visible).
 *
 * Round trips, on a pipelined connection (`connectPipelined`): `BEGIN` with the checkpoint row locks;
 * the statements of every `pipelined` model for all the events at once (a model that reads its own
 * results still costs its round trips); the checkpoint update, `pg_notify` and `COMMIT` together.
 */
export async function applyBatch(
  client: pg.Client,
  models: readonly ReadModel[],
  events: readonly RecordedEvent[],
  { notify = true }: { notify?: boolean } = {},
): Promise<void> {
  const last = events[events.length - 1];
  if (!last || models.length === 0) return;
  try {
    // Sent at once with the statements after it (pipelined): one round trip for BEGIN and the row locks.
    const begun = client.query('BEGIN');
    begun.catch(() => undefined); // its failure fails the statements after it too
    const moved = await applyInTransaction(client, models, events);
    await begun;
    const position = last.position.toString();
    await Promise.all([
      moved,
      ...(moved !== null && notify ? [client.query('SELECT pg_notify($1, $2)', [CHECKPOINT_CHANNEL, position])] : []),
      client.query('COMMIT'),
    ]);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * The statements of `applyBatch` inside a transaction the caller began: the checkpoints' row locks,
 * the events of every model behind them, and the update of their checkpoints, sent but not awaited:
 * its answer is returned (null when no model was behind), for the caller to await with its COMMIT. A
 * shadow rebuild's last events run through it inside the transaction that swaps the tables in.
 */
export async function applyInTransaction(
  client: pg.Client,
  models: readonly ReadModel[],
  events: readonly RecordedEvent[],
): Promise<Promise<unknown> | null> {
  const last = events[events.length - 1];
  if (!last || models.length === 0) return null;
  /** The answers of the statements sent for pipelined models, in the order they were sent. */
  const sent: Promise<void>[] = [];
  try {
    // Row locks on the checkpoints make a second projector (a mistake, but possible) wait instead of applying twice.
    const locked = await client.query<{ name: string; position: string }>(
      'SELECT name, position FROM projection_checkpoints WHERE name = ANY($1) FOR UPDATE',
      [models.map((m) => m.name)],
    );
    const checkpoints = new Map(locked.rows.map((r) => [r.name, BigInt(r.position)]));
    const behind = models.filter((m) => {
      const checkpoint = checkpoints.get(m.name);
      return checkpoint !== undefined && checkpoint < last.position;
    });
    if (behind.length === 0) return null;
    // Event by event, then model by model: the statements reach PostgreSQL in the order of one
    // transaction per event, whether a model's are sent at once (pipelined) or after its answers.
    const unseen = (model: ReadModel, event: RecordedEvent): boolean =>
      checkpoints.get(model.name)! < event.position && model.handles.includes(event.type);
    const oneByOne = behind.filter((m) => m.applyEvents === undefined);
    for (const event of events) {
      for (const model of oneByOne) {
        if (!unseen(model, event)) continue;
        if (model.pipelined) sent.push(applyPipelined(client, model, event));
        else await model.apply(event, asPoolClient(client));
      }
    }
    // Models that take the run at once (their tables are their own: the order among models is free).
    for (const model of behind) {
      const run = model.applyEvents ? events.filter((event) => unseen(model, event)) : [];
      if (model.applyEvents && run.length > 0) sent.push(applyRun(client, model, run));
    }
    await Promise.all(sent);
    const moved = client.query(
      'UPDATE projection_checkpoints SET position = $1 WHERE name = ANY($2) AND position < $1',
      [last.position.toString(), behind.map((m) => m.name)],
    );
    moved.catch(() => undefined); // awaited by the caller, with its COMMIT
    return moved;
  } catch (error) {
    // After a failed statement every later one answers "current transaction is aborted": report the
    // first failure, which may be a pipelined statement sent before the one that surfaced here.
    const first = (await Promise.allSettled(sent)).find((r) => r.status === 'rejected');
    throw first ? first.reason : error;
  }
}

/** Models only send queries: the pipelined `Client` serves them as the `PoolClient` they are typed with. */
function asPoolClient(client: pg.Client): pg.PoolClient {
  return client as unknown as pg.PoolClient;
}

/**
 * Calls a `pipelined` model's `apply` without waiting for its answers. A statement it sends after
 * awaiting something would reach PostgreSQL behind later events' statements: it is refused, and the
 * batch fails (rolled back) rather than apply events out of order.
 */
function applyPipelined(client: pg.Client, model: ReadModel, event: RecordedEvent): Promise<void> {
  return sentAtOnce(
    client,
    `read model ${model.name} is pipelined but sent a statement after awaiting (${event.type})`,
    (db) => model.apply(event, db),
  );
}

/** A model's `applyEvents`, held to the same rule: every statement of the run sent before anything is awaited. */
function applyRun(client: pg.Client, model: ReadModel, run: readonly RecordedEvent[]): Promise<void> {
  return sentAtOnce(client, `read model ${model.name} sent a statement of its run after awaiting`, (db) =>
    model.applyEvents!(run, db),
  );
}

/** Runs `apply` on a connection that refuses (with `refusal`) any statement sent once `apply` awaited. */
function sentAtOnce(client: pg.Client, refusal: string, apply: (db: pg.PoolClient) => Promise<void>): Promise<void> {
  let sending = true;
  const query = client.query as (...args: unknown[]) => Promise<unknown>;
  const guarded = {
    query: (...args: unknown[]): Promise<unknown> =>
      sending ? query.apply(client, args) : Promise.reject(new Error(refusal)),
  };
  const applied = apply(guarded as unknown as pg.PoolClient);
  sending = false;
  applied.catch(() => undefined); // awaited with the batch; a failure before that must not go unhandled
  return applied;
}
