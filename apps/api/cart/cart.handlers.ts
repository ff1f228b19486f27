import { BadRequestException, Inject, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { COUPON_MESSAGES, type OfferResponse } from '#libs/contracts/cart.js';
import { findCoupon, findOffer, offerIsCurrent } from '#libs/catalog/commerce.queries.js';
import { findProduct } from '#libs/catalog/products.queries.js';
import { isOnePerCart, isYearly, lineKey } from '#libs/domain/cart/cart.decider.js';
import { type CartErrorCode, CartErrors } from '#libs/domain/cart/cart.errors.js';
import { isSubscriptionType, RENEWAL_OFFER, renewalUid, renewalUnitPrice } from '#libs/domain/pricing/renewal.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { renewalProduct } from '#libs/read-models/renewal-offers.js';
import { RolesService } from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import {
  AddCartItemCommand,
  AddRenewalCommand,
  ApplyCartCouponCommand,
  ClearCartCommand,
  type CouponOutcome,
  MergeCartCommand,
  RedeemOfferCommand,
  RemoveCartCouponCommand,
  RemoveCartItemCommand,
} from './cart.messages.js';
import { CartService, PRODUCT_NOT_FOUND } from './cart.service.js';

export const RENEWAL_NOT_HELD = 'Only a subscription you hold or held can be renewed.';

/** Puts a catalog product in the cart (the decider applies the adding, Complete and combo rules). */
@CommandHandler(AddCartItemCommand)
export class AddCartItemHandler implements ICommandHandler<AddCartItemCommand> {
  constructor(private readonly cart: CartService) {}

  async execute({ caller, request }: AddCartItemCommand): Promise<void> {
    const [product, context] = await Promise.all([
      this.cart.productForSale(request.PRODUCTID),
      this.cart.context(caller.roles),
    ]);
    await this.cart.execute({
      type: 'AddItemToCart',
      cartId: caller.cartId,
      product,
      QTY: request.QTY,
      ...(request.TERM === undefined ? {} : { TERM: request.TERM }),
      ...(request.FORMAT === undefined ? {} : { format: request.FORMAT }),
      ...context,
    });
  }
}

/** Removes the line of a KEY (every line of a one-per-cart product; the one format of a book). Unknown keys change nothing. */
@CommandHandler(RemoveCartItemCommand)
export class RemoveCartItemHandler implements ICommandHandler<RemoveCartItemCommand> {
  constructor(private readonly cart: CartService) {}

  async execute({ caller, key }: RemoveCartItemCommand): Promise<void> {
    const [cart, context] = await Promise.all([this.cart.load(caller.cartId), this.cart.context(caller.roles)]);
    const line = cart.items.find((item) => lineKey(item) === key);
    if (!line) return;
    await this.cart.execute({
      type: 'RemoveItemFromCart',
      cartId: caller.cartId,
      ID: line.ID,
      ...(isOnePerCart(line.TYPE) ? {} : { TYPE: line.TYPE }),
      ...context,
    });
  }
}

/**
 * The coupon box: the decider settles the code in one decision (applied, or refused with the reason:
 * CouponRefused, after removing a coupon held when the code does not qualify); the answer is always
 * 200, success 1 or success 0 with the spec's message for that reason.
 */
@CommandHandler(ApplyCartCouponCommand)
export class ApplyCartCouponHandler implements ICommandHandler<ApplyCartCouponCommand> {
  constructor(
    private readonly cart: CartService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ caller, code }: ApplyCartCouponCommand): Promise<CouponOutcome> {
    const [coupon, context] = await Promise.all([findCoupon(this.pool, code), this.cart.context(caller.roles)]);
    const events = await this.cart.execute({ type: 'ApplyCoupon', cartId: caller.cartId, code, coupon, ...context });
    const refusal = events.find((event) => event.type === 'CouponRefused');
    return refusal?.type === 'CouponRefused'
      ? { success: 0, message: COUPON_MESSAGES[refusal.data.reason] }
      : { success: 1, message: COUPON_MESSAGES.valid };
  }
}

@CommandHandler(RemoveCartCouponCommand)
export class RemoveCartCouponHandler implements ICommandHandler<RemoveCartCouponCommand> {
  constructor(private readonly cart: CartService) {}

  async execute({ caller }: RemoveCartCouponCommand): Promise<void> {
    await this.cart.execute({ type: 'RemoveCoupon', cartId: caller.cartId });
  }
}

/** The cart screen's `clear`: the customer empties the cart. */
@CommandHandler(ClearCartCommand)
export class ClearCartHandler implements ICommandHandler<ClearCartCommand> {
  constructor(private readonly cart: CartService) {}

  async execute({ caller }: ClearCartCommand): Promise<void> {
    await this.cart.clear(caller.cartId, 'cleared');
  }
}

