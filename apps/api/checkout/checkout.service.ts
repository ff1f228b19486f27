import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';
import { Clock, dayOf } from '#libs/application/clock.js';
import { findCoupon, findOffer, offerIsCurrent } from '#libs/catalog/commerce.queries.js';
import { findProduct } from '#libs/catalog/products.queries.js';
import { shippingRates } from '#libs/catalog/reference.queries.js';
import type { Config } from '#libs/config/config.js';
import type { CartLine, CartView, Quote, QuoteRequest } from '#libs/contracts/cart.js';
import type { ShippingRate } from '#libs/contracts/catalog.js';
import { encryptDob } from '#libs/crypto/dob.js';
import type { OrderLineInput } from '#libs/domain/order/order.commands.js';
import { catalogUnitPrice, offerUnitPrice } from '#libs/domain/pricing/cart-line.js';
import { type Coupon, evaluateCoupon } from '#libs/domain/pricing/coupon.rules.js';
import { type OrderPricing, priceOrder, TOTAL_MISMATCH_MESSAGE } from '#libs/domain/pricing/order-totals.js';
import { RENEWAL_OFFER, renewalUnitPrice } from '#libs/domain/pricing/renewal.js';
import { isPhysical } from '#libs/domain/pricing/shipping.rules.js';
import { orderRenewalTerms } from '#libs/read-models/renewal-terms.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { type CartRequest, CartService } from '../cart/index.js';
import { AddressReferences, validateCheckoutAddresses } from './contact-validation.js';
import { CONFIG, PG_POOL } from '../infrastructure/tokens.js';

/**
 * A priced cart: the lines as the catalog prices them now, the coupon's current definition, the
 * shipping rate of the country (null when none ships there) and the totals.
 */
export interface PricedCart {
  lines: OrderLineInput[];
  coupon: Coupon | null;
  shippingRate: ShippingRate | null;
  pricing: OrderPricing;
}

/**
 * Checkout (signed-in sections 2-4, 8): the quote, the cart priced by the server itself from the
 * catalog, the coupon rules, the shipping table and the tax rule (the client's total is only
 * compared), and the guest's receipt token. Paying is PayHandler's.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CONFIG) private readonly config: Config,
    private readonly carts: CartService,
    private readonly addressReferences: AddressReferences,
    private readonly clock: Clock,
  ) {}

  /** Today as the coupon and offer rules read it (YYYY-MM-DD, the shop's clock). */
  today(): string {
    return dayOf(this.clock.now());
  }

  async quote(request: CartRequest, input: QuoteRequest): Promise<Quote> {
    const cartId = this.carts.cartIdFor(request);
    validateCheckoutAddresses(await this.addressReferences.current(), { contact: input });
    const roles = await this.carts.rolesFor(request);
    const cart = await this.carts.view(cartId, roles);
    const { pricing, coupon, lines } = await this.priceCart(cart, roles, input.COUNTRY, input.STATE, input.SHIPPING);
    const { SUBTOTAL, DISCOUNT, TAX, SHIPCOST, TOTAL } = pricing;
    // The renewal terms the pay screen states: a visitor buys no subscription.
    const customerId = request.user?.customerId ?? null;
    return {
      ORDER: { SUBTOTAL, DISCOUNT, TAX, SHIPCOST, COUPON: DISCOUNT > 0 && coupon ? coupon.code : null },
      TOTAL,
      SHIPS: cart.items.some((i) => isPhysical(i.TYPE)),
      RENEWALS: customerId === null ? [] : await orderRenewalTerms(this.pool, customerId, lines, this.clock.now()),
    };
  }

  /** The receipt token of a guest order: an HMAC of the order number (nothing to store, nothing to guess). */
  receiptToken(onum: string): string {
    const secret = this.config.JWT_SECRET;
    if (!secret) throw new Error('JWT_SECRET is not configured');
    return createHmac('sha256', secret).update(`receipt:${onum}`).digest('base64url');
  }

  receiptTokenMatches(onum: string, token: string): boolean {
    const expected = createHash('sha256').update(this.receiptToken(onum)).digest();
    const given = createHash('sha256').update(token).digest();
    return timingSafeEqual(expected, given);
  }

  /** The date of birth, encrypted (AES-256-GCM) before it goes anywhere (docs/conventions.md, Write side). */
  encryptDob(dob: string): string {
    const key = this.config.DOB_ENCRYPTION_KEY;
    if (!key) throw new Error('DOB_ENCRYPTION_KEY is not configured');
    return encryptDob(dob, key);
  }

  /** Prices the cart from the catalog as it is now (never the client's prices). */
  async priceCart(
    cart: CartView,
    roles: readonly string[],
    country: string,
    state: string,
    shipping: 1 | 2,
  ): Promise<PricedCart> {
    const today = this.today();
    const lines = await Promise.all(cart.items.map((item) => this.catalogLine(item, today)));
    const coupon = cart.coupon ? await this.findCoupon(cart.coupon.code) : null;
    const couponLines = lines.map((l) => ({ ID: l.PRODUCTID, TYPE: l.TYPE, PRICE: l.UNITPRICE, QTY: l.QTY }));
    const evaluation = coupon ? evaluateCoupon(coupon, couponLines, roles, today) : null;
    const shippingRate = (await shippingRates(this.pool)).find((r) => r.COUNTRY === country.trim().toUpperCase());
    const pricing = priceOrder({
      lines,
      coupon: evaluation?.kind === 'valid' ? evaluation : null,
      couponTypes: coupon?.types ?? [],
      shippingRate: shippingRate ?? null,
      shippingOption: shipping,
      shipState: state,
    });
    return { lines, coupon: evaluation?.kind === 'valid' ? coupon : null, shippingRate: shippingRate ?? null, pricing };
  }

  /** One cart line priced again from the catalog as it is now (the one rule of libs/domain/pricing/cart-line.ts). */
  private async catalogLine(item: CartLine, today: string): Promise<OrderLineInput> {
    const product = await findProduct(this.pool, item.ID);
    if (!product) throw new NotFoundException(`Product ${item.ID} is no longer available.`);
    let UNITPRICE: number | null;
    if (item.OFFER?.OFFER === RENEWAL_OFFER) {
      // A renewal from the toast: 10% off the term's per-year price, priced again from the catalog.
      UNITPRICE = renewalUnitPrice(product, item.TERM ?? item.QTY);
    } else if (item.OFFER) {
      const offer = await findOffer(this.pool, item.OFFER.OFFER, item.OFFER.UID);
      UNITPRICE = offer && offerIsCurrent(offer, today) ? offerUnitPrice(offer) : null;
      if (UNITPRICE === null) {
        throw new DomainError('total_mismatch', 'This offer has expired. Please review your cart and try again.');
      }
    } else {
      UNITPRICE = catalogUnitPrice(product, { TYPE: item.TYPE, TERM: item.TERM });
    }
    // The catalog no longer sells that format or term: the cart's total cannot be charged.
    if (UNITPRICE === null) throw new DomainError('total_mismatch', TOTAL_MISMATCH_MESSAGE);
    return {
      PRODUCTID: product.ID,
      PRODUCTNAME: product.NAME,
      TYPE: item.TYPE,
      UNITPRICE,
      QTY: item.QTY,
      TERM: item.TERM,
      OFFER: item.OFFER ? { OFFER: item.OFFER.OFFER, UID: item.OFFER.UID } : null,
    };
  }

  private async findCoupon(code: string): Promise<Coupon | null> {
    return (await findCoupon(this.pool, code)) ?? null;
  }
}
