import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';
import { Clock, dayOf } from '#libs/application/clock.js';
import type { CartView } from '#libs/contracts/cart.js';
import type { Product } from '#libs/contracts/catalog.js';
import type { Role } from '#libs/contracts/identity.js';
import { findComboCoupon } from '#libs/catalog/commerce.queries.js';
import { pastMeetingOf } from '#libs/catalog/meetings.queries.js';
import { findProduct } from '#libs/catalog/products.queries.js';
import type { CartCommand, CartContext } from '#libs/domain/cart/cart.commands.js';
import { cartDecider } from '#libs/domain/cart/cart.decider.js';
import { isClosed, PAYMENT_COMMANDS } from '#libs/domain/cart/cart-checkout.js';
import { cartIdOfGeneration, generationOfCartId } from '#libs/domain/cart/cart-generations.js';
import type { Cart, CartPayment } from '#libs/domain/cart/cart.state.js';
import { type CartClearReason, type CartEvent, cartStreamId } from '#libs/domain/cart/cart.events.js';
import { DomainError, fold } from '#libs/domain/kernel/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { cartViewOf, findCart, newestCartOf, toCartView } from '#libs/read-models/carts.js';
import { RolesService } from '../identity/index.js';
import { EVENT_STORE, PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import type { CartRequest } from './optional-auth.guard.js';

export const CART_ID_HEADER = 'x-cart-id';
export const CART_ID_REQUIRED = 'A cart id is required.';
export const PRODUCT_NOT_FOUND = 'Product not found';
/** A registration for a meeting whose last day has passed (the shop's day, UTC) is no longer sold. */
export const pastMeetingMessage = (name: string): string =>
  `${name} is a past meeting: its registration can no longer be bought.`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many carts ended at checkout one command moves past before it gives up (a race, never a loop). */
const NEXT_CART_TRIES = 5;

/** The cart id of a customer's own first cart (stream `cart-customer-{customerId}`; the next ones `....1`, `....2`). */
export const customerCartId = (customerId: string): string => `customer-${customerId}`;

/** A visitor's cart id as the browser sends it: a uuid, lower-cased; null when it is not one. */
export function visitorCartId(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value.trim()) ? value.trim().toLowerCase() : null;
}

/**
 * The cart's identity, view and write path, shared by the cart API and checkout:
 * - `cartIdFor(request)`: whose cart the request names (its base): the customer's for a request with a
 *   session (OptionalJwtAuthGuard or JwtAuthGuard ran before), else the visitor's `X-Cart-Id` (400 when
 *   missing or not a uuid). Each checkout ends a cart (cart-generations.ts): a base has one current cart,
 *   the newest that no checkout ended;
 * - `rolesFor(request)`: the customer's roles, none for a visitor;
 * - `view(base, roles)`: the current cart's CartView from the `carts` read model; `viewOf(cartId, roles)`
 *   the view of one exact cart (the one a payment took);
 * - `clear(base, reason)`: ClearCart (a paid cart is emptied by CompleteCheckout instead);
 * - `payableCartId(base)` and `startCheckout(...)`: the cart a press pays, taken for one payment (one
 *   cart, one charge);
 * - `execute(command)`: a cart command through the cart decider: a payment command on the exact cart
 *   it names, any other on the base's current cart, moving on past a cart a checkout just ended
 *   (it waits until the read models show the events, so `view` reads the write).
 * The events' actor and correlation id come from the request context (EventSourcedService); work no
 * request started runs inside `RequestContext.run`. "Today" is the injected Clock's.
 */
