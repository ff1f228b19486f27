import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Pool } from 'pg';
import type { Mail } from './mailer.js';

/** Sends one mail (SmtpMailer): throws when the server did not accept it. */
export interface MailTransport {
  send(mail: Mail & { messageId: string }): Promise<void>;
}

export interface RelayLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface RelayOptions {
  /** How often the relay looks for mails due when nothing woke it (ms). */
  pollMs?: number;
  /** How long a claim on a row lasts: longer than any attempt to send it (ms). */
  leaseMs?: number;
  /** Rows claimed at once. */
  batch?: number;
  /** A row's first retry after this (ms), doubling per attempt up to `retryMaxMs`. */
  retryFirstMs?: number;
  retryMaxMs?: number;
}

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  message_id: string | null;
  attempts: number;
}

/** The loop's own pause after a database failure: 1 s doubling up to 30 s. */
const LOOP_RETRY_FIRST_MS = 1_000;
const LOOP_RETRY_MAX_MS = 30_000;

/**
 * The outbox relay (docs/operations.md, Mail): sends the `pending` rows of `mail_outbox` over SMTP,
 * in every process that has SMTP_URL. A row is claimed in a short statement (FOR UPDATE SKIP LOCKED,
 * then a lease: `claimed_until`, `claimed_by`), so two nodes never send one row at once and no
 * transaction stays open while SMTP talks. Sent: the row is marked `sent`. Not accepted: the row waits
 * 1 s, 2 s, 4 s ... at most 10 min and is tried again, forever, unless the server refused the addressee
 * for good (a 5xx to the envelope or the message: `failed`). Every attempt of a row carries the row's
 * Message-ID. At least once: a process that dies after the server accepted a mail and before its row
 * is marked leaves the lease to expire, and the mail is sent again with the same Message-ID.
 *
 * The loop never lets an error escape its timer: a database outage is logged, `healthy` turns false,
 * and the loop tries again after 1 s, 2 s ... at most 30 s.
 */
export class MailRelay {
  private readonly node = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly retryFirstMs: number;
  private readonly retryMaxMs: number;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private again = false;
  private loopRetryMs = LOOP_RETRY_FIRST_MS;
  /** False after a pass failed on the database, until one succeeds. */
  healthy = true;

  constructor(
    private readonly pool: Pool,
    private readonly transport: MailTransport,
    private readonly logger: RelayLogger,
    options: RelayOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.batch = options.batch ?? 20;
    this.retryFirstMs = options.retryFirstMs ?? 1_000;
    this.retryMaxMs = options.retryMaxMs ?? 600_000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** A mail was written: look now instead of at the next poll. */
  nudge(): void {
    if (!this.running) return;
    if (this.busy) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.busy;
  }

  /** Sends every row due now; answers how many were sent. Throws only on a database failure. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await this.claim();
      for (const row of rows) if (await this.deliver(row)) sent += 1;
      if (rows.length < this.batch) return sent;
    }
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  /** One pass of the loop; never throws. */
  private async tick(): Promise<void> {
    this.timer = null;
    if (this.busy) return;
    let delay = this.pollMs;
    this.busy = this.drain().then(
      () => {
        if (!this.healthy) this.logger.info('The mail relay reaches the database again');
        this.healthy = true;
        this.loopRetryMs = LOOP_RETRY_FIRST_MS;
      },
      (error: unknown) => {
        this.healthy = false;
        delay = this.loopRetryMs;
        this.loopRetryMs = Math.min(this.loopRetryMs * 2, LOOP_RETRY_MAX_MS);
        this.logger.error(`The mail relay could not read the outbox: ${String(error)}; trying again in ${delay} ms`);
      },
    );
    await this.busy;
    this.busy = null;
    const now = this.again;
    this.again = false;
    this.schedule(now ? 0 : delay);
  }

  /** Claims the rows due: one statement, its row locks skipped by the other nodes, then a lease. */
  private async claim(): Promise<OutboxRow[]> {
    const { rows } = await this.pool.query<OutboxRow>(
      `UPDATE mail_outbox SET claimed_until = now() + make_interval(secs => $1::double precision / 1000), claimed_by = $2
        WHERE id IN (
          SELECT id FROM mail_outbox
           WHERE status = 'pending' AND next_attempt_at <= now()
             AND (claimed_until IS NULL OR claimed_until < now())
           ORDER BY next_attempt_at, id
           LIMIT $3
           FOR UPDATE SKIP LOCKED)
       RETURNING id::text, to_address, subject, text_body, html_body, message_id, attempts`,
      [this.leaseMs, this.node, this.batch],
    );
    return rows;
  }

  /** Sends one claimed row and records the outcome; answers whether it was sent. */
  private async deliver(row: OutboxRow): Promise<boolean> {
    const mail = {
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body === null ? {} : { html: row.html_body }),
      messageId: row.message_id ?? `<outbox-${row.id}@shop.localhost>`,
    };
    try {
      await this.transport.send(mail);
    } catch (error) {
      await this.failed(row, error);
      return false;
    }
    // The window of at least once: a crash here leaves the row claimed until its lease ends.
    await this.pool.query(
      `UPDATE mail_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, claimed_until = NULL,
              last_error = NULL
        WHERE id = $1 AND claimed_by = $2`,
      [row.id, this.node],
    );
    return true;
  }

  private async failed(row: OutboxRow, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const permanent = isPermanent(error);
    const waitMs = Math.min(this.retryFirstMs * 2 ** (attempts - 1), this.retryMaxMs);
    const reason = error instanceof Error ? error.message : String(error);
    await this.pool.query(
      `UPDATE mail_outbox SET attempts = $3, last_error = $4, claimed_until = NULL,
              status = CASE WHEN $5 THEN 'failed' ELSE status END,
              next_attempt_at = now() + make_interval(secs => $6::double precision / 1000)
        WHERE id = $1 AND claimed_by = $2`,
      [row.id, this.node, attempts, reason.slice(0, 500), permanent, waitMs],
    );
    if (permanent) this.logger.error(`Mail ${row.id} to ${row.to_address} was refused for good: ${reason}`);
    else this.logger.warn(`Mail ${row.id} not sent (attempt ${attempts}): ${reason}; trying again in ${waitMs} ms`);
  }
}

/** A 5xx answer to the envelope or the message: the server refuses this mail for good. */
function isPermanent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return (
    (code === 'EENVELOPE' || code === 'EMESSAGE') &&
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600
  );
}
