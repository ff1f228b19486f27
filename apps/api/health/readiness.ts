import { connect } from 'node:net';
import type pg from 'pg';
import type { Config } from '#libs/config/config.js';
import { type DatabaseHealth, FAULT_REASONS } from '#libs/database/database-health.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { projectionLags } from '#libs/metrics/projection-lag.js';

/** A check that has not answered in this long counts as failed. */
const CHECK_TIMEOUT_MS = 2000;

export interface Readiness {
  ready: boolean;
  /** Why not, one sentence each; empty when ready. */
  reasons: string[];
  /** Read models being rebuilt beside their live tables, and how far (not a reason: their old tables answer). */
  building: { name: string; percent: number }[];
}

/** The rebuilds running (shadow-rebuild.ts), none when the table is not there yet. */
async function rebuildsOf(pool: pg.Pool, names: readonly string[]): Promise<Readiness['building']> {
  const { rows } = await pool
    .query<{ name: string; position: string; head: string }>(
      'SELECT name, position::text, head::text FROM projection_rebuilds WHERE name = ANY($1) ORDER BY name',
      [names],
    )
    .catch(() => ({ rows: [] }));
  return rows.map((row) => {
    const head = Number(row.head);
    return { name: row.name, percent: head > 0 ? Math.min(100, Math.floor((Number(row.position) / head) * 100)) : 0 };
  });
}

/** A check that took too long. */
class CheckTimeout extends Error {}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new CheckTimeout(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s.`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** True when one of the brokers accepts a TCP connection (the relay's client does the rest). */
export async function anyBrokerReachable(brokers: readonly string[]): Promise<boolean> {
  const tries = brokers.map(
    (broker) =>
      new Promise<void>((resolve, reject) => {
        const at = broker.lastIndexOf(':');
        const socket = connect({ host: broker.slice(0, at), port: Number(broker.slice(at + 1)) });
        socket.setTimeout(CHECK_TIMEOUT_MS, () => socket.destroy(new Error('timeout')));
        socket.once('connect', () => {
          socket.end();
          resolve();
        });
        socket.once('error', reject);
      }),
  );
  return Promise.any(tries).then(
    () => true,
    () => false,
  );
}

export interface ReadinessSources {
  pool: pg.Pool;
  store: EventStore;
  config: Pick<Config, 'READY_MAX_LAG_SECONDS' | 'KAFKA_BROKERS'>;
  readModels: readonly string[];
  now: Date;
  /** What the process learnt of the database: faults its requests and loops met, the embedded server's state. */
  database: DatabaseHealth;
}

/**
 * Ready to serve (GET /api/ready): the database answers and takes changes (not a standby, its disk
 * not full), every read model followed live is within READY_MAX_LAG_SECONDS of the log, and with
 * KAFKA_BROKERS a broker is reachable (docs/operations.md, Database outages). A read model being
 * rebuilt beside its live tables is listed under `building`, not counted as behind: its old tables answer.
 */
export async function readiness(sources: ReadinessSources): Promise<Readiness> {
  const { pool, store, config, readModels, now, database } = sources;
  let standby: boolean;
  try {
    const probe = pool.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
    standby = (await within(probe, 'The database')).rows[0]?.standby === true;
  } catch (error) {
    const first = error instanceof CheckTimeout ? error.message : FAULT_REASONS.unreachable;
    return { ready: false, reasons: [...new Set([first, ...database.reasons()])], building: [] };
  }
  const building = await within(rebuildsOf(pool, readModels), 'The database').catch(() => []);
  const rebuilding = new Set(building.map((b) => b.name));
  const followed = readModels.filter((name) => !rebuilding.has(name));
  const reasons = database.reasons();
  if (standby && !reasons.includes(FAULT_REASONS.read_only)) reasons.push(FAULT_REASONS.read_only);
  try {
    const lags = await within(projectionLags(pool, store, followed, now), 'the event log');
    const started = new Set(lags.map((l) => l.name));
    const waiting = followed.filter((name) => !started.has(name)).length;
    if (waiting > 0) reasons.push(`${waiting} read models have not started yet.`);
    const worst = lags.reduce((max, lag) => Math.max(max, lag.seconds), 0);
    if (worst > config.READY_MAX_LAG_SECONDS) {
      const events = lags.reduce((max, lag) => Math.max(max, lag.events), 0);
      reasons.push(
        `The read models are ${Math.round(worst)} s behind the event log (${events} events; at most ${config.READY_MAX_LAG_SECONDS} s).`,
      );
    }
  } catch {
    reasons.push('The event log does not answer.');
  }
  if (config.KAFKA_BROKERS && !(await anyBrokerReachable(config.KAFKA_BROKERS))) {
    reasons.push('No Kafka broker of KAFKA_BROKERS is reachable.');
  }
  return { ready: reasons.length === 0, reasons, building };
}