@Injectable()
export class CartService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly eventSourced: EventSourcedService,
    private readonly roles: RolesService,
    private readonly clock: Clock,
  ) {}

  /** Today as the coupon, offer and meeting rules read it: YYYY-MM-DD (UTC). */
  today(): string {
    return dayOf(this.clock.now());
  }

  cartIdFor(request: CartRequest): string {
    if (request.user) return customerCartId(request.user.customerId);
    const id = visitorCartId(request.headers[CART_ID_HEADER]);
    if (id === null) throw new BadRequestException(CART_ID_REQUIRED);
    return id;
  }

  async rolesFor(request: CartRequest): Promise<Role[]> {
    return request.user ? this.roles.rolesOf(request.user.customerId) : [];
  }

  /** The base's current cart: the newest the read model knows, or the one after it once a checkout ended it. */
  async currentCartId(base: string): Promise<string> {
    const newest = await newestCartOf(this.pool, base);
    if (newest === null) return base;
    return cartIdOfGeneration({ base, generation: newest.closed ? newest.generation + 1 : newest.generation });
  }

  /** The current cart's view, named by its base (the API's cart id never changes for a customer or visitor). */
  async view(base: string, roles: readonly string[]): Promise<CartView> {
    return toCartView(base, await findCart(this.pool, await this.currentCartId(base)), roles);
  }

  /** One exact cart's view (the cart a payment took), named by its own id. */
  viewOf(cartId: string, roles: readonly string[]): Promise<CartView> {
    return cartViewOf(this.pool, cartId, roles);
  }

  /** What every decision needs besides the command itself: roles, today and the catalog's combo coupon (its pair). */
  async context(roles: readonly string[]): Promise<CartContext> {
    const comboCoupon = await findComboCoupon(this.pool);
    return { roles, today: this.today(), ...(comboCoupon ? { comboCoupon } : {}) };
  }

  /** The catalog's product with its PRICING and TERMS; 404 "Product not found" when there is none. */
  async product(id: number): Promise<Product> {
    const product = await findProduct(this.pool, id);
    if (!product) throw new NotFoundException(PRODUCT_NOT_FOUND);
    return product;
  }

  /** The product for Add to Cart: as product(), and 400 when it registers for a meeting that is over. */
  async productForSale(id: number): Promise<Product> {
    const [product, past] = await Promise.all([this.product(id), pastMeetingOf(this.pool, id, this.today())]);
    if (past) throw new BadRequestException(pastMeetingMessage(past.NAME));
    return product;
  }

  /** One exact cart folded from its stream (the decider's own state). */
  private async fold(cartId: string): Promise<Cart> {
    const events = await this.store.readStream(cartStreamId(cartId));
    return fold(cartDecider, events as unknown as CartEvent[]);
  }

  /** The base's current cart folded from its stream (what a merge carries over). */
  async load(base: string): Promise<Cart> {
    let cartId = await this.currentCartId(base);
    for (let tries = 0; ; tries++) {
      const cart = await this.fold(cartId);
      if (!isClosed(cart) || tries === NEXT_CART_TRIES) return cart;
      cartId = nextCartId(cartId);
    }
  }

  /**
   * The cart a press pays: the base's newest cart that has events, even one a checkout ended (a late
   * second press then reads that cart's `paidBy` and answers the order paid, as it did before carts
   * ended). Checked on the log, not the read model, so a cart begun on another node is never missed.
   */
  async payableCartId(base: string): Promise<string> {
    let cartId = cartIdOfGeneration((await newestCartOf(this.pool, base)) ?? { base, generation: 0 });
    for (let tries = 0; tries < NEXT_CART_TRIES; tries++) {
      if (!isClosed(await this.fold(cartId))) return cartId;
      const next = nextCartId(cartId);
      if ((await this.store.readStream(cartStreamId(next))).length === 0) return cartId;
      cartId = next;
    }
    return cartId;
  }

  /** Runs a cart command; answers the events it appended (none: nothing changed). */
  async execute(command: CartCommand): Promise<CartEvent[]> {
    if (PAYMENT_COMMANDS.includes(command.type)) return this.executeOn(command.cartId, command);
    let cartId = await this.currentCartId(command.cartId);
    for (let tries = 0; ; tries++) {
      try {
        return await this.executeOn(cartId, { ...command, cartId });
      } catch (error) {
        // A checkout ended this cart after the read model was read: the next cart takes the change.
        if (!(error instanceof DomainError && error.code === 'cart_closed') || tries === NEXT_CART_TRIES) throw error;
        cartId = nextCartId(cartId);
      }
    }
  }

  private async executeOn(cartId: string, command: CartCommand): Promise<CartEvent[]> {
    const result = await this.eventSourced.execute(cartStreamId(cartId), cartDecider, command);
    // The recorded events are the decider's own, with their metadata besides.
    return result.events as unknown as CartEvent[];
  }

  /**
   * Takes the cart for a payment (StartCheckout). Answers the payment holding the cart now (this one,
   * or another press's), or the one that emptied it; null for an empty cart no payment emptied.
   */
  async startCheckout(checkout: {
    cartId: string;
    onum: number;
    idempotencyKey: string;
    now: string;
  }): Promise<CartPayment | null> {
    const { state } = await this.eventSourced.execute(cartStreamId(checkout.cartId), cartDecider, {
      type: 'StartCheckout',
      ...checkout,
    });
    return state.checkout ?? (state.items.length === 0 ? (state.paidBy ?? null) : null);
  }

  async clear(base: string, reason: Exclude<CartClearReason, 'order_paid'>): Promise<void> {
    await this.execute({ type: 'ClearCart', cartId: base, reason });
  }
}

function nextCartId(cartId: string): string {
  const { base, generation } = generationOfCartId(cartId);
  return cartIdOfGeneration({ base, generation: generation + 1 });
}
