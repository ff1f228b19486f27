/**
 * Wire shapes of the cart, coupons, offers, checkout, orders and subscriptions (storefront sections 3,
 * 4, 7, 8; signed-in sections 2, 3, 4, 7, 8). Field names are the spec's. Money is integer cents.
 * Types, and the rule's numbers and texts both the server and the web read (nothing here does I/O).
 *
 * The cart is event-sourced (stream cart-{cartId}). A visitor's browser keeps a cart id (a uuid it
 * makes) and sends it as the header `X-Cart-Id`; a logged-in customer's calls (Bearer token) use the
 * customer's own cart whatever the header says, and `POST /api/cart/merge` moves the anonymous cart in.
 *
 * Endpoints (all under /api):
 *   GET    /api/cart                      -> CartView
 *   POST   /api/cart/items      AddItemRequest -> CartView            (400 quantity or term out of range; 404 unknown product)
 *   DELETE /api/cart/items/:key           -> CartView                 (key = CartLine.KEY)
 *   POST   /api/cart/coupon     CouponRequest -> CouponResponse       (always 200: success 0 with the message when refused)
 *   DELETE /api/cart/coupon               -> CartView
 *   DELETE /api/cart                      -> CartView                 (the `clear` query parameter of the cart screen)
 *   POST   /api/cart/merge      MergeRequest -> CartView              (login required)
 *   POST   /api/cart/renewals   RenewalRequest -> CartView            (login required; the toast's renew link)
 *   POST   /api/offers          OfferRequest -> OfferResponse         (success 0 when unknown or expired: the web goes home)
 *   POST   /api/checkout/quote  QuoteRequest -> Quote                 (totals for the contact/shipping step)
 *   POST   /api/checkout/pay    PayRequest -> PayResponse             (header Idempotency-Key: a uuid per Pay press)
 *   GET    /api/orders[?limit=&after=]    -> OrderHistoryPage          (login required; newest first, pages of at most 50)
 *   GET    /api/orders/:onum[?token=]     -> { data: Receipt }        (the buyer's session, or a guest's receipt token; else 404)
 *   GET    /api/subscriptions             -> Subscriptions            (login required)
 *   GET    /api/subscriptions/expiring    -> { data: ExpiringSubscription[] } (login required; the toast)
 *   GET    /api/card                      -> { data: CardOnFile | null }    (login required)
 *   GET    /api/payments/config           -> PaymentsConfig           (which gateway; Stripe's publishable key and script)
 *   POST   /api/payments/card-setup       -> CardSetup                (Stripe only: a SetupIntent's client secret)
 */

import type { ProductListItem, ProductType } from './catalog.js';
import type { RenewableType, RenewalTerms, SubscriptionRenewal } from './renewals.js';

export const QTY_MIN = 1;
export const QTY_MAX = 999;
/**
 * Item types that never ship (storefront section 1: "a streaming-only option: no shipping"):
 * streaming, subscriptions, CME, the app, meetings; compared case-insensitively. Everything else
 * (BOOK, BOTH, another physical format) ships. One list for the server's shipping and guest rules
 * and the web's checkout form.
 */
export const NOT_SHIPPED_TYPES: readonly string[] = [
  'streaming',
  'streaming_all',
  'qmpcomplete',
  'elearning',
  'pulse',
  'cme',
  'iflap',
  'event',
];
/** Renewal offers a 10% discount (storefront section 9). */
export const RENEWAL_DISCOUNT_PERCENT = 10;

/**
 * The coupon box's rule, declared once for the server (DTO, cart decider, checkout) and the web: a
 * code has at least this many characters (storefront section 5: Apply is disabled below it and the
 * server is called only with that many or more; counted after trimming).
 */
