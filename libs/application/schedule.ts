import { databaseFault } from '#libs/database/database-fault.js';

/** After a run cut short by a database fault, the next one comes after 1 s, 2 s, 4 s ... at most a minute. */
const OUTAGE_RETRY_FIRST_MS = 1000;
const OUTAGE_RETRY_MAX_MS = 60_000;

export interface ScheduledJob<T> {
  /** What a failure is called in the log, e.g. `A renewal pass`. */
  name: string;
  /** Between two runs; 0: none, not even at start (tests call `runOnce`). */
  everyMs: number;
  run(): Promise<T>;
  /** What a failed run answers. */
  failed: T;
  logError(message: string): void;
}

/**
 * A job of the shop's own (the automatic renewals, the seals of the CME log): a run at start and one
 * every `everyMs`, one run at a time in this process (a run asked for while one runs joins it). A run
 * that fails is logged and answers `failed`, never an error; one that failed on a database fault runs
 * again after a pause that doubles from 1 s to a minute until one runs through, so what an outage cut
 * short does not wait for the next period (docs/operations.md, Database outages).
 */
export class Schedule<T> {
  private timer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;
  private retryMs = OUTAGE_RETRY_FIRST_MS;
  private stopped = false;

  constructor(private readonly job: ScheduledJob<T>) {}

  start(): void {
    if (this.job.everyMs === 0) return;
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.job.everyMs);
    this.timer.unref();
  }

  /** One run now; joins the one running. */
  runOnce(): Promise<T> {
    this.running ??= this.job
      .run()
      .then((result) => {
        this.retryMs = OUTAGE_RETRY_FIRST_MS;
        return result;
      })
      .catch((error: unknown) => {
        this.job.logError(`${this.job.name} failed: ${String(error)}`);
        if (databaseFault(error)) this.retryLater();
        return this.job.failed;
      })
      .finally(() => (this.running = null));
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.running;
  }

  /** Only a started schedule runs again by itself (with `everyMs` 0 the tests run it). */
  private retryLater(): void {
    if (this.stopped || this.retryTimer || !this.timer) return;
    const pause = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, OUTAGE_RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.runOnce();
    }, pause);
    this.retryTimer.unref();
  }
}
