import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { retryDelay } from '#libs/database/database-fault.js';
import { DatabaseHealth } from '#libs/database/database-health.js';
import { withAdvisoryLock } from '#libs/database/transaction.js';
import type { EventStore, RecordedEvent, Subscription } from '#libs/eventstore/event-store.port.js';
import { EVENT_STORE, PG_POOL } from '../infrastructure/tokens.js';
import { CodeRedeemedProcessManager } from './code-redeemed.process-manager.js';
import { MailProcessManager } from './mail.process-manager.js';
import { OrderPaidProcessManager } from './order-paid.process-manager.js';
import { OrderRefundedProcessManager } from './order-refunded.process-manager.js';
import type { ProcessManager } from './process-manager.js';

/** The checkpoint's row in `process_manager_checkpoints`. */
const CHECKPOINT = 'process-managers';
/** A checkpoint is written after every batch that ran a process manager, else at most this often. */
const SAVE_EVERY_MS = 10_000;
/**
 * After a failure the subscription starts again from its position after 0.5 s, 1 s, 2 s ... at most
 * 30 s; while the database is away, at most 1 s (retryDelay), so it follows again soon after its return.
 */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/** The process managers' checkpoints: a log position each (a restore moves them, libs/backup). */
export const PROCESS_MANAGER_CHECKPOINTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS process_manager_checkpoints (
    name text PRIMARY KEY,
    position bigint NOT NULL
  )`;

/**
 * The one way a process manager catches up: a checkpointed subscription of the whole log. Every API
 * process follows the log from the checkpoint and runs the process manager of each event it reacts to
 * (OrderPaid, CodeRedeemed, OrderRefunded; and the mails of OrderPaid, OrderRefunded, the renewals'
 * and certificates' events), in log order, each event's managers in the order listed (the grants before
 * the mail that reports them); the checkpoint moves past an event only
 * once its run ended. A crash between an event and its process manager's commands (CodeRedeemed appended, the book not yet
 * granted) therefore leaves the checkpoint before the event, and the next start runs it. The start
 * waits until the subscription reached the head of the log as it was, so the shop opens with every
 * flow completed. The request that appended the event also awaits its process manager directly (its
 * answer comes after the step); both join one run per event, and a run repeated after a crash appends
 * nothing (every grant names its source). Several processes may follow at once: each runs every event,
 * and the shared checkpoint keeps the furthest position.
 */
@Injectable()
export class ProcessManagerSubscription implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProcessManagerSubscription.name);
  private readonly managers: readonly ProcessManager[];
  private running = false;
  private subscription: Subscription | null = null;
  /** Every event up to here has had its process manager run. */
  private position = 0n;
  private saved = 0n;
  private savedAt = 0;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  /** The start, waiting for the head of the log as it was. */
  private waiting: { target: bigint; done: () => void } | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    orderPaid: OrderPaidProcessManager,
    codeRedeemed: CodeRedeemedProcessManager,
    orderRefunded: OrderRefundedProcessManager,
    mails: MailProcessManager,
    private readonly database: DatabaseHealth,
  ) {
    this.managers = [orderPaid, codeRedeemed, orderRefunded, mails];
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureTable();
    const { rows } = await this.pool.query<{ position: string }>(
      'SELECT position FROM process_manager_checkpoints WHERE name = $1',
      [CHECKPOINT],
    );
    this.position = this.saved = BigInt(rows[0]?.position ?? '0');
    const head = await this.store.headPosition();
    const from = this.position;
    const started = performance.now();
    const reached = this.reach(head);
    this.running = true;
    this.follow();
    await reached;
    // Work left by the last stop (a crash, or a stop while behind): said, as it holds the port closed.
    if (head > from) {
      const ms = Math.round(performance.now() - started);
      this.logger.log(`Process managers caught up from position ${from} to ${head} in ${ms} ms`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.release();
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    await this.save().catch(() => undefined); // the next start begins a little earlier: runs repeat, appending nothing
  }

  private follow(): void {
    const subscription = this.store.subscribeToAll({
      after: this.position,
      batchHandler: (events) => this.runBatch(events),
    });
    this.subscription = subscription;
    subscription.done.catch((error: unknown) => this.failed(subscription, error));
  }

  private async runBatch(events: RecordedEvent[]): Promise<void> {
    let ran = false;
    for (const event of events) {
      for (const manager of this.managers.filter((m) => m.reactsTo.includes(event.type))) {
        await manager.handle(event);
        ran = true;
      }
      this.position = event.position;
    }
    this.retryMs = RETRY_FIRST_MS;
    if (ran || Date.now() - this.savedAt >= SAVE_EVERY_MS) await this.save();
    if (this.waiting && this.position >= this.waiting.target) this.release();
  }

  /** Logs the failure and follows the log again from the last event whose run ended, after a growing pause. */
  private failed(subscription: Subscription, error: unknown): void {
    if (this.subscription !== subscription || !this.running) return;
    this.subscription = null;
    const retryMs = retryDelay(this.retryMs, error);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.database.noteError(error);
    this.logger.error(
      `A process manager failed after position ${this.position}: ${String(error)}; trying again in ${retryMs} ms`,
    );
    this.release(); // the shop opens all the same; the subscription keeps trying
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.running) this.follow();
    }, retryMs);
  }

  private reach(target: bigint): Promise<void> {
    if (this.position >= target) return Promise.resolve();
    return new Promise((done) => (this.waiting = { target, done }));
  }

  private release(): void {
    this.waiting?.done();
    this.waiting = null;
  }

  private async save(): Promise<void> {
    this.savedAt = Date.now();
    if (this.position === this.saved) return;
    const position = this.position;
    await this.pool.query(
      `INSERT INTO process_manager_checkpoints (name, position) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET position = GREATEST(process_manager_checkpoints.position, EXCLUDED.position)`,
      [CHECKPOINT, position.toString()],
    );
    this.saved = position;
  }

  /** Several processes may start at once: the DDL runs under a transaction-scoped advisory lock. */
  private async ensureTable(): Promise<void> {
    await withAdvisoryLock(this.pool, 'process_manager_checkpoints', (client) =>
      client.query(PROCESS_MANAGER_CHECKPOINTS_SCHEMA),
    );
  }
}