export const COUPON_MIN_LENGTH = 4;
/** The coupon box's texts, word for word (storefront section 8), by the outcome of a code. */
export const COUPON_MESSAGES = {
  invalid: 'Not a valid code',
  not_qualifying: 'Not a valid code for these products or minimum not reached',
  valid: 'Success, discount applied!',
} as const;
/** Why a typed code gives no discount (the keys of COUPON_MESSAGES besides `valid`). */
export type CouponRefusal = Exclude<keyof typeof COUPON_MESSAGES, 'valid'>;
/** The 400 of a code below COUPON_MIN_LENGTH characters. */
export const COUPON_TOO_SHORT = `A coupon code has at least ${COUPON_MIN_LENGTH} characters.`;

/** Storefront section 8, word for word (the brand prefixes of the original wording are left out). */
export const CME_PURCHASE_WARNING =
  'CME can only be purchased with a new or current subscription to Complete, Stream, or eLearning';

export interface CartLine {
  /** Stable key of the line (product and format, or offer): used to remove it. */
  KEY: string;
  ID: number;
  NAME: string;
  DESCR: string;
  /** The item type (for books the chosen format: BOOK, STREAMING, BOTH). */
  TYPE: string;
  /** Unit price in cents; per year for yearly types (shown with "/ year"). */
  PRICE: number;
  /** Read-only in the cart; the number of years for yearly types. */
  QTY: number;
  TERM: 1 | 2 | 3 | null;
  /** PRICE x QTY. */
  LINE_TOTAL: number;
  SHIP_WEIGHT: number;
  /** The product copy without DESCR and productprices. */
  product: Omit<ProductListItem, 'productprices'>;
  OFFER: { OFFER: string; UID: string } | null;
}

export interface CartCoupon {
  code: string;
  discount: number;
  /** Applied by the shop itself (the "CMEComplete combo"). */
  auto: boolean;
}

export interface CartView {
  cartId: string;
  items: CartLine[];
  coupon: CartCoupon | null;
  SUBTOTAL: number;
  DISCOUNT: number;
  /** SUBTOTAL - DISCOUNT (tax and shipping come at checkout). */
  TOTAL: number;
  /** The navigation badge. */
  cartTotalQty: number;
  /** The CME purchase rule fails for this cart and customer (storefront section 5): checkout stays in the cart with the warning. */
  cmeWarning: boolean;
}

export interface AddItemRequest {
  PRODUCTID: number;
  /** 1-999; ignored for yearly types (use TERM). */
  QTY: number;
  /** 1-3 for yearly types. */
  TERM?: 1 | 2 | 3;
  /** For books: BOOK, STREAMING or BOTH (default: the product's PRICING.TYPE). */
  FORMAT?: string;
}

export interface CouponRequest {
  COUPON: string;
}

/** success 1 with the discount data, or success 0; `message` is the spec's text to show. */
export interface CouponResponse {
  success: 0 | 1;
  data: CartCoupon | null;
  message: string;
  cart: CartView;
}

export interface MergeRequest {
  /** The anonymous cart the browser kept before logging in. */
  cartId: string;
}

export interface RenewalRequest {
  /** qmpcomplete, elearning, streaming_all or cme. */
  TYPE: string;
  TERM: 1 | 2 | 3;
}

export interface OfferRequest {
  OFFER: string;
  UID: string;
}

export interface OfferResponse {
  success: 0 | 1;
  data: { TYPE: string; UNITPRICE: number; QTY: number } | null;
  cart: CartView | null;
}

/** Checkout contact and shipping (signed-in section 3 "Checkout contact"); never holds card data. */
export interface CheckoutContact {
  FIRSTNAME: string;
  LASTNAME: string;
  company?: string;
  ADDRESS: string;
  ADDRESS2?: string;
  CITY: string;
  /** A US state key, or NOTUS. */
  STATE: string;
  ZIP: string;
  /** 3-letter country code. */
  COUNTRY: string;
  PHONE: string;
  EMAIL: string;
  /** MM/DD/YYYY; required when the cart holds CME and COUNTRY is USA. Stored encrypted. */
  DOB?: string;
}

export interface BillingAddress {
  ADDRESS: string;
  ADDRESS2?: string;
  CITY: string;
  STATE: string;
  ZIP: string;
  COUNTRY: string;
}

