import { COUPON_MIN_LENGTH, type CouponRefusal } from '#libs/contracts/cart.js';
import { type Product, type SubscriptionTerm, YEARLY_TYPES } from '#libs/contracts/catalog.js';
import { evaluateCoupon, holdsAll, requiredProducts, sameCouponCode } from '../pricing/coupon.rules.js';
import { catalogUnitPrice, formatEntry, offerUnitPrice } from '../pricing/cart-line.js';
import { type Decider, DomainError } from '../kernel/decider.js';
import type { AddItemToCart, ApplyCoupon, CartCommand, CartContext, MergeCart, RedeemOffer } from './cart.commands.js';
import { type CartErrorCode, CartErrors } from './cart.errors.js';
import {
  CHANGES_CONTENT,
  cartClosed,
  completeCheckout,
  evolveCheckout,
  isClosed,
  PAYMENT_COMMANDS,
  paymentInProgress,
  releaseCheckout,
  startCheckout,
} from './cart-checkout.js';
import type {
  AppliedCoupon,
  CartEvent,
  CartItem,
  CartOffer,
  CartProductCopy,
  ItemRemovalReason,
} from './cart.events.js';
import { type Cart, initialCart } from './cart.state.js';

/** The cart state lives in cart.state.ts; it is exported here too for the callers of the decider. */
export { type Cart, initialCart };

/** Storefront sections 5 and 9: "Quantity 1 to 999". */
export const MIN_QTY = 1;
export const MAX_QTY = 999;

const fail = (code: CartErrorCode): never => {
  throw new DomainError(code, CartErrors[code]);
};

const lower = (type: string): string => type.toLowerCase();
/** Types priced per year, held once with a TERM in years (signed-in section 9). */
export const isYearly = (type: string): boolean => YEARLY_TYPES.some((t) => lower(t) === lower(type));
/** Held once per cart: subscriptions, the yearly CME package and the app; adding again replaces the line. */
export const isOnePerCart = (type: string): boolean => isYearly(type) || ['cme', 'iflap'].includes(lower(type));

/**
 * Which line an item is: a one-per-cart product has one line whatever its price source; other items
 * have one line per product, format and offer.
 */
export const lineKey = (item: { ID: number; TYPE: string; OFFER?: CartOffer | null; UID?: string | null }): string =>
  isOnePerCart(item.TYPE) ? `${item.ID}` : `${item.ID}|${lower(item.TYPE)}|${item.OFFER?.UID ?? item.UID ?? ''}`;

const validQty = (qty: number): boolean => Number.isInteger(qty) && qty >= MIN_QTY && qty <= MAX_QTY;

function productCopy(product: Product): CartProductCopy {
  const { DESCR: _descr, productprices: _prices, ...copy } = product;
  return copy;
}

const asTerm = (years: number): SubscriptionTerm['YEARS'] =>
  years === 1 || years === 2 || years === 3 ? years : fail('invalid_term');

/** The line AddItemToCart puts in the cart, priced from the catalog snapshot (libs/domain/pricing/cart-line.ts). */
function catalogLine(command: AddItemToCart): CartItem {
  const { product } = command;
  if (!validQty(command.QTY)) return fail('invalid_quantity');
  // A book format is one of the product's priced productprices entries; without one, the catalog's PRICING.
  const TYPE =
    command.format === undefined
      ? product.PRICING.TYPE
      : (formatEntry(product, command.format) ?? fail('unknown_format')).TYPE;
  const base = {
    ID: product.ID,
    NAME: product.NAME,
    DESCR: product.DESCR,
    TYPE,
    product: productCopy(product),
    SHIP_WEIGHT: product.SHIP_WEIGHT,
    OFFER: null,
  };
  if (isYearly(TYPE)) {
    const TERM = asTerm(command.TERM ?? 1);
    return { ...base, PRICE: catalogUnitPrice(product, { TYPE, TERM }) ?? fail('invalid_term'), QTY: TERM, TERM };
  }
  const PRICE = catalogUnitPrice(product, { TYPE, TERM: null }) ?? fail('unknown_format');
  // The CME package is good through the current year and the app is bought once: QTY 1.
  return { ...base, PRICE, QTY: isOnePerCart(TYPE) ? 1 : command.QTY, TERM: null };
}