/**
 * Login: MergeCart on the customer's cart with the anonymous cart folded from its stream, then
 * ClearCart (merged) of the anonymous cart. Once merged the anonymous cart is empty, so a repeat
 * (or an anonymous cart that never held anything) appends nothing; a merge that changed nothing
 * leaves the anonymous cart as it is.
 */
@CommandHandler(MergeCartCommand)
export class MergeCartHandler implements ICommandHandler<MergeCartCommand> {
  constructor(private readonly cart: CartService) {}

  async execute({ caller, from }: MergeCartCommand): Promise<void> {
    if (from === caller.cartId) return;
    const anonymous = await this.cart.load(from);
    if (anonymous.items.length === 0 && anonymous.coupon === null) return;
    const context = await this.cart.context(caller.roles);
    const merged = await this.cart.execute({ type: 'MergeCart', cartId: caller.cartId, from: anonymous, ...context });
    // The decider merges an anonymous cart once: lines added to it after that stay there rather than vanish.
    if (merged.length === 0) return;
    await this.cart.execute({ type: 'ClearCart', cartId: from, reason: 'merged', mergedInto: caller.cartId });
  }
}

/**
 * The toast's renew link: the subscription's product at 10% off the per-year price of the term, as
 * a renewal offer line (OFFER `renewal`), for a customer who holds or held that subscription.
 */
@CommandHandler(AddRenewalCommand)
export class AddRenewalHandler implements ICommandHandler<AddRenewalCommand> {
  constructor(
    private readonly cart: CartService,
    private readonly roles: RolesService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ caller, customerId, request }: AddRenewalCommand): Promise<void> {
    const { TYPE, TERM } = request;
    const { subscriptions } = await this.roles.entitlements(customerId);
    if (!isSubscriptionType(TYPE) || !subscriptions.some((s) => s.subscriptionType === TYPE)) {
      throw new BadRequestException(RENEWAL_NOT_HELD);
    }
    const product = await renewalProduct(this.pool, TYPE);
    if (!product) throw new NotFoundException(PRODUCT_NOT_FOUND);
    const UNITPRICE = renewalUnitPrice(product, TERM);
    if (UNITPRICE === null) throw new DomainError('invalid_term', CartErrors.invalid_term);
    const [cart, context] = await Promise.all([this.cart.load(caller.cartId), this.cart.context(caller.roles)]);
    // The same renewal again changes nothing; after another term was chosen it is redeemed afresh.
    const base = renewalUid(TYPE, TERM);
    if (cart.items.some((item) => item.OFFER?.UID === base)) return;
    let UID = base;
    for (let n = 2; cart.redeemedOffers.includes(UID); n++) UID = `${base}-${n}`;
    await this.cart.execute({
      type: 'RedeemOffer',
      cartId: caller.cartId,
      offer: { OFFER: RENEWAL_OFFER, UID, TYPE: product.TYPE, UNITPRICE, QTY: isYearly(product.TYPE) ? TERM : 1 },
      product,
      ...context,
    });
  }
}

/** The cart decider's refusals of an offer line that does not fit its product. */
const UNFIT_OFFER: readonly string[] = ['offer_invalid', 'invalid_quantity', 'invalid_term'] satisfies CartErrorCode[];

/** A marketing offer (market/{OFFER}/{UID}): null when unknown, expired or not usable. */
@CommandHandler(RedeemOfferCommand)
export class RedeemOfferHandler implements ICommandHandler<RedeemOfferCommand> {
  constructor(
    private readonly cart: CartService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ caller, OFFER, UID }: RedeemOfferCommand): Promise<OfferResponse['data']> {
    const [offer, context] = await Promise.all([findOffer(this.pool, OFFER, UID), this.cart.context(caller.roles)]);
    if (!offer || !offerIsCurrent(offer, context.today)) return null;
    const product = await findProduct(this.pool, offer.PRODUCTID);
    if (!product) return null;
    const data = { TYPE: offer.OFFER, UNITPRICE: offer.UNITPRICE, QTY: offer.QTY };
    try {
      await this.cart.execute({
        type: 'RedeemOffer',
        cartId: caller.cartId,
        offer: { OFFER, UID, ...data },
        product,
        ...context,
      });
    } catch (error) {
      // An offer row that does not fit its product (type, price or quantity) cannot be redeemed; a cart
      // being paid is still the 409 it is everywhere else.
      if (error instanceof DomainError && UNFIT_OFFER.includes(error.code)) return null;
      throw error;
    }
    return data;
  }
}

export const CART_HANDLERS = [
  AddCartItemHandler,
  RemoveCartItemHandler,
  ApplyCartCouponHandler,
  RemoveCartCouponHandler,
  ClearCartHandler,
  MergeCartHandler,
  AddRenewalHandler,
  RedeemOfferHandler,
];