/** 1 standard, 2 expedited. */
export type ShippingOption = 1 | 2;

export interface QuoteRequest {
  COUNTRY: string;
  STATE: string;
  SHIPPING: ShippingOption;
}

export interface OrderTotals {
  SUBTOTAL: number;
  DISCOUNT: number;
  TAX: number;
  SHIPCOST: number;
  COUPON: string | null;
}

export interface Quote {
  ORDER: OrderTotals;
  TOTAL: number;
  /** The cart holds something that ships. */
  SHIPS: boolean;
  /**
   * The yearly renewal of each subscription the cart buys, once this order is paid (a signed-in
   * customer's; empty for a visitor): the pay screen states it beside each auto-renew box.
   */
  RENEWALS: RenewalTerms[];
}

/**
 * A card number as a person gives it: printed cards group the digits, so a paste carries spaces or
 * dashes ("4242 4242 4242 4242"). The digits alone are the number; anything else is left for the
 * "digits only" rule to refuse.
 */
export const cardNumberDigits = (text: string): string => text.replace(/[\s-]/g, '');

/** The digits in groups of four, as a card prints them ("4242 4242 4242 4242"). */
export const groupedCardNumber = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

export interface CardInput {
  /** 16 digits; never stored, never logged. */
  CC: string;
  /** 01-12 */
  MONTH: string;
  /** 2025-2035 */
  YEAR: string;
  /** Security code, max 4; never stored. */
  SC: string;
}

export interface PayRequest {
  ATTJSON: CheckoutContact;
  /** A different billing address ("Different?"), else null: billing = shipping. */
  BILLINGJSON: BillingAddress | null;
  SHIPPING: ShippingOption;
  /**
   * A new card typed in (the sandbox), or null: then PAYMENTMETHOD when given, else the card on file
   * ("use card ending in").
   */
  CARD: CardInput | null;
  /**
   * With the Stripe gateway: the payment method Stripe.js made from Stripe's own card fields
   * (`pm_...`, GET /api/payments/config, POST /api/payments/card-setup). The card number never
   * reaches the shop's server.
   */
  PAYMENTMETHOD?: string | null;
  /**
   * Keep this card on file (as the gateway's token, brand, last four and expiry only); the pay screen's
   * "Keep this card on file" box, unticked unless the customer chose auto-renew. Absent: not kept.
   */
  SAVE_CARD?: boolean;
  /**
   * The subscriptions of this order to renew automatically, each once (the pay screen's box beside
   * each one's terms); the order's other subscriptions do not. With a new card it needs SAVE_CARD: the
   * renewal charges the card on file. Recorded when the order is paid. Absent: each subscription
   * follows the account's auto-renew.
   */
  AUTORENEW?: RenewableType[];
  /** The total the client showed; the server recomputes and refuses a mismatch. */
  TOTAL: number;
}

export interface PayResponse {
  /** The order number when paid. */
  ONUM: string | null;
  /** Empty when paid; the gateway's (or validation) error texts otherwise. */
  ERRORS: string[];
  /** For a guest: the token that opens the receipt (checkout/confirm/{NUMBER}?token=...). */
  RECEIPTTOKEN: string | null;
  /**
   * The card's bank asks its holder to confirm the payment (3-D Secure): nothing is charged yet, ONUM
   * is null and ERRORS empty. The browser finishes it with Stripe.js (`confirmCardPayment` with this
   * client secret), then sends the same Pay again with the same Idempotency-Key: that answer is the
   * payment's outcome (paid, or declined when the confirmation failed or was abandoned). Absent or
   * null otherwise.
   */
  ACTION?: PaymentAction | null;
}

/** A step the buyer's browser must finish before a payment can end (Stripe.js). */
export interface PaymentAction {
  TYPE: 'authenticate';
  /** The PaymentIntent's client secret, for Stripe.js only. */
  CLIENTSECRET: string;
}

export interface ReceiptLine {
  PRODUCTID: number;
  PRODUCTNAME: string;
  TYPE: string;
  UNITPRICE: number;
  QTY: number;
  TOTAL: number;
}

