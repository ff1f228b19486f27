import type { SubscriptionType } from '../entitlements/entitlements.events.js';
import { type HeldSubscription, latestExpiries, RENEW_DAYS_BEFORE } from '../renewal/renewal.rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The reminder may come 15 to 45 days before the charge (California's Automatic Renewal Law, a yearly term). */
export const REMINDER_DAYS_MIN = 15;
export const REMINDER_DAYS_MAX = 45;

/** A renewal to remind of now: its subscription, the expiry it renews and the day it charges. */
export interface DueReminder {
  subscriptionType: SubscriptionType;
  /** The expiry renewed, YYYY-MM-DD. */
  period: string;
  /** RENEW_DAYS_BEFORE days before the expiry, YYYY-MM-DD. */
  chargeOn: string;
}

/**
 * The renewals of one customer to remind of at `now`: per type the latest expiry, whose charge
 * (RENEW_DAYS_BEFORE days before it) is at most `reminderDays` days ahead and still to come. A pass
 * that comes late (the shop was down, or the subscription was bought with less time left) still
 * reminds while the charge is ahead: a late notice is better than none.
 */
export function dueReminders(
  subscriptions: readonly HeldSubscription[],
  now: Date,
  reminderDays: number,
): DueReminder[] {
  const latest = latestExpiries(subscriptions);
  const due: DueReminder[] = [];
  for (const [subscriptionType, expiresAt] of latest) {
    const charge = Date.parse(expiresAt) - RENEW_DAYS_BEFORE * DAY_MS;
    if (charge <= now.getTime() || charge - reminderDays * DAY_MS > now.getTime()) continue;
    due.push({
      subscriptionType,
      period: expiresAt.slice(0, 10),
      chargeOn: new Date(charge).toISOString().slice(0, 10),
    });
  }
  return due;
}
