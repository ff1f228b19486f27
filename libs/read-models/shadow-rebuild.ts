import type pg from 'pg';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { applyBatch, applyInTransaction, CHECKPOINTS_TABLE, connectPipelined } from './projection-batch.js';
import type { ReadModel } from './read-model.js';

/** Events per transaction when replaying the log into the shadow tables. */
const REPLAY_BATCH = 1000;
/** The progress row (projection_rebuilds) is written every this many batches. */
const PROGRESS_EVERY = 20;
/** The PostgreSQL schema the shadow tables are built in; the live tables stay in `public`. */
export const SHADOW_SCHEMA = 'projection_shadow';
/** The advisory lock a rebuild holds for its whole run. */
const REBUILD_LOCK = 726103;

export interface ShadowRebuildOptions {
  /** Asked between batches: true stops the rebuild (the shop stops); the shadow is left, dropped at the next one. */
  stopped?: () => boolean;
}

export interface ShadowRebuildResult {
  /** Events replayed into the shadow tables. */
  events: number;
  /** Where the models' checkpoints stand once swapped in. */
  position: bigint;
  /** False when `stopped` ended it before the swap (the live tables are untouched). */
  swapped: boolean;
}

/**
 * Rebuilds read models beside their live tables while the shop serves (issue 32): their tables are
 * created afresh in the schema `projection_shadow` (the models' own DDL, run with that schema first on
 * the search path, so nothing in a model names it), the whole log is replayed into them in batches
 * (`applyBatch` against a checkpoint table of the shadow's own), and when they have caught up they
 * are swapped in, in one transaction: the live checkpoints' rows are locked (a projector applying to
 * the live tables waits), the last events up to the live checkpoint are applied, the live tables are
 * dropped and the shadow's moved into `public`, and the checkpoints take the version and position.
 * Readers see the old tables until that commit and the new ones after it, never a half-built table.
 * Progress is kept in `projection_rebuilds` for readiness. A rebuild that stops (or fails) leaves the
 * live tables as they were; the next one drops the shadow and starts again.
 */
export async function rebuildInShadow(
  pool: pg.Pool,
  store: EventStore,
  models: readonly ReadModel[],
  options: ShadowRebuildOptions = {},
): Promise<ShadowRebuildResult> {
  const names = models.map((m) => m.name);
  const client = await connectPipelined(pool);
  let swapped = false;
  try {
    // One rebuild at a time in a database (the shop's and `npm run projections:rebuild` share the schema).
    await client.query('SELECT pg_advisory_lock($1)', [REBUILD_LOCK]);
    await createShadow(client, pool, store, models);
    let position = 0n;
    let events = 0;
    // The next batch is read while this one is applied (the read and the writes run side by side).
    let next = store.readAll(position, REPLAY_BATCH);
    for (let batches = 1; ; batches++) {
      const batch = await next;
      if (batch.length === 0 || options.stopped?.()) break;
      position = batch[batch.length - 1]!.position;
      next = store.readAll(position, REPLAY_BATCH);
      next.catch(() => undefined); // awaited next round; a failure meanwhile must not go unhandled
      // The shadow's own checkpoints move; nobody waits on them, so nothing is notified.
      await applyBatch(client, models, batch, { notify: false });
      events += batch.length;
      if (batches % PROGRESS_EVERY === 0) {
        await pool.query(`UPDATE projection_rebuilds SET position = $2, updated_at = now() WHERE name = ANY($1)`, [
          names,
          position.toString(),
        ]);
      }
    }
    if (options.stopped?.()) return { events, position, swapped: false };
    const swappedAt = await swapIn(client, store, models, position);
    swapped = true;
    return { events: events + swappedAt.events, position: swappedAt.position, swapped };
  } finally {
    // Stopped or failed: no longer being rebuilt (readiness and the waits follow the live tables again).
    if (!swapped) await pool.query('DELETE FROM projection_rebuilds WHERE name = ANY($1)', [names]).catch(() => null);
    await client.end().catch(() => undefined);
  }
}

/** Drops an earlier shadow, creates the models' tables and checkpoints in a new one, and says a rebuild runs. */
async function createShadow(
  client: pg.Client,
  pool: pg.Pool,
  store: EventStore,
  models: readonly ReadModel[],
): Promise<void> {
  await client.query(`DROP SCHEMA IF EXISTS ${SHADOW_SCHEMA} CASCADE`);
  await client.query(`CREATE SCHEMA ${SHADOW_SCHEMA}`);
  // Unqualified names now mean the shadow's tables first, then public's (e.g. the event store's).
  await client.query(`SET search_path TO ${SHADOW_SCHEMA}, public`);
  await client.query(CHECKPOINTS_TABLE);
  for (const model of models) {
    await client.query(model.schema);
    await client.query('INSERT INTO projection_checkpoints (name, position, version) VALUES ($1, 0, $2)', [
      model.name,
      model.version,
    ]);
  }
  await announceRebuild(pool, store, models);
}

/**
 * Says (in `projection_rebuilds`) that these models are being rebuilt, from the start of the log: from
 * then on readiness lists them and command waits do not wait for them. The projector says it as soon as
 * it leaves a changed model aside, before its rebuild begins.
 */
export async function announceRebuild(pool: pg.Pool, store: EventStore, models: readonly ReadModel[]): Promise<void> {
  const head = (await store.headPosition()).toString();
  for (const model of models) {
    await pool.query(
      `INSERT INTO projection_rebuilds (name, version, position, head) VALUES ($1, $2, 0, $3)
       ON CONFLICT (name) DO UPDATE SET version = $2, position = 0, head = $3, updated_at = now()`,
      [model.name, model.version, head],
    );
  }
}

/**
 * The swap, one transaction: lock the live checkpoints, bring the shadow up to them (a projector kept
 * the live tables going meanwhile), replace the live tables, set the checkpoints.
 */
async function swapIn(
  client: pg.Client,
  store: EventStore,
  models: readonly ReadModel[],
  from: bigint,
): Promise<{ events: number; position: bigint }> {
  const names = models.map((m) => m.name);
  let position = from;
  let events = 0;
  try {
    await client.query('BEGIN');
    const live = await client.query<{ position: string }>(
      'SELECT position FROM public.projection_checkpoints WHERE name = ANY($1) FOR UPDATE',
      [names],
    );
    // A model the live projector follows is at its checkpoint; one it left aside (its version changed) is behind.
    const target = live.rows.reduce((max, row) => (BigInt(row.position) > max ? BigInt(row.position) : max), from);
    while (position < target) {
      const batch = (await store.readAll(position, REPLAY_BATCH)).filter((e) => e.position <= target);
      if (batch.length === 0) break;
      await await applyInTransaction(client, models, batch);
      position = batch[batch.length - 1]!.position;
      events += batch.length;
    }
    for (const model of models) {
      for (const table of model.tables) {
        await client.query(`DROP TABLE IF EXISTS public.${table} CASCADE`);
        await client.query(`ALTER TABLE ${SHADOW_SCHEMA}.${table} SET SCHEMA public`);
      }
      await client.query(
        `INSERT INTO public.projection_checkpoints (name, position, version) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET position = $2, version = $3`,
        [model.name, position.toString(), model.version],
      );
    }
    await client.query('DELETE FROM public.projection_rebuilds WHERE name = ANY($1)', [names]);
    await client.query(`DROP SCHEMA ${SHADOW_SCHEMA} CASCADE`);
    await client.query('COMMIT');
    return { events, position };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
