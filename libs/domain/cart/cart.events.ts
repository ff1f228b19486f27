import type { CouponRefusal } from '#libs/contracts/cart.js';
import type { Product, SubscriptionTerm } from '#libs/contracts/catalog.js';
import type { DomainEvent } from '../kernel/decider.js';
import type { Coupon } from '../pricing/coupon.rules.js';

/** Events of the cart stream `cart-{cartId}` (docs/conventions.md). Money in cents. */

/** The cart item's copy of the product: "a copy of the product without DESCR and productprices" (storefront section 3). */
export type CartProductCopy = Omit<Product, 'DESCR' | 'productprices'>;

/** A marketing offer the line was redeemed from (storefront section 3, offer response). */
export interface CartOffer {
  OFFER: string;
  UID: string;
}

/**
 * The cart item of storefront section 3: ID, NAME, DESCR, TYPE, PRICE, QTY, the product copy and the
 * shipping weight; plus TERM for subscriptions. For yearly types PRICE is per year and QTY equals TERM
 * (the number of years), so every line costs PRICE x QTY (docs/decisions.md).
 */
export interface CartItem {
  ID: number;
  NAME: string;
  DESCR: string;
  /** The item type: the product's TYPE, or the chosen format of a book (BOOK, STREAMING, BOTH, ...). */
  TYPE: string;
  /** Unit price in cents; per year for yearly types. */
  PRICE: number;
  /** 1-999; the number of years for yearly types. */
  QTY: number;
  /** Years (1-3) for yearly types; null otherwise. */
  TERM: SubscriptionTerm['YEARS'] | null;
  product: CartProductCopy;
  /** Pounds (the product's SHIP_WEIGHT). */
  SHIP_WEIGHT: number;
  /** Set when the line came from a marketing offer, at the offer's price. */
  OFFER: CartOffer | null;
}

/** The one cart-level coupon: its definition as applied, and the discount it gives the cart now. */
export interface AppliedCoupon {
  code: string;
  coupon: Coupon;
  discountCents: number;
  /** Applied by the shop itself (the CMEComplete combo). */
  auto: boolean;
}

export type ItemAddedToCart = DomainEvent<
  'ItemAddedToCart',
  {
    cartId: string;
    /** The line as it stands after the add (a repeat add carries the summed QTY, or the new TERM). */
    item: CartItem;
    /** The quantity this add brought (for a subscription: its term in years). */
    added: number;
    /** The anonymous cart this line was merged from on login; null otherwise. */
    mergedFrom: string | null;
  }
>;

export type ItemRemovalReason =
  /** The customer removed it. */
  | 'removed'
  /** Storefront section 4: "Adding qmpcomplete to the cart removes any eLearning and STREAMING_ALL items". */
  | 'included_in_complete'
  /**
   * Storefront section 4: removing the Complete package while the combo coupon is active also removes
   * the CME package: the combo's other required products, when its first is removed.
   */
  | 'combo_removed'
  /** A one-per-cart product replaced by another line of the same product (an offer, a merge). */
  | 'replaced';

export type ItemRemovedFromCart = DomainEvent<
  'ItemRemovedFromCart',
  { cartId: string; ID: number; TYPE: string; UID: string | null; reason: ItemRemovalReason }
>;

export type CouponApplied = DomainEvent<
  'CouponApplied',
  {
    cartId: string;
    code: string;
    coupon: Coupon;
    /** The discount the cart gets now; applied again with a new amount when the cart changes. */
    discountCents: number;
    auto: boolean;
  }
>;

export type CouponRemovalReason =
  /** The customer removed it. */
  | 'removed'
  /** Storefront section 4: a coupon whose discount would be 0 "is removed from the cart". */
  | 'not_qualifying'
  /** It expired, or the customer no longer holds its role. */
  | 'invalid'
  /** The combo coupon once the cart lacks one of the products it requires. */
  | 'combo_broken';

export type CouponRemoved = DomainEvent<'CouponRemoved', { cartId: string; code: string; reason: CouponRemovalReason }>;

/**
 * A typed code that gives no discount (storefront section 4): `invalid` ("Not a valid code": unknown,
 * expired, too short, a role the customer lacks, or the shop's own AUTO coupon typed in) or
 * `not_qualifying` ("... minimum not reached"; a coupon held is removed first, by CouponRemoved with
 * the same reason, except the shop's combo while the cart holds its pair). The cart itself is as it
 * was: the event records the answer the customer got.
 */
export type CouponRefused = DomainEvent<'CouponRefused', { cartId: string; code: string; reason: CouponRefusal }>;

export type CartClearReason = 'cleared' | 'order_paid' | 'merged';

export type CartCleared = DomainEvent<
  'CartCleared',
  { cartId: string; reason: CartClearReason; /** The customer's cart it was merged into. */ mergedInto: string | null }
>;

/** Storefront section 3, offer response: TYPE, UNITPRICE, QTY. */
export type OfferRedeemed = DomainEvent<
  'OfferRedeemed',
  { cartId: string; OFFER: string; UID: string; PRODUCTID: number; TYPE: string; UNITPRICE: number; QTY: number }
>;

/**
 * The cart's payment (issue: one cart, one charge): the first Pay press takes the cart with
 * CheckoutStarted, appended at the cart's revision, so a second press (another tab, another key) finds
 * it taken and answers with the first one's order instead of charging again. The cart cannot change
 * while it is taken. CheckoutCompleted (followed by CartCleared, reason order_paid) or CheckoutReleased
 * (declined, failed before the charge, or settled without a charge) ends it.
 */
export type CheckoutStarted = DomainEvent<
  'CheckoutStarted',
  { cartId: string; onum: number; idempotencyKey: string; startedAt: string }
>;

export type CheckoutReleaseReason = 'declined' | 'failed' | 'abandoned';

export type CheckoutReleased = DomainEvent<
  'CheckoutReleased',
  { cartId: string; onum: number; idempotencyKey: string; reason: CheckoutReleaseReason }
>;

export type CheckoutCompleted = DomainEvent<
  'CheckoutCompleted',
  { cartId: string; onum: number; idempotencyKey: string }
>;

export type CartCheckoutEvent = CheckoutStarted | CheckoutReleased | CheckoutCompleted;

export type CartEvent =
  | ItemAddedToCart
  | ItemRemovedFromCart
  | CouponApplied
  | CouponRemoved
  | CouponRefused
  | CartCleared
  | OfferRedeemed
  | CartCheckoutEvent;

/** The events that change what the cart screen shows (CouponRefused changes nothing and is not among them). */
export const CART_EVENT_TYPES = [
  'ItemAddedToCart',
  'ItemRemovedFromCart',
  'CouponApplied',
  'CouponRemoved',
  'CartCleared',
  'OfferRedeemed',
] as const satisfies readonly CartEvent['type'][];

/** The cart's payment events: the cart decider's own bookkeeping, not shown on the cart screen. */
export const CART_CHECKOUT_EVENT_TYPES = [
  'CheckoutStarted',
  'CheckoutReleased',
  'CheckoutCompleted',
] as const satisfies readonly CartCheckoutEvent['type'][];

export const cartStreamId = (cartId: string): string => `cart-${cartId}`;
