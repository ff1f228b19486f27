import { Command } from '@nestjs/cqrs';
import type { AddItemRequest, OfferResponse, RenewalRequest } from '#libs/contracts/cart.js';
import type { Role } from '#libs/contracts/identity.js';

/**
 * The cart's messages on the Nest CommandBus (one thin handler each in cart.handlers.ts). The
 * controller resolves the cart (CartService.cartIdFor) and the customer's roles; the handler looks up
 * the rest (product, coupon, offer, today) and runs the cart decider on `cart-{cartId}` with one of
 * the decider's own commands (libs/domain/cart/cart.commands.ts).
 */

/**
 * Who is asking: the cart and the customer's roles (none for a visitor). The events' metadata (actor,
 * correlation id) comes from the request context, not from the message.
 */
export interface CartCaller {
  cartId: string;
  roles: readonly Role[];
}

export class AddCartItemCommand extends Command<void> {
  constructor(
    readonly caller: CartCaller,
    readonly request: AddItemRequest,
  ) {
    super();
  }
}

export class RemoveCartItemCommand extends Command<void> {
  constructor(
    readonly caller: CartCaller,
    /** CartLine.KEY. */
    readonly key: string,
  ) {
    super();
  }
}

/** success 1 with the spec's message, or success 0 with the refusal's (COUPON_MESSAGES). */
export interface CouponOutcome {
  success: 0 | 1;
  message: string;
}

export class ApplyCartCouponCommand extends Command<CouponOutcome> {
  constructor(
    readonly caller: CartCaller,
    readonly code: string,
  ) {
    super();
  }
}

export class RemoveCartCouponCommand extends Command<void> {
  constructor(readonly caller: CartCaller) {
    super();
  }
}

export class ClearCartCommand extends Command<void> {
  constructor(readonly caller: CartCaller) {
    super();
  }
}

/** Login: the anonymous cart `from` joins the customer's cart (caller.cartId), then is cleared. */
export class MergeCartCommand extends Command<void> {
  constructor(
    readonly caller: CartCaller,
    readonly from: string,
  ) {
    super();
  }
}

export class AddRenewalCommand extends Command<void> {
  constructor(
    readonly caller: CartCaller,
    readonly customerId: string,
    readonly request: RenewalRequest,
  ) {
    super();
  }
}

/** Null when the offer is unknown, expired or unusable (the web then goes home). */
export class RedeemOfferCommand extends Command<OfferResponse['data']> {
  constructor(
    readonly caller: CartCaller,
    readonly OFFER: string,
    readonly UID: string,
  ) {
    super();
  }
}