/** Money given back of a paid order ("Refunded $X on DATE"). */
export interface OrderRefundLine {
  /** Cents. */
  AMOUNT: number;
  /** ISO date-time of the refund. */
  DATE: string;
}

export interface Receipt {
  ONUM: string;
  DATE: string;
  ATTJSON: Omit<CheckoutContact, 'DOB'>;
  PRODUCTS: ReceiptLine[];
  ORDER: OrderTotals;
  TOTAL: number;
  /** Brand and last four of the card charged. */
  CARD: { BRAND: string; LAST4: string };
  /** The buyer's status (Resident sees the resident notice). */
  CATEGORY: string | null;
  /** Venue or hotel info of event products 235, 503, 509, 511, 517, 520, 547 in the order. */
  EVENTS: { PRODUCTID: number; NAME: string; VENUE: string | null; HOTEL: string | null }[];
  /** The refunds of the order, oldest first (empty when none). */
  REFUNDS: OrderRefundLine[];
  /**
   * The renewal of each subscription this order bought that still runs, with its auto-renew as set
   * now (the receipt repeats the terms and says how to turn it off); empty for a guest.
   */
  RENEWALS: SubscriptionRenewal[];
  /** The card on file a renewal charges (brand and last four), or null; null for a guest. */
  CARDONFILE: { BRAND: string; LAST4: string } | null;
}

/** How many orders a page of the Orders tab holds when it does not ask, and at most. */
export const ORDER_PAGE_SIZE = { default: 20, max: 50 } as const;

/** One page of the order history, newest first; NEXT asks for the page after it (`after`), null on the last. */
export interface OrderHistoryPage {
  data: OrderHistoryEntry[];
  NEXT: string | null;
}

export interface OrderHistoryEntry {
  /** ISO date-time; the web shows the date part (before the T). */
  DATE: string;
  ONUM: string;
  PRODUCTS: { PRODUCTID: number; PRODUCTNAME: string; TYPE: string }[];
  /** The refunds of the order, oldest first (empty when none). */
  REFUNDS: OrderRefundLine[];
}

/** Expiry dates per type (signed-in section 2 Subscriptions tab): 'YYYY-MM-DD', or '0000-00-00' for none. */
export interface Subscriptions {
  cme_expire: string;
  complete_expire: string;
  streaming_all_expire: string;
  elearning_expire: string;
  /** Each running subscription's renewal terms and auto-renew (the tab's switch), in RENEWABLE_TYPES order. */
  RENEWALS: SubscriptionRenewal[];
}

export interface CardOnFile {
  BRAND: string;
  LAST4: string;
  MONTH: string;
  YEAR: string;
}

export type { ProductType };

/** The gateways the shop can run with (PAYMENT_GATEWAY). */
export type GatewayName = 'sandbox' | 'stripe';

/**
 * GET /api/payments/config: which card fields the pay screen and the Card tab show. The sandbox: the
 * shop's own fields (CARD). Stripe: Stripe's fields, from the script at JSURL with PUBLISHABLEKEY.
 */
export interface PaymentsConfig {
  GATEWAY: GatewayName;
  STRIPE: { PUBLISHABLEKEY: string; JSURL: string } | null;
}

/**
 * POST /api/payments/card-setup (Stripe only): a SetupIntent's client secret. Stripe.js confirms it
 * with the card typed into Stripe's fields (`confirmCardSetup`) and answers the payment method id the
 * shop is then given (PayRequest.PAYMENTMETHOD, CardRequest.PAYMENTMETHOD).
 */
export interface CardSetup {
  CLIENTSECRET: string;
}

/**
 * The body of POST /api/payments/card-setup. SAVE_CARD false: the card is for this payment only, so the
 * SetupIntent asks for on-session use; absent or true (the Card tab, the pay screen's "Keep this card on
 * file"), a signed-in customer's is off-session, as a renewal charges it without them.
 */
export interface CardSetupRequest {
  SAVE_CARD?: boolean;
}
