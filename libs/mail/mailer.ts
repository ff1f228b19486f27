import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Pool, PoolClient } from 'pg';
import type { Config } from '#libs/config/config.js';
import { onceSucceeded } from '#libs/database/once-succeeded.js';
import { withAdvisoryLock } from '#libs/database/transaction.js';

/** One mail: plain text always (links on their own lines), html optional. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The mail port (docs/conventions.md): every mail is written to the outbox table; with SMTP_URL the
 * relay (mail-relay.ts) sends it, without it the outbox is the mailbox. `key` names the fact a mail
 * reports (e.g. `{eventId}:order-confirmation`): a mail whose key is already in the outbox is not
 * written again. Answers whether it was written.
 */
export interface Mailer {
  send(mail: Mail, key?: string): Promise<boolean>;
}

/** Any logger with `info(message)` (pino's, or console). */
export interface MailLogger {
  info(message: string): void;
}

export const OUTBOX_SCHEMA = `
CREATE TABLE IF NOT EXISTS mail_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE mail_outbox
  ADD COLUMN IF NOT EXISTS dedupe_key text,
  ADD COLUMN IF NOT EXISTS message_id text,
  ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'kept',
  ADD COLUMN IF NOT EXISTS attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS next_attempt_at timestamptz,
  ADD COLUMN IF NOT EXISTS claimed_until timestamptz,
  ADD COLUMN IF NOT EXISTS claimed_by text,
  ADD COLUMN IF NOT EXISTS sent_at timestamptz,
  ADD COLUMN IF NOT EXISTS last_error text;
CREATE UNIQUE INDEX IF NOT EXISTS mail_outbox_dedupe_key ON mail_outbox (dedupe_key);
CREATE INDEX IF NOT EXISTS mail_outbox_pending ON mail_outbox (next_attempt_at) WHERE status = 'pending'`;

/** Creates or updates the outbox table; processes starting at once take turns (docs/conventions.md). */
export async function ensureOutbox(pool: Pool): Promise<void> {
  await withAdvisoryLock(pool, 'mail_outbox', (client) => client.query(OUTBOX_SCHEMA));
}

/**
 * A row's state: `kept` (written without SMTP: the outbox is the mailbox; rows kept before SMTP was
 * configured are never sent), `pending` (the relay sends it), `sent`, `failed` (the server refused
 * the addressee for good).
 */
export type OutboxStatus = 'kept' | 'pending' | 'sent' | 'failed';

/** The links of a mail's text: the only part of a mail ever logged (never a password or token by itself). */
export function linksOf(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

/** The relay's SMTP transport (mail-relay.ts): one connection per mail, bounded waits. */
export class SmtpMailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Bounded waits, so an attempt ends well within the relay's claim on its row.
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  /** Sends one mail; `messageId` is the outbox row's own, the same at every attempt. */
  async send(mail: Mail & { messageId?: string }): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  close(): void {
    this.transport.close();
  }
}

/** What the outbox needs beside the pool: whether a relay sends its rows, and the domain of their Message-IDs. */
export interface OutboxOptions {
  /** SMTP_URL is set: rows are `pending` for the relay (else `kept`, their links logged). */
  relayed: boolean;
  /** The domain of MAIL_FROM, for each row's Message-ID. */
  domain: string;
  /** Told after a row for the relay was written (the relay of this process starts at once). */
  onPending?: () => void;
}

/**
 * Writes every mail to `mail_outbox`. Without SMTP (the embedded demo) the outbox is the mailbox and
 * the mail's links are logged, so a person can follow them; with SMTP the relay sends it. Each row
 * gets its Message-ID when written, so every attempt to send it carries the same one.
 */
export class OutboxMailer implements Mailer {
  private readonly ready = onceSucceeded(() => this.pool.query(OUTBOX_SCHEMA));

  constructor(
    private readonly pool: Pool,
    private readonly logger: MailLogger,
    private readonly options: OutboxOptions = { relayed: false, domain: 'shop.localhost' },
  ) {}

  async send(mail: Mail, key?: string): Promise<boolean> {
    await this.ready();
    const written = await writeToOutbox(this.pool, mail, { ...this.options, key: key ?? null });
    if (!written) return false;
    if (this.options.relayed) this.options.onPending?.();
    else for (const link of linksOf(mail.text)) this.logger.info(`Mail "${mail.subject}" to ${mail.to}: ${link}`);
    return true;
  }
}

/** Inserts one mail (in the caller's transaction when `db` is a client); false when its key was there. */
export async function writeToOutbox(
  db: Pick<Pool | PoolClient, 'query'>,
  mail: Mail,
  options: { relayed: boolean; domain: string; key: string | null },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, dedupe_key, message_id, status, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7 = 'pending' THEN now() END)
     ON CONFLICT (dedupe_key) DO NOTHING`,
    [
      mail.to,
      mail.subject,
      mail.text,
      mail.html ?? null,
      options.key,
      `<${randomUUID()}@${options.domain}>`,
      options.relayed ? 'pending' : 'kept',
    ],
  );
  return rowCount === 1;
}

/** The domain of a sender such as `Shop <no-reply@shop.example>`. */
export function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'shop.localhost';
}

/** The shop's mailer: always the outbox; `onPending` wakes the relay of this process (SMTP_URL set). */
export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  pool: Pool,
  logger: MailLogger,
  onPending?: () => void,
): Mailer {
  return new OutboxMailer(pool, logger, {
    relayed: Boolean(config.SMTP_URL),
    domain: domainOf(config.MAIL_FROM),
    onPending,
  });
}
