import { RENEWAL_DISCOUNT_PERCENT } from '#libs/contracts/cart.js';
import { isCmePackage, type Product, type ProductType } from '#libs/contracts/catalog.js';
import type { ExpiringSubscription } from '#libs/contracts/identity.js';
import { SUBSCRIPTION_TYPES, type SubscriptionType } from '../entitlements/entitlements.events.js';
import { termPrices } from './cart-line.js';
import { percentOfCents } from './money.js';

/**
 * Renewals (storefront section 9, signed-in section 2 toast): a customer who holds or held a
 * subscription renews it at 10% off the per-year price of the chosen term. The cart holds a renewal
 * as an offer line (OFFER `renewal`, UID `renewal-{TYPE}-{TERM}`) priced at `renewalUnitPrice`.
 */

/** The OFFER of a renewal line in the cart (catalog offers come from catalog_offers instead). */
export const RENEWAL_OFFER = 'renewal';

export const isSubscriptionType = (type: string): type is SubscriptionType =>
  (SUBSCRIPTION_TYPES as readonly string[]).includes(type);

/** The catalog TYPE of the product renewing each subscription type. */
export const RENEWED_BY: Readonly<Record<SubscriptionType, ProductType>> = {
  qmpcomplete: 'qmpcomplete',
  elearning: 'elearning',
  streaming_all: 'STREAMING_ALL',
  cme: 'cme',
};

/**
 * Of the catalog's products of the subscription's TYPE (in id order), the one renewing it: the CME
 * package for cme (not a CME module, which is of the same TYPE), else the first.
 */
export function renewingProduct<P extends Pick<Product, 'TYPE' | 'CREDITS'>>(
  type: SubscriptionType,
  candidates: readonly P[],
): P | undefined {
  return candidates.find((product) => type !== 'cme' || isCmePackage(product));
}

/** The renewal's per-year price of a term in cents (10% off, rounded half up), or null when the term is not offered. */
export function renewalUnitPrice(product: Product, term: number): number | null {
  const price = termPrices(product).find((t) => t.TERM === term)?.PRICE;
  return price === undefined ? null : price - percentOfCents(price, RENEWAL_DISCOUNT_PERCENT);
}

export const renewalUid = (type: SubscriptionType, term: number): string => `${RENEWAL_OFFER}-${type}-${term}`;

/** What the expiring-subscription toast offers: COST (1-year term, per year) and a renew link per term. */
export function renewalLinks(type: SubscriptionType, product: Product): Pick<ExpiringSubscription, 'COST' | 'URLS'> {
  const URLS = termPrices(product).map(({ TERM }) => ({
    TERM,
    URL: `/cart?renew=${type}&term=${TERM}`,
    COST: renewalUnitPrice(product, TERM) ?? 0,
  }));
  return { COST: renewalUnitPrice(product, 1) ?? URLS[0]?.COST ?? 0, URLS };
}
