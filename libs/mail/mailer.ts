import nodemailer, { type Transporter } from 'nodemailer';
import type { Pool } from 'pg';
import type { Config } from '#libs/config/config.js';
import { onceSucceeded } from '#libs/database/once-succeeded.js';

/** One mail: plain text always (links on their own lines), html optional. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail port (docs/conventions.md): SMTP when SMTP_URL is set, otherwise the outbox table. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
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
)`;

/** The links of a mail's text: the only part of a mail ever logged (never a password or token by itself). */
export function linksOf(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  close(): void {
    this.transport.close();
  }
}

/** Embedded mode without SMTP: the mail is kept in `mail_outbox` and its links are logged, so a person can follow them. */
export class OutboxMailer implements Mailer {
  private readonly ready = onceSucceeded(() => this.pool.query(OUTBOX_SCHEMA));

  constructor(
    private readonly pool: Pool,
    private readonly logger: MailLogger,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.ready();
    await this.pool.query(
      'INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4)',
      [mail.to, mail.subject, mail.text, mail.html ?? null],
    );
    for (const link of linksOf(mail.text)) this.logger.info(`Mail "${mail.subject}" to ${mail.to}: ${link}`);
  }
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, pool: Pool, logger: MailLogger): Mailer {
  return config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new OutboxMailer(pool, logger);
}
