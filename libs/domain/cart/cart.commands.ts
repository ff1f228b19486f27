import type { Product, SubscriptionTerm } from '#libs/contracts/catalog.js';
import type { Coupon } from '../pricing/coupon.rules.js';
import type { Cart } from './cart.state.js';
import type { CartClearReason, CheckoutReleaseReason } from './cart.events.js';

/**
 * Commands of the cart decider. The caller looks everything up before asking (the product snapshot
 * from the catalog with its PRICING and TERMS, the coupon definition, the customer's roles, today),
 * so `decide` never looks anything up.
 */
export interface CartContext {
  /** The customer's roles (none for a visitor). */
  roles: readonly string[];
  /** YYYY-MM-DD. */
  today: string;
  /**
   * The catalog's combo coupon (its one AUTO coupon, "CMEComplete combo"), whose `requires` is the pair
   * of products it needs; absent when the catalog has none (the shop then applies no combo).
   */
  comboCoupon?: Coupon;
}

export interface AddItemToCart extends CartContext {
  type: 'AddItemToCart';
  cartId: string;
  product: Product;
  /** 1-999 (storefront section 5); ignored for yearly types, whose QTY is their TERM. */
  QTY: number;
  /** Years for a yearly type (1, 2 or 3; default 1). */
  TERM?: SubscriptionTerm['YEARS'];
  /** A book format from the product's productprices (BOOK, STREAMING, BOTH, ...); default: its PRICING. */
  format?: string;
}

export interface RemoveItemFromCart extends CartContext {
  type: 'RemoveItemFromCart';
  cartId: string;
  ID: number;
  /** Only the line of this type (a book format); every line of the product when absent. */
  TYPE?: string;
}

export interface ApplyCoupon extends CartContext {
  type: 'ApplyCoupon';
  cartId: string;
  /** What the customer typed ({COUPON}). */
  code: string;
  /** The catalog's coupon of that code (compared case-insensitively); undefined when there is none. */
  coupon: Coupon | undefined;
}

/** The customer removes the coupon (a code that does not qualify is settled by ApplyCoupon itself). */
export interface RemoveCoupon {
  type: 'RemoveCoupon';
  cartId: string;
}

export interface ClearCart {
  type: 'ClearCart';
  cartId: string;
  /** 'merged': the anonymous cart after MergeCart succeeded on the customer's cart. */
  reason: CartClearReason;
  /** With reason 'merged': the customer's cart. */
  mergedInto?: string;
}

/** A marketing offer (storefront section 3: OFFER, UID; response TYPE, UNITPRICE, QTY), looked up and checked by the caller. */
export interface RedeemOffer extends CartContext {
  type: 'RedeemOffer';
  cartId: string;
  offer: { OFFER: string; UID: string; TYPE: string; UNITPRICE: number; QTY: number };
  /** The offer's product from the catalog. */
  product: Product;
}

/**
 * On login, the anonymous cart joins the customer's cart (decided on the customer's cart; the caller
 * then clears the anonymous cart with ClearCart, reason 'merged').
 */
export interface MergeCart extends CartContext {
  type: 'MergeCart';
  cartId: string;
  /** The anonymous cart, folded from its stream by the caller. */
  from: Cart;
}

/** The first Pay press takes the cart for its payment (order `onum`, the press's Idempotency-Key). */
export interface StartCheckout {
  type: 'StartCheckout';
  cartId: string;
  onum: number;
  idempotencyKey: string;
  now: string;
}

/** The payment ended without money: the cart is free again, as it was. */
export interface ReleaseCheckout {
  type: 'ReleaseCheckout';
  cartId: string;
  onum: number;
  idempotencyKey: string;
  reason: CheckoutReleaseReason;
}

/** The order is paid: the cart records by which payment and is emptied (CartCleared, reason order_paid). */
export interface CompleteCheckout {
  type: 'CompleteCheckout';
  cartId: string;
  onum: number;
  idempotencyKey: string;
}

export type CartCommand =
  | AddItemToCart
  | RemoveItemFromCart
  | ApplyCoupon
  | RemoveCoupon
  | ClearCart
  | RedeemOffer
  | MergeCart
  | StartCheckout
  | ReleaseCheckout
  | CompleteCheckout;