/** The line RedeemOffer puts in the cart: the offer's product at the offer's UNITPRICE and QTY. */
function offerLine(command: RedeemOffer): CartItem {
  const { offer, product } = command;
  const offerType = lower(offer.TYPE);
  const PRICE = offerUnitPrice(offer);
  if (offerType !== lower(product.TYPE) || PRICE === null) return fail('offer_invalid');
  if (!validQty(offer.QTY)) return fail('invalid_quantity');
  const yearly = isYearly(product.TYPE);
  const TERM = yearly ? asTerm(offer.QTY) : null;
  return {
    ID: product.ID,
    NAME: product.NAME,
    DESCR: product.DESCR,
    TYPE: product.TYPE,
    PRICE,
    QTY: yearly ? offer.QTY : isOnePerCart(product.TYPE) ? 1 : offer.QTY,
    TERM,
    product: productCopy(product),
    SHIP_WEIGHT: product.SHIP_WEIGHT,
    OFFER: { OFFER: offer.OFFER, UID: offer.UID },
  };
}

const sameLine = (a: CartItem, b: CartItem): boolean =>
  a.PRICE === b.PRICE &&
  a.QTY === b.QTY &&
  a.TERM === b.TERM &&
  a.TYPE === b.TYPE &&
  (a.OFFER?.UID ?? null) === (b.OFFER?.UID ?? null);

const removed = (cartId: string, item: CartItem, reason: ItemRemovalReason): CartEvent => ({
  type: 'ItemRemovedFromCart',
  data: { cartId, ID: item.ID, TYPE: item.TYPE, UID: item.OFFER?.UID ?? null, reason },
});

/**
 * The events of putting `line` into the cart (a merge passes the anonymous cart's id):
 * - "Adding qmpcomplete to the cart removes any eLearning and STREAMING_ALL items" (storefront section 4);
 * - a one-per-cart product already in the cart is replaced (a subscription takes the new TERM);
 * - any other product already in the cart gets the added QTY on its line (at most 999; a merge caps it there).
 */
function putLine(cartId: string, cart: Cart, line: CartItem, mergedFrom: string | null): CartEvent[] {
  const events: CartEvent[] = [];
  if (lower(line.TYPE) === 'qmpcomplete') {
    for (const item of cart.items) {
      if (['elearning', 'streaming_all'].includes(lower(item.TYPE))) {
        events.push(removed(cartId, item, 'included_in_complete'));
      }
    }
  }
  const existing = cart.items.find((item) => lineKey(item) === lineKey(line));
  let item = line;
  if (existing && !isOnePerCart(line.TYPE)) {
    const QTY = existing.QTY + line.QTY;
    if (QTY > MAX_QTY && mergedFrom === null) return fail('invalid_quantity');
    item = { ...line, QTY: Math.min(QTY, MAX_QTY) };
  }
  if (existing && sameLine(existing, item)) return events;
  return [...events, { type: 'ItemAddedToCart', data: { cartId, item, added: line.QTY, mergedFrom } }];
}

const applied = (cartId: string, coupon: AppliedCoupon): CartEvent => ({
  type: 'CouponApplied',
  data: { cartId, code: coupon.code, coupon: coupon.coupon, discountCents: coupon.discountCents, auto: coupon.auto },
});

const refused = (cartId: string, code: string, reason: CouponRefusal): CartEvent => ({
  type: 'CouponRefused',
  data: { cartId, code, reason },
});

/**
 * The products the catalog's combo coupon needs (its REQUIRES: the Complete package, then the CME
 * package), as the caller hands the coupon in; none when the catalog has no combo.
 */
const comboPair = (context: CartContext): readonly number[] =>
  context.comboCoupon ? requiredProducts(context.comboCoupon) : [];

const holdsPair = (items: readonly CartItem[], pair: readonly number[]): boolean =>
  pair.length > 0 && holdsAll(items, pair);

/**
 * The coupon after an item change (storefront section 4):
 * - "When the cart holds both a complete package and a CME item, the combo coupon is applied
 *   automatically": when the change completes the combo's pair (replacing a coupon the customer
 *   chose), or the pair is there and the cart holds no coupon;
 * - the shop's combo (the one AUTO coupon) is removed once the pair is broken;
 * - a held coupon that stops qualifying is removed (CouponRemoved with the reason); one that still
 *   qualifies is applied again when its discount changed.
 */
function settleCoupon(cartId: string, before: Cart, after: Cart, context: CartContext): CartEvent[] {
  const held = after.coupon;
  const pair = comboPair(context);
  const heldIsCombo = held !== null && held.auto;
  const combo = context.comboCoupon;
  if (combo && holdsPair(after.items, pair) && !heldIsCombo && (!holdsPair(before.items, pair) || held === null)) {
    const evaluation = evaluateCoupon(combo, after.items, context.roles, context.today);
    if (evaluation.kind === 'valid') {
      return [
        applied(cartId, { code: combo.code, coupon: combo, discountCents: evaluation.discountCents, auto: true }),
      ];
    }
  }
  if (held === null) return [];
  if (heldIsCombo && !holdsPair(after.items, pair)) {
    return [{ type: 'CouponRemoved', data: { cartId, code: held.code, reason: 'combo_broken' } }];
  }
  const evaluation = evaluateCoupon(held.coupon, after.items, context.roles, context.today);
  if (evaluation.kind !== 'valid') {
    return [{ type: 'CouponRemoved', data: { cartId, code: held.code, reason: evaluation.kind } }];
  }
  return evaluation.discountCents === held.discountCents
    ? []
    : [applied(cartId, { ...held, discountCents: evaluation.discountCents })];
}

