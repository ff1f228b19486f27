import type { CouponRefusal } from '#libs/contracts/cart.js';
import type { Product } from '#libs/contracts/catalog.js';
import type { Coupon } from '../pricing/coupon.rules.js';
import { combo } from '../pricing/coupon.testing.js';
import { testProduct } from '../pricing/product.testing.js';
import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import type { AddItemToCart, CartContext } from './cart.commands.js';
import { cartDecider } from './cart.decider.js';
import type { CartEvent, CartItem, CouponRemovalReason, ItemRemovalReason } from './cart.events.js';

/** Products, commands and events the cart decider's specs are written in (storefront sections 3, 4, 5). */
export const given = givenWhenThen(cartDecider);
export const cartId = 'cart-a';

/** The demo coupons the cart's specs apply: the one fixture of the pricing specs. */
export { books100, combo, complete, expired1, welcome10 } from '../pricing/coupon.testing.js';
export const context: CartContext = { roles: [], today: '2026-06-15', comboCoupon: combo };

export const product = (over: Partial<Product> & Pick<Product, 'ID' | 'NAME' | 'TYPE' | 'PRICE'>): Product =>
  testProduct(over);

export const completePackage = product({
  ID: 130,
  NAME: 'Complete',
  TYPE: 'qmpcomplete',
  PRICE: 175000,
  TERMS: [
    { YEARS: 1, PRICE: 175000 },
    { YEARS: 2, PRICE: 160000 },
    { YEARS: 3, PRICE: 140000 },
  ],
});
export const cmePackage = product({
  ID: 155,
  NAME: 'CME',
  TYPE: 'cme',
  PRICE: 40000,
  CREDITS: 20,
  CME_RESTRICTED: true,
});
export const eLearning = product({
  ID: 140,
  NAME: 'eLearning',
  TYPE: 'elearning',
  PRICE: 69500,
  TERMS: [
    { YEARS: 1, PRICE: 69500 },
    { YEARS: 2, PRICE: 64500 },
    { YEARS: 3, PRICE: 59500 },
  ],
});
export const streamingAll = product({ ID: 145, NAME: 'Stream All', TYPE: 'STREAMING_ALL', PRICE: 89500 });
export const book = product({
  ID: 301,
  NAME: 'Rhinoplasty Atlas',
  TYPE: 'BOOK',
  PRICE: 6000,
  STREAMING: 0,
  SHIP_WEIGHT: 3,
  productprices: [
    { TYPE: 'BOOK', PRICE: 6000, SALE_PRICE: null },
    { TYPE: 'STREAMING', PRICE: 4000, SALE_PRICE: null },
    { TYPE: 'BOTH', PRICE: 8000, SALE_PRICE: 7500 },
  ],
  PRICING: { TYPE: 'BOOK', PRICE: 6000, SALE_PRICE: null },
});
export const video = product({ ID: 215, NAME: 'Eyelid Series', TYPE: 'STREAMING', PRICE: 7900, SALE_PRICE: 5900 });

/** The cart item of storefront section 3 for a product. */
export const itemOf = (p: Product, over: Partial<CartItem> = {}): CartItem => {
  const { DESCR, productprices: _prices, ...copy } = p;
  return {
    ID: p.ID,
    NAME: p.NAME,
    DESCR,
    TYPE: p.PRICING.TYPE,
    PRICE: p.PRICING.SALE_PRICE ?? p.PRICING.PRICE,
    QTY: 1,
    TERM: ['qmpcomplete', 'elearning', 'STREAMING_ALL', 'pulse'].includes(p.TYPE) ? 1 : null,
    product: copy,
    SHIP_WEIGHT: p.SHIP_WEIGHT,
    OFFER: null,
    ...over,
  };
};

export const addItem = (p: Product, over: Partial<AddItemToCart> = {}): AddItemToCart => ({
  type: 'AddItemToCart',
  cartId,
  product: p,
  QTY: 1,
  ...context,
  ...over,
});
export const itemAdded = (item: CartItem, added = item.QTY, mergedFrom: string | null = null): CartEvent => ({
  type: 'ItemAddedToCart',
  data: { cartId, item, added, mergedFrom },
});
export const added = (p: Product, over: Partial<CartItem> = {}): CartEvent => itemAdded(itemOf(p, over));
export const itemRemoved = (p: Product, reason: ItemRemovalReason = 'removed', TYPE = p.PRICING.TYPE): CartEvent => ({
  type: 'ItemRemovedFromCart',
  data: { cartId, ID: p.ID, TYPE, UID: null, reason },
});

export const couponApplied = (c: Coupon, discountCents: number): CartEvent => ({
  type: 'CouponApplied',
  data: { cartId, code: c.code, coupon: c, discountCents, auto: c.auto },
});
export const comboApplied = couponApplied(combo, 10000);
export const couponRemoved = (c: Coupon, reason: CouponRemovalReason): CartEvent => ({
  type: 'CouponRemoved',
  data: { cartId, code: c.code, reason },
});
export const couponRefused = (code: string, reason: CouponRefusal): CartEvent => ({
  type: 'CouponRefused',
  data: { cartId, code, reason },
});
