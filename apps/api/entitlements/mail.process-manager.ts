import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Config } from '#libs/config/config.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { mailBrand } from '#libs/mail/brand.js';
import { type EventMailSources, MAILED_EVENT_TYPES, mailKeyOf, mailOfEvent } from '#libs/mail/event-mails.js';
import type { Mailer } from '#libs/mail/mailer.js';
import { CONFIG, EVENT_STORE, MAILER, PG_POOL } from '../infrastructure/tokens.js';
import { RequestContext } from '../kernel/request-context.js';
import { EventProcessManager } from './process-manager.js';

/**
 * The mails of events (docs/operations.md, Mail): an order paid (its confirmation and receipt), a
 * refund, a renewal's reminder, receipt or failure, a CME certificate issued. Each is written to the
 * outbox under the key `{eventId}:{kind}`, so the run the log's subscription repeats after a crash,
 * and the same run on every API node, write one row; the relay sends it. It runs after the grants of
 * the same event (ProcessManagerSubscription's order), so an order's mail knows the expiries it gave.
 */
@Injectable()
export class MailProcessManager extends EventProcessManager {
  readonly reactsTo: readonly string[] = MAILED_EVENT_TYPES;
  private readonly sources: EventMailSources;

  constructor(
    @Inject(PG_POOL) pool: Pool,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(CONFIG) config: Config,
    @Inject(MAILER) private readonly mailer: Mailer,
    context: RequestContext,
  ) {
    super(context);
    this.sources = { pool, store, brand: mailBrand(config), reminderDays: config.RENEWAL_REMINDER_DAYS };
  }

  /** Writes the event's mail to the outbox; appends no event. */
  protected async step(recorded: RecordedEvent): Promise<number> {
    const mail = await mailOfEvent(recorded, this.sources);
    if (mail) await this.mailer.send(mail, mailKeyOf(recorded));
    return 0;
  }
}
