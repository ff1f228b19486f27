import type { OrderLine, OrderPaid } from '../order/order.events.js';
import { RENEWAL_OFFER } from '../pricing/renewal.js';
import type { GrantProductAccess, GrantSubscription } from './entitlements.decider.js';
import { SUBSCRIPTION_TYPES, type SubscriptionType } from './entitlements.events.js';

/** The customer's current expiry per subscription type (ISO 8601), from the entitlements read model or stream. */
export type CurrentExpiries = Partial<Record<SubscriptionType, string>>;

export type EntitlementGrant = GrantSubscription | GrantProductAccess;

/** What the grants read of an order's line. */
export type GrantedLine = Pick<OrderLine, 'PRODUCTID' | 'TYPE' | 'QTY' | 'TERM' | 'OFFER'>;

/** Line types that are subscriptions, and the subscription they grant. */
const SUBSCRIPTIONS: Record<string, Exclude<SubscriptionType, 'cme'>> = {
  qmpcomplete: 'qmpcomplete',
  elearning: 'elearning',
  streaming_all: 'streaming_all',
};
/** Line types that open the product itself: streaming (STREAMING, BOTH) and the app (iflap). */
const PRODUCT_ACCESS = ['streaming', 'both', 'iflap'];

const startOfDay = (day: string): string => `${day.slice(0, 10)}T00:00:00.000Z`;

/** `iso` plus `years`, same month, day and time; Feb 29 becomes Feb 28 in a year without one. */
export function addYears(iso: string, years: number): string {
  const date = new Date(iso);
  const target = new Date(date.getTime());
  target.setUTCFullYear(date.getUTCFullYear() + years);
  if (target.getUTCMonth() !== date.getUTCMonth()) target.setUTCDate(0);
  return target.toISOString();
}

/** The latest expiry per subscription type of the subscriptions held (other types are left out). */
export function latestExpiries(held: readonly { subscriptionType: string; expiresAt: string }[]): CurrentExpiries {
  const expiries: CurrentExpiries = {};
  for (const s of held) {
    const type = SUBSCRIPTION_TYPES.find((t) => t === s.subscriptionType);
    if (type === undefined) continue;
    const current = expiries[type];
    if (current === undefined || Date.parse(s.expiresAt) > Date.parse(current)) expiries[type] = s.expiresAt;
  }
  return expiries;
}

const later = (a: string, b: string | undefined): string => (b !== undefined && Date.parse(b) > Date.parse(a) ? b : a);

/**
 * The entitlement grants of a paid order (docs/conventions.md: roles derive from entitlements):
 * - a subscription per subscription line (qmpcomplete, elearning, STREAMING_ALL -> streaming_all), from
 *   the payment day, expiring the term in years after the later of today and the current expiry (a
 *   renewal extends, it never shortens);
 * - cme for the current calendar year (expires Dec 31 of this year); a renewal (OFFER `renewal`) of a
 *   running cme subscription for the year after it;
 * - product access for STREAMING and BOTH lines, and for the app (TYPE iflap);
 * - nothing for books, events and pulse, and nothing for a guest order (no customer to hold it).
 * `today` is YYYY-MM-DD. Every grant names the order as its source, so granting twice appends nothing.
 */
export function grantsForPaidOrder(
  orderPaid: Pick<OrderPaid['data'], 'onum' | 'customerId'> & { lines: readonly GrantedLine[] },
  currentExpiries: CurrentExpiries,
  today: string,
): EntitlementGrant[] {
  const { customerId } = orderPaid;
  if (customerId === null) return [];
  const source = `order:${orderPaid.onum}`;
  const startsAt = startOfDay(today);
  const expiries: CurrentExpiries = { ...currentExpiries };
  const grants: EntitlementGrant[] = [];
  for (const line of orderPaid.lines) {
    const type = line.TYPE.toLowerCase();
    const subscriptionType = SUBSCRIPTIONS[type];
    if (subscriptionType !== undefined) {
      const years = line.TERM ?? line.QTY;
      const expiresAt = addYears(later(startsAt, expiries[subscriptionType]), years);
      expiries[subscriptionType] = expiresAt;
      grants.push({ type: 'GrantSubscription', customerId, subscriptionType, startsAt, expiresAt, source });
    } else if (type === 'cme') {
      // A renewal of a running cme subscription (the automatic renewal, days before Dec 31) buys the next year.
      const current = expiries.cme;
      const renewsNextYear = line.OFFER?.OFFER === RENEWAL_OFFER && current !== undefined && current > startsAt;
      const year = renewsNextYear ? Number(current.slice(0, 4)) + 1 : Number(today.slice(0, 4));
      const expiresAt = `${year}-12-31T23:59:59.999Z`;
      expiries.cme = expiresAt;
      grants.push({ type: 'GrantSubscription', customerId, subscriptionType: 'cme', startsAt, expiresAt, source });
    } else if (PRODUCT_ACCESS.includes(type)) {
      grants.push({
        type: 'GrantProductAccess',
        customerId,
        productId: line.PRODUCTID,
        productType: line.TYPE,
        source,
      });
    }
  }
  return grants;
}

/**
 * The expiry each subscription of an order reaches once it is paid `today` (YYYY-MM-DD): the renewal
 * terms the pay screen states. The same rule as the grants, for a customer not named yet.
 */
export function expiriesAfterOrder(
  lines: readonly GrantedLine[],
  currentExpiries: CurrentExpiries,
  today: string,
): CurrentExpiries {
  const expiries: CurrentExpiries = {};
  for (const grant of grantsForPaidOrder({ onum: 0, customerId: 'quote', lines }, currentExpiries, today)) {
    if (grant.type === 'GrantSubscription') expiries[grant.subscriptionType] = grant.expiresAt;
  }
  return expiries;
}
