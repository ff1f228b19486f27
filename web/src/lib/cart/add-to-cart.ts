import type { AddItemRequest } from '@contracts/cart';
import type { Product, ProductListItem } from '@contracts/catalog';
import { isCmePackage, isCompletePackage } from '@contracts/catalog';

type AnyProduct = Product | ProductListItem;

/** The add-item request for a product; subscriptions pass the chosen term (years). The server prices it. */
export function addRequestFor(product: AnyProduct, qty: number, term?: { years: number }): AddItemRequest {
  if (term) return { PRODUCTID: product.ID, QTY: 1, TERM: Math.min(Math.max(term.years, 1), 3) as 1 | 2 | 3 };
  return { PRODUCTID: product.ID, QTY: qty };
}

/** Snackbar text of storefront section 8: the subscriptions are named by their short names. */
export function addedMessage(product: { ID: number; NAME: string; TYPE: string; CREDITS?: number }): string {
  const name = isCompletePackage(product)
    ? 'Complete'
    : isCmePackage({ TYPE: product.TYPE, CREDITS: product.CREDITS ?? 0 })
      ? 'CME'
      : product.TYPE === 'elearning'
        ? 'eLearning'
        : product.NAME;
  return `${name} has been added to the cart`;
}