/**
 * A typed code (storefront sections 4, 5, 8), settled in one decision:
 * - valid: CouponApplied (it replaces the coupon held; the same code at the same discount changes nothing);
 * - "Not a valid code" (unknown, expired, shorter than COUPON_MIN_LENGTH, a role the customer lacks, or
 *   the shop's own AUTO coupon typed in): CouponRefused, and the coupon held stays;
 * - "Not a valid code for these products or minimum not reached": "the coupon is removed from the
 *   cart" (CouponRemoved, reason not_qualifying), then CouponRefused; the shop's combo stays while the
 *   cart holds its pair.
 */
function applyCoupon(command: ApplyCoupon, cart: Cart): CartEvent[] {
  const { cartId, coupon } = command;
  const code = command.code.trim();
  const typed =
    coupon !== undefined && !coupon.auto && code.length >= COUPON_MIN_LENGTH && sameCouponCode(coupon.code, code)
      ? coupon
      : undefined;
  const evaluation = evaluateCoupon(typed, cart.items, command.roles, command.today);
  if (typed === undefined || evaluation.kind === 'invalid') return [refused(cartId, code, 'invalid')];
  const held = cart.coupon;
  if (evaluation.kind === 'not_qualifying') {
    const removal: CartEvent[] =
      held && !held.auto
        ? [{ type: 'CouponRemoved', data: { cartId, code: held.code, reason: 'not_qualifying' } }]
        : [];
    return [...removal, refused(cartId, code, 'not_qualifying')];
  }
  if (held && sameCouponCode(held.code, typed.code) && held.discountCents === evaluation.discountCents) return [];
  return [applied(cartId, { code: typed.code, coupon: typed, discountCents: evaluation.discountCents, auto: false })];
}

/** Runs an item change and then the coupon rules on the cart it leaves. */
function changeItems(cartId: string, cart: Cart, context: CartContext, events: CartEvent[]): CartEvent[] {
  const after = events.reduce(evolve, cart);
  return [...events, ...settleCoupon(cartId, cart, after, context)];
}

function mergeCart(command: MergeCart, cart: Cart): CartEvent[] {
  const { cartId, from } = command;
  const fromId = from.cartId;
  if (fromId === null || fromId === cartId || cart.mergedFrom.includes(fromId)) return [];
  // The anonymous cart's lines join in the order they were added, under the adding rules.
  const events: CartEvent[] = [];
  let merged = cart;
  for (const line of from.items) {
    const step = putLine(cartId, merged, line, fromId);
    events.push(...step);
    merged = step.reduce(evolve, merged);
  }
  events.push(...settleCoupon(cartId, cart, merged, command));
  merged = events.reduce(evolve, cart);
  // The anonymous cart's own coupon comes along when the customer's cart holds none and it qualifies for them.
  if (merged.coupon === null && from.coupon !== null && !from.coupon.auto) {
    const evaluation = evaluateCoupon(from.coupon.coupon, merged.items, command.roles, command.today);
    if (evaluation.kind === 'valid') {
      events.push(applied(cartId, { ...from.coupon, discountCents: evaluation.discountCents }));
    }
  }
  return events;
}

