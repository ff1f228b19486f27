import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import type { CartView } from '#libs/contracts/cart.js';
import type { CartCommand } from '#libs/domain/cart/cart.commands.js';
import { type Cart, cartDecider } from '#libs/domain/cart/cart.decider.js';
import { type CartClearReason, cartStreamId } from '#libs/domain/cart/cart.events.js';
import { cartViewOf } from '#libs/read-models/carts.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../shared/event-sourced.service.js';
import type { CartRequest } from './optional-auth.guard.js';

export const CART_ID_HEADER = 'x-cart-id';
export const CART_ID_REQUIRED = 'A cart id is required.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cart id of a customer's own cart (stream `cart-customer-{customerId}`). */
export const customerCartId = (customerId: string): string => `customer-${customerId}`;

/** A visitor's cart id as the browser sends it: a uuid, lower-cased; null when it is not one. */
export function visitorCartId(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value.trim()) ? value.trim().toLowerCase() : null;
}

/**
 * The cart's identity, view and write path, shared by the cart API and checkout:
 * - `cartIdFor(request)`: the customer's cart for a request with a session (OptionalJwtAuthGuard or
 *   JwtAuthGuard ran before), else the visitor's `X-Cart-Id` (400 when missing or not a uuid);
 * - `view(cartId, roles)`: the CartView from the `carts` read model;
 * - `clear(cartId, context)`: ClearCart (after a paid order unless another reason is given);
 * - `execute(cartId, command, context)`: any cart command through the cart decider on `cart-{cartId}`.
 */
@Injectable()
export class CartService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly eventSourced: EventSourcedService,
  ) {}

  cartIdFor(request: CartRequest): string {
    if (request.user) return customerCartId(request.user.customerId);
    const id = visitorCartId(request.headers[CART_ID_HEADER]);
    if (id === null) throw new BadRequestException(CART_ID_REQUIRED);
    return id;
  }

  view(cartId: string, roles: readonly string[]): Promise<CartView> {
    return cartViewOf(this.pool, cartId, roles);
  }

  async execute(command: CartCommand, context: CommandContext): Promise<Cart> {
    const result = await this.eventSourced.execute(cartStreamId(command.cartId), cartDecider, command, context);
    return result.state;
  }

  async clear(cartId: string, context: CommandContext, reason: CartClearReason = 'order_paid'): Promise<void> {
    await this.execute({ type: 'ClearCart', cartId, reason }, context);
  }
}
