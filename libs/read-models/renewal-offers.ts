import type { Pool } from 'pg';
import type { Product } from '#libs/contracts/catalog.js';
import type { ExpiringSubscription } from '#libs/contracts/identity.js';
import { findProductsOfType } from '#libs/catalog/commerce.queries.js';
import { findProduct } from '#libs/catalog/products.queries.js';
import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';
import { isSubscriptionType, RENEWED_BY, renewalLinks, renewingProduct } from '#libs/domain/pricing/renewal.js';

/**
 * The catalog side of renewals: the product renewing a subscription type and the toast's offer. The
 * prices themselves are the pure rule of libs/domain/pricing/renewal.ts.
 */

/** The catalog product renewing a subscription type; null when the catalog lacks it. */
export async function renewalProduct(db: Pick<Pool, 'query'>, type: SubscriptionType): Promise<Product | null> {
  const renewing = renewingProduct(type, await findProductsOfType(db, RENEWED_BY[type]));
  return renewing ? findProduct(db, renewing.ID) : null;
}

/** The toast's renewal offer of a subscription type; none (COST 0, no URLS) when the catalog lacks its product. */
export async function renewalOffer(
  db: Pick<Pool, 'query'>,
  type: string,
): Promise<Pick<ExpiringSubscription, 'COST' | 'URLS'>> {
  if (!isSubscriptionType(type)) return { COST: 0, URLS: [] };
  const product = await renewalProduct(db, type);
  return product ? renewalLinks(type, product) : { COST: 0, URLS: [] };
}
