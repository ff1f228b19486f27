import type { Pool } from 'pg';
import type { Clock } from '#libs/application/clock.js';
import { systemContext } from '#libs/application/command-context.js';
import type { CommandContext, DecideAndAppendResult } from '#libs/application/decide-and-append.js';
import { rolesOf } from '#libs/domain/entitlements/roles.js';
import type { Decider, DomainEvent } from '#libs/domain/kernel/decider.js';
import { autoRenews } from '#libs/domain/renewal/renewal.rules.js';
import { renewalReminderDecider } from '#libs/domain/renewal-reminder/renewal-reminder.decider.js';
import { renewalReminderStreamId } from '#libs/domain/renewal-reminder/renewal-reminder.events.js';
import { type DueReminder, dueReminders } from '#libs/domain/renewal-reminder/renewal-reminder.rules.js';
import { cardOf } from '#libs/read-models/cards.js';
import { autoRenewSettingsOf, findCustomerById } from '#libs/read-models/customers.js';
import { entitlementsOf } from '#libs/read-models/entitlements.js';
import { renewalProduct } from '#libs/read-models/renewal-offers.js';
import { renewalCandidates } from '#libs/read-models/renewals.js';
import { renewalOrder } from './renewal-order.js';

/** What the reminders need from the process they run in (an API process or the projector process). */
export interface ReminderPorts {
  pool: Pool;
  clock: Clock;
  /** RENEWAL_REMINDER_DAYS: how many days before the charge the reminder goes out. */
  reminderDays: number;
  execute<C, S, E extends DomainEvent>(
    context: CommandContext,
    streamId: string,
    decider: Decider<C, S, E>,
    command: C,
  ): Promise<DecideAndAppendResult<S>>;
  logError(message: string): void;
}

/**
 * The reminders before automatic renewals (docs/payments.md, Renewals), run by the renewal schedule's
 * pass: for each customer with auto-renew on and a card on file, each renewal whose charge is at most
 * RENEWAL_REMINDER_DAYS away (dueReminders) gets RenewalReminderIssued on a stream of its own, at
 * no_stream: one reminder per subscription and period whatever the number of passes and nodes. The
 * amount is what the renewal's order would charge today (renewalOrder: the renewal price, tax as at
 * checkout). The mail is written by the mail process manager from the event.
 */
export class RenewalReminders {
  constructor(private readonly ports: ReminderPorts) {}

  /** One pass at the clock's now; answers the reminders issued, as `customer/type/period`. */
  async pass(): Promise<string[]> {
    const now = this.ports.clock.now();
    const issued: string[] = [];
    for (const candidate of await renewalCandidates(this.ports.pool, now)) {
      for (const due of dueReminders(candidate.subscriptions, now, this.ports.reminderDays)) {
        const name = `${candidate.customerId}/${due.subscriptionType}/${due.period}`;
        try {
          if (await this.remind(candidate.customerId, due, now)) issued.push(name);
        } catch (error) {
          // One reminder's fault leaves it for the next pass.
          this.ports.logError(`Renewal reminder ${name} stopped: ${String(error)}`);
        }
      }
    }
    return issued;
  }

  private async remind(customerId: string, due: DueReminder, now: Date): Promise<boolean> {
    const { pool } = this.ports;
    const [customer, card, product, entitlements] = await Promise.all([
      findCustomerById(pool, customerId),
      cardOf(pool, customerId),
      renewalProduct(pool, due.subscriptionType),
      entitlementsOf(pool, customerId),
    ]);
    // The subscription's own auto-renew (the account's box for one without its own choice).
    if (!customer || !autoRenews(autoRenewSettingsOf(customer), due.subscriptionType) || !card || !product) {
      return false;
    }
    const roles = rolesOf(entitlements, now);
    const order = renewalOrder({ onum: 0, customer, subscriptionType: due.subscriptionType, product, roles, now });
    if (order === null) return false; // no one-year term to renew with: nothing will be charged
    const { events } = await this.ports.execute(
      systemContext(),
      renewalReminderStreamId(customerId, due.subscriptionType, due.period),
      renewalReminderDecider,
      {
        type: 'IssueRenewalReminder',
        customerId,
        subscriptionType: due.subscriptionType,
        period: due.period,
        chargeOn: due.chargeOn,
        amountCents: order.clientTotal,
        productId: product.ID,
        productName: product.NAME,
        card: { brand: card.BRAND, last4: card.LAST4 },
        now: now.toISOString(),
      },
    );
    return events.length > 0;
  }
}
