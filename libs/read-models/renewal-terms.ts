import type { Pool } from 'pg';
import type { Subscriptions } from '#libs/contracts/cart.js';
import type { RenewalTerms, SubscriptionRenewal } from '#libs/contracts/renewals.js';
import {
  type CurrentExpiries,
  type GrantedLine,
  expiriesAfterOrder,
  latestExpiries,
} from '#libs/domain/entitlements/grants-for-order.js';
import { SUBSCRIPTION_TYPES, type SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';
import { renewalUnitPrice } from '#libs/domain/pricing/renewal.js';
import { autoRenews, chargeDay } from '#libs/domain/renewal/renewal.rules.js';
import { autoRenewSettingsOf, findCustomerById } from './customers.js';
import { entitlementsOf } from './entitlements.js';
import { renewalProduct } from './renewal-offers.js';
import { renewalsOf } from './renewals.js';

type Db = Pick<Pool, 'query'>;

/**
 * The yearly renewal terms the customer is told of (docs/decisions.md, "The renewal and the card: the
 * customer's choice"): what a renewal buys, what it costs and when the card on file is charged, for the
 * pay screen (the quote), the receipt and the Subscriptions tab. The rules are the domain's
 * (renewal.rules.ts, pricing/renewal.ts, grants-for-order.ts); these are their queries.
 */

/** The terms of renewing a subscription that expires at `expiresAt` (ISO), as seen at `now`. */
export async function renewalTermsOf(
  db: Db,
  type: SubscriptionType,
  expiresAt: string,
  now: Date,
): Promise<RenewalTerms> {
  const product = await renewalProduct(db, type);
  const PRICE = product ? renewalUnitPrice(product, 1) : null;
  return {
    TYPE: type,
    PRODUCTNAME: product?.NAME ?? null,
    EXPIRES: expiresAt.slice(0, 10),
    RENEWS: PRICE === null ? null : chargeDay(expiresAt, now),
    PRICE,
  };
}

/** The latest expiry of each subscription the customer holds. */
export async function heldExpiries(db: Db, customerId: string): Promise<CurrentExpiries> {
  return latestExpiries((await entitlementsOf(db, customerId)).subscriptions);
}

/** The pay screen's terms: each subscription the order's lines buy, with the expiry it reaches once paid now. */
export async function orderRenewalTerms(
  db: Db,
  customerId: string | null,
  lines: readonly GrantedLine[],
  now: Date,
): Promise<RenewalTerms[]> {
  const current = customerId === null ? {} : await heldExpiries(db, customerId);
  const after = expiriesAfterOrder(lines, current, now.toISOString().slice(0, 10));
  return termsOfEach(db, after, now);
}

async function termsOfEach(db: Db, expiries: CurrentExpiries, now: Date): Promise<RenewalTerms[]> {
  const types = SUBSCRIPTION_TYPES.filter((type) => expiries[type] !== undefined);
  return Promise.all(types.map((type) => renewalTermsOf(db, type, expiries[type]!, now)));
}

/**
 * The running subscriptions of `types` (default all) with their terms and auto-renew (the
 * Subscriptions tab; the receipt, for the subscriptions its order bought). A period whose renewal
 * already failed or was cancelled is not renewed again automatically: RENEWS null.
 */
export async function subscriptionRenewals(
  db: Db,
  customerId: string,
  now: Date,
  types: readonly SubscriptionType[] = SUBSCRIPTION_TYPES,
): Promise<SubscriptionRenewal[]> {
  const [expiries, customer, renewals] = await Promise.all([
    heldExpiries(db, customerId),
    findCustomerById(db, customerId),
    renewalsOf(db, customerId),
  ]);
  const running: CurrentExpiries = {};
  for (const type of types) {
    const expiresAt = expiries[type];
    if (expiresAt !== undefined && Date.parse(expiresAt) > now.getTime()) running[type] = expiresAt;
  }
  const settings = autoRenewSettingsOf(customer);
  return (await termsOfEach(db, running, now)).map((terms) => {
    const ended = renewals.some(
      (r) => r.subscriptionType === terms.TYPE && r.period === terms.EXPIRES && r.status !== 'started',
    );
    return { ...terms, RENEWS: ended ? null : terms.RENEWS, AUTORENEW: autoRenews(settings, terms.TYPE) ? 1 : 0 };
  });
}

const NONE = '0000-00-00';

/** GET /api/subscriptions: the expiry of each type (signed-in section 2) and the running ones' renewals. */
export async function subscriptionsOf(db: Db, customerId: string, now: Date): Promise<Subscriptions> {
  const [expiries, RENEWALS] = await Promise.all([
    heldExpiries(db, customerId),
    subscriptionRenewals(db, customerId, now),
  ]);
  const day = (type: SubscriptionType): string => expiries[type]?.slice(0, 10) ?? NONE;
  return {
    cme_expire: day('cme'),
    complete_expire: day('qmpcomplete'),
    streaming_all_expire: day('streaming_all'),
    elearning_expire: day('elearning'),
    RENEWALS,
  };
}
