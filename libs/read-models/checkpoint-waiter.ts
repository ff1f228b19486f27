import pg from 'pg';
import { CHECKPOINT_CHANNEL } from './projection-batch.js';
import type { ReadModel } from './read-model.js';

/** Read-your-writes: lets a command endpoint wait until the read models have projected its events. */
export interface ProjectionWaiter {
  /** Resolves true once every read model passed `position`, false after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs?: number): Promise<boolean>;
}

const DEFAULT_WAIT_MS = 5000;
/** Past any position of the log (a position is a signed 64-bit number). */
const EVERY_POSITION = 2n ** 63n;
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
      // A model being rebuilt beside its tables (shadow-rebuild.ts) is not waited for: its old tables answer meanwhile.
      const { rows } = await this.pool.query<{ position: string | null; models: number }>(
        `SELECT min(c.position) AS position,
                count(*)::int + (SELECT count(*)::int FROM projection_rebuilds r WHERE r.name = ANY($1)) AS models
         FROM projection_checkpoints c
         WHERE c.name = ANY($1) AND NOT EXISTS (SELECT 1 FROM projection_rebuilds r WHERE r.name = c.name)`,
        [this.names],
      );
      // A model with no checkpoint row yet has projected nothing.
      if (!rows[0] || rows[0].models < this.names.length) return 0n;
      // Every model is being rebuilt: none to wait for.
      return rows[0].position === null ? EVERY_POSITION : BigInt(rows[0].position);
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