export function decide(command: CartCommand, stored: Cart): CartEvent[] {
  const { cartId } = command;
  // A cart folded before the payment fields existed has none: it is not being paid.
  const cart: Cart = { ...stored, checkout: stored.checkout ?? null, paidBy: stored.paidBy ?? null };
  if (isClosed(cart) && !PAYMENT_COMMANDS.includes(command.type)) return cartClosed();
  const taken = cart.checkout !== null;
  if (
    taken &&
    (CHANGES_CONTENT.includes(command.type) || (command.type === 'ClearCart' && command.reason !== 'merged'))
  ) {
    return paymentInProgress();
  }
  switch (command.type) {
    case 'StartCheckout':
      return startCheckout(command, cart);
    case 'ReleaseCheckout':
      return releaseCheckout(command, cart);
    case 'CompleteCheckout': {
      const completed = completeCheckout(command, cart);
      if (completed.length === 0) return [];
      return [...completed, { type: 'CartCleared', data: { cartId, reason: 'order_paid', mergedInto: null } }];
    }

    case 'AddItemToCart':
      return changeItems(cartId, cart, command, putLine(cartId, cart, catalogLine(command), null));

    case 'RemoveItemFromCart': {
      const matches = (item: CartItem): boolean =>
        item.ID === command.ID && (command.TYPE === undefined || lower(item.TYPE) === lower(command.TYPE));
      const lines = cart.items.filter(matches);
      if (lines.length === 0) return [];
      const events = lines.map((item) => removed(cartId, item, 'removed'));
      // Storefront section 4: removing the Complete package while the combo coupon is active also removes
      // the CME package and the coupon; said as data: removing the first product of the combo's pair
      // removes the rest of it.
      const [first, ...others] = comboPair(command);
      if (cart.coupon?.auto && command.ID === first) {
        for (const item of cart.items.filter((i) => others.includes(i.ID))) {
          events.push(removed(cartId, item, 'combo_removed'));
        }
      }
      return changeItems(cartId, cart, command, events);
    }

    case 'ApplyCoupon':
      return applyCoupon(command, cart);

    case 'RemoveCoupon':
      return cart.coupon === null
        ? []
        : [{ type: 'CouponRemoved', data: { cartId, code: cart.coupon.code, reason: 'removed' } }];

    case 'ClearCart':
      if (cart.items.length === 0 && cart.coupon === null && command.reason !== 'merged') return [];
      return [
        { type: 'CartCleared', data: { cartId, reason: command.reason, mergedInto: command.mergedInto ?? null } },
      ];

    case 'RedeemOffer': {
      if (cart.redeemedOffers.includes(command.offer.UID)) return [];
      const line = offerLine(command);
      const { OFFER, UID, TYPE, UNITPRICE, QTY } = command.offer;
      const redeemed: CartEvent = {
        type: 'OfferRedeemed',
        data: { cartId, OFFER, UID, PRODUCTID: command.product.ID, TYPE, UNITPRICE, QTY },
      };
      // The offer's line replaces a line of the same product at the catalog price (one price per line).
      const events: CartEvent[] = [redeemed];
      const catalogKey = lineKey({ ...line, OFFER: null });
      for (const item of cart.items) {
        if (!isOnePerCart(line.TYPE) && lineKey(item) === catalogKey) events.push(removed(cartId, item, 'replaced'));
      }
      events.push(...putLine(cartId, events.reduce(evolve, cart), line, null));
      return changeItems(cartId, cart, command, events);
    }

    case 'MergeCart':
      return mergeCart(command, cart);
  }
}

export function evolve(cart: Cart, event: CartEvent): Cart {
  const withId = cart.cartId === null ? { ...cart, cartId: event.data.cartId } : cart;
  switch (event.type) {
    case 'ItemAddedToCart': {
      const { item, mergedFrom } = event.data;
      const key = lineKey(item);
      const at = withId.items.findIndex((i) => lineKey(i) === key);
      const items = at === -1 ? [...withId.items, item] : withId.items.map((i, index) => (index === at ? item : i));
      const merged =
        mergedFrom === null || withId.mergedFrom.includes(mergedFrom)
          ? withId.mergedFrom
          : [...withId.mergedFrom, mergedFrom];
      // Something new in the cart: it is no longer the cart that order paid for.
      return { ...withId, items, mergedFrom: merged, paidBy: null };
    }
    case 'ItemRemovedFromCart': {
      const key = lineKey(event.data);
      return { ...withId, items: withId.items.filter((i) => lineKey(i) !== key) };
    }
    case 'CouponApplied': {
      const { code, coupon, discountCents, auto } = event.data;
      return { ...withId, coupon: { code, coupon, discountCents, auto } };
    }
    case 'CouponRemoved':
      return { ...withId, coupon: null };
    case 'CartCleared':
      return { ...withId, items: [], coupon: null, redeemedOffers: [] };
    case 'OfferRedeemed':
      return { ...withId, redeemedOffers: [...withId.redeemedOffers, event.data.UID] };
    case 'CheckoutStarted':
    case 'CheckoutReleased':
    case 'CheckoutCompleted':
      return evolveCheckout({ ...withId, checkout: withId.checkout ?? null, paidBy: withId.paidBy ?? null }, event);
    default:
      return withId;
  }
}

export const cartDecider: Decider<CartCommand, Cart, CartEvent> = {
  initialState: initialCart,
  decide,
  evolve,
};

/** The cart screen's money (storefront section 2: subtotal, discount, total), in cents. */
export function cartSummary(cart: Cart): { SUBTOTAL: number; DISCOUNT: number; TOTAL: number } {
  const SUBTOTAL = cart.items.reduce((sum, item) => sum + item.PRICE * item.QTY, 0);
  const DISCOUNT = Math.min(cart.coupon?.discountCents ?? 0, SUBTOTAL);
  return { SUBTOTAL, DISCOUNT, TOTAL: SUBTOTAL - DISCOUNT };
}
