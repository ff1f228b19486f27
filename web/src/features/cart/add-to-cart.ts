import type { Product, ProductListItem } from '@contracts/catalog';
import { COMPLETE_PACKAGE_ID, CME_PACKAGE_ID } from '@contracts/catalog';
import type { CartItem } from './cart-slice';

type AnyProduct = Product | ProductListItem;

/** The product copy a cart item carries: everything but DESCR and productprices (storefront section 3). */
export function productCopy(product: AnyProduct): Record<string, unknown> {
  const { productprices: _prices, ...rest } = product;
  const copy: Record<string, unknown> = { ...rest };
  delete copy.DESCR;
  return copy;
}

/** The item type and unit price the shop charges for a product (its PRICING: BOOK / STREAMING rule). */
export function chargedPrice(product: AnyProduct): { type: string; price: number } {
  const type = product.productprices.length > 0 ? product.PRICING.TYPE : product.TYPE;
  return { type, price: product.PRICING.SALE_PRICE ?? product.PRICING.PRICE };
}

/** A cart item for a product; subscriptions pass the chosen term (years) and its price per year. */
export function cartItemFor(product: AnyProduct, qty: number, term?: { years: number; price: number }): CartItem {
  const { type, price } = chargedPrice(product);
  return {
    ID: product.ID,
    NAME: product.NAME,
    DESCR: product.SHORT_DESCR,
    TYPE: term ? product.TYPE : type,
    PRICE: term ? term.price : price,
    QTY: term ? term.years : qty,
    SHIP_WEIGHT: product.SHIP_WEIGHT,
    product: productCopy(product),
  };
}

/** Snackbar text of storefront section 8: the subscriptions are named by their short names. */
export function addedMessage(product: { ID: number; NAME: string; TYPE: string }): string {
  const name =
    product.ID === COMPLETE_PACKAGE_ID
      ? 'Complete'
      : product.ID === CME_PACKAGE_ID
        ? 'CME'
        : product.TYPE === 'elearning'
          ? 'eLearning'
          : product.NAME;
  return `${name} has been added to the cart`;
}
