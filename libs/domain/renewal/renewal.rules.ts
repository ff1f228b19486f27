import { RENEW_DAYS_BEFORE } from '#libs/contracts/renewals.js';
import { SUBSCRIPTION_TYPES, type SubscriptionType } from '../entitlements/entitlements.events.js';

/** A yearly subscription is renewed this many days before it expires (docs/payments.md, Renewals). */
export { RENEW_DAYS_BEFORE };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A subscription as the entitlements read model holds it (ISO 8601 dates). */
export interface HeldSubscription {
  subscriptionType: string;
  startsAt: string;
  expiresAt: string;
}

/**
 * A customer's auto-renew: the account's setting (the profile's box, on by default at registration) and
 * the choices made for single subscriptions (the Subscriptions tab's switch, the pay screen's box),
 * which win over it. Turning the account's setting on or off sets every subscription (it clears the
 * single choices): docs/decisions.md, "The renewal and the card: the customer's choice".
 */
export interface AutoRenewSettings {
  account: boolean;
  subscriptions: Partial<Record<SubscriptionType, boolean>>;
}

/** Whether a subscription of this type renews automatically: its own choice, else the account's setting. */
export function autoRenews(settings: AutoRenewSettings, type: SubscriptionType): boolean {
  return settings.subscriptions[type] ?? settings.account;
}

/**
 * The day (YYYY-MM-DD, UTC) a subscription expiring at `expiresAt` is renewed: RENEW_DAYS_BEFORE days
 * before its expiry, the first day dueRenewals finds it due (the schedule runs every hour).
 */
export function renewalDay(expiresAt: string): string {
  return new Date(Date.parse(expiresAt) - RENEW_DAYS_BEFORE * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The day a running subscription's renewal is charged, as seen at `now` (YYYY-MM-DD): its renewalDay,
 * or today once that day has passed (auto-renew turned on in the last days: the next pass charges it).
 */
export function chargeDay(expiresAt: string, now: Date): string {
  const day = renewalDay(expiresAt);
  const today = now.toISOString().slice(0, 10);
  return day < today ? today : day;
}

/** A subscription to renew now: its type and the expiry it renews (the period, YYYY-MM-DD). */
export interface DueRenewal {
  subscriptionType: SubscriptionType;
  period: string;
  expiresAt: string;
}

/** Per subscription type the shop renews, the latest expiry a customer holds (ISO 8601). */
export function latestExpiries(subscriptions: readonly HeldSubscription[]): Map<SubscriptionType, string> {
  const latest = new Map<SubscriptionType, string>();
  for (const s of subscriptions) {
    const type = SUBSCRIPTION_TYPES.find((t) => t === s.subscriptionType);
    if (type === undefined) continue;
    const current = latest.get(type);
    if (current === undefined || Date.parse(s.expiresAt) > Date.parse(current)) latest.set(type, s.expiresAt);
  }
  return latest;
}

/**
 * The subscriptions of one customer to renew at `now`: per type whose auto-renew is on, the latest
 * expiry, when it lies in the next RENEW_DAYS_BEFORE days (a subscription already renewed expires
 * later; one that has expired is not charged for any more: the customer renews it by hand).
 */
export function dueRenewals(
  subscriptions: readonly HeldSubscription[],
  now: Date,
  autorenew: AutoRenewSettings,
): DueRenewal[] {
  const latest = latestExpiries(subscriptions);
  const from = now.getTime();
  const until = from + RENEW_DAYS_BEFORE * DAY_MS;
  return [...latest.entries()]
    .filter(([type]) => autoRenews(autorenew, type))
    .filter(([, expiresAt]) => Date.parse(expiresAt) > from && Date.parse(expiresAt) <= until)
    .map(([subscriptionType, expiresAt]) => ({ subscriptionType, period: expiresAt.slice(0, 10), expiresAt }));
}

/** Why a started renewal is cancelled when it is decided again before its charge. */
export const RENEWAL_NO_LONGER_WANTED = {
  autoRenewOff: 'Auto-renew was turned off before this renewal was charged.',
  noCard: 'There was no card on file when this renewal was to be charged.',
  renewed: 'The subscription was renewed before this renewal was charged.',
  ended: 'The subscription no longer ran when this renewal was to be charged.',
} as const;

/** Whether a text is one of RENEWAL_NO_LONGER_WANTED's (a renewal's order declined for it). */
export const isNoLongerWanted = (text: string): boolean =>
  (Object.values(RENEWAL_NO_LONGER_WANTED) as string[]).includes(text);

/** Today's facts a renewal is decided again on, just before its charge. */
export interface RenewalFacts {
  /** The customer's auto-renew as set now: the subscription's own choice, else the account's. */
  autorenew: AutoRenewSettings;
  cardOnFile: boolean;
  /** The customer's subscriptions as held now. */
  subscriptions: readonly HeldSubscription[];
  subscriptionType: SubscriptionType;
  /** The expiry the renewal renews (YYYY-MM-DD). */
  period: string;
}

/**
 * Whether a started renewal is still to be charged (null) or why not: auto-renew is still on for this
 * subscription (its own choice, else the account's setting), a card is
 * on file, and the subscription's latest expiry is still the one it renews (a later one: renewed
 * meanwhile, by hand; none as late: it ended, or was refunded).
 */
export function renewalNoLongerWanted(facts: RenewalFacts): string | null {
  if (!autoRenews(facts.autorenew, facts.subscriptionType)) return RENEWAL_NO_LONGER_WANTED.autoRenewOff;
  if (!facts.cardOnFile) return RENEWAL_NO_LONGER_WANTED.noCard;
  const latest = latestExpiries(facts.subscriptions).get(facts.subscriptionType)?.slice(0, 10);
  if (latest === undefined || latest < facts.period) return RENEWAL_NO_LONGER_WANTED.ended;
  if (latest > facts.period) return RENEWAL_NO_LONGER_WANTED.renewed;
  return null;
}
