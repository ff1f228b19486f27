import type { SubscriptionType } from '../entitlements/entitlements.events.js';
import type { Decider } from '../kernel/decider.js';
import type { RenewalReminderEvent } from './renewal-reminder.events.js';

/** Reminds of one renewal: what it will charge, when, to which card (looked up by the handler). */
export interface IssueRenewalReminder {
  type: 'IssueRenewalReminder';
  customerId: string;
  subscriptionType: SubscriptionType;
  period: string;
  chargeOn: string;
  amountCents: number;
  productId: number;
  productName: string;
  card: { brand: string; last4: string };
  now: string;
}

export interface RenewalReminder {
  issued: boolean;
}

/** One reminder per subscription and period: a second one (another node, a later pass) appends nothing. */
export function decide(command: IssueRenewalReminder, reminder: RenewalReminder): RenewalReminderEvent[] {
  if (reminder.issued) return [];
  const { type: _type, now, ...facts } = command;
  return [{ type: 'RenewalReminderIssued', data: { ...facts, issuedAt: now } }];
}

export function evolve(reminder: RenewalReminder, event: RenewalReminderEvent): RenewalReminder {
  return event.type === 'RenewalReminderIssued' ? { issued: true } : reminder;
}

export const renewalReminderDecider: Decider<IssueRenewalReminder, RenewalReminder, RenewalReminderEvent> = {
  initialState: { issued: false },
  decide,
  evolve,
};
