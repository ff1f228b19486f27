import { findCoupon, findOffer, offerIsCurrent } from '#libs/catalog/commerce.queries.js';
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import { shippingRates } from '#libs/catalog/reference.queries.js';
import { findProduct } from '#libs/catalog/products.queries.js';
import type { Config } from '#libs/config/config.js';
import type { CartLine, CartView, PayResponse, Quote, QuoteRequest } from '#libs/contracts/cart.js';
import { encryptDob } from '#libs/crypto/dob.js';
import { customerDecider } from '#libs/domain/customer/customer.decider.js';
import { customerStreamId } from '#libs/domain/customer/customer.events.js';
import { cmePurchaseAllowed, CME_PURCHASE_WARNING } from '#libs/domain/cart/cme.rules.js';
import type { OrderLineInput } from '#libs/domain/order/order.commands.js';
import { orderDecider } from '#libs/domain/order/order.decider.js';
import { orderStreamId } from '#libs/domain/order/order.events.js';
import { type Coupon, CME_COMPLETE_COMBO, evaluateCoupon, isComboCoupon } from '#libs/domain/pricing/coupon.rules.js';
import { type OrderPricing, priceOrder, TOTAL_MISMATCH_MESSAGE } from '#libs/domain/pricing/order-totals.js';
import { isPhysical } from '#libs/domain/pricing/shipping.rules.js';
import { DomainError } from '#libs/domain/shared/decider.js';
import { type ChargeResult, PAYMENT_GATEWAY, type PaymentGateway } from '#libs/payments/payment-gateway.js';
import { cardOf } from '#libs/read-models/cards.js';
import { findCustomerById } from '#libs/read-models/customers.js';
import { CartService } from '../cart/cart.service.js';
import { RENEWAL_OFFER, renewalUnitPrice } from '../cart/renewals.js';
import type { CartRequest } from '../cart/optional-auth.guard.js';
import { RolesService } from '../identity/roles.service.js';
import { CONFIG, PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../shared/event-sourced.service.js';
import { cardOnFileDecider } from '#libs/domain/card-on-file/card-on-file.decider.js';
import { cardStreamId } from '#libs/domain/card-on-file/card-on-file.events.js';
import {
  GUEST_DIGITAL_MESSAGE,
  IDEMPOTENCY_KEY_REQUIRED,
  NO_CARD_ON_FILE,
  PAYMENT_IN_PROGRESS,
} from './checkout-errors.js';
import { DOB_REQUIRED_MESSAGE, type PayDto } from './checkout.dto.js';
import { OrderPaidProcessManager } from './order-paid.process-manager.js';

const today = (): string => new Date().toISOString().slice(0, 10);
const WAIT_FOR_FIRST_PAYMENT_MS = 15_000;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

/** A priced cart: the lines as the catalog prices them now, the coupon's current definition and the totals. */
interface PricedCart {
  lines: OrderLineInput[];
  coupon: Coupon | null;
  pricing: OrderPricing;
}

/**
 * Checkout (signed-in sections 2-4, 8): quote and pay. The server prices the cart itself from the
 * catalog, the coupon rules, the shipping table and the tax rule, and refuses a client total that
 * differs (DESIGN.md section 5). Payment goes through the PaymentGateway port with the caller's
 * Idempotency-Key: a repeat answers the first PayResponse and appends nothing.
 */
@Injectable()
export class CheckoutService {
  private schemaReady: Promise<unknown> | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly carts: CartService,
    private readonly roles: RolesService,
    private readonly eventSourced: EventSourcedService,
    private readonly orderPaid: OrderPaidProcessManager,
  ) {}

  private ensureSchema(): Promise<unknown> {
    // Write-side bookkeeping, not a read model: order numbers and the answers per Idempotency-Key.
    return (this.schemaReady ??= this.pool.query(`
      CREATE SEQUENCE IF NOT EXISTS checkout_order_numbers START 100001;
      CREATE TABLE IF NOT EXISTS checkout_payments (
        idempotency_key text PRIMARY KEY,
        cart_id text NOT NULL,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`));
  }

  async rolesFor(request: CartRequest): Promise<string[]> {
    return request.user ? this.roles.rolesOf(request.user.customerId) : [];
  }

  async quote(request: CartRequest, input: QuoteRequest): Promise<Quote> {
    const cartId = this.carts.cartIdFor(request);
    const roles = await this.rolesFor(request);
    const cart = await this.carts.view(cartId, roles);
    const { pricing, coupon } = await this.priceCart(cart, roles, input.COUNTRY, input.STATE, input.SHIPPING);
    const { SUBTOTAL, DISCOUNT, TAX, SHIPCOST, TOTAL } = pricing;
    return {
      ORDER: { SUBTOTAL, DISCOUNT, TAX, SHIPCOST, COUPON: DISCOUNT > 0 && coupon ? coupon.code : null },
      TOTAL,
      SHIPS: cart.items.some((i) => isPhysical(i.TYPE)),
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

  async pay(request: CartRequest, input: PayDto, idempotencyKey: string | undefined): Promise<PayResponse> {
    if (!idempotencyKey || !KEY_PATTERN.test(idempotencyKey)) throw new BadRequestException(IDEMPOTENCY_KEY_REQUIRED);
    const cartId = this.carts.cartIdFor(request);
    await this.ensureSchema();
    const claimed = await this.pool.query(
      `INSERT INTO checkout_payments (idempotency_key, cart_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
      [idempotencyKey, cartId],
    );
    if (claimed.rowCount === 0) return this.firstAnswer(idempotencyKey, cartId);
    try {
      const response = await this.payOnce(request, cartId, input, idempotencyKey);
      await this.pool.query('UPDATE checkout_payments SET response = $2 WHERE idempotency_key = $1', [
        idempotencyKey,
        JSON.stringify(response),
      ]);
      return response;
    } catch (error) {
      // Nothing was answered: the same key may try again.
      await this.pool.query('DELETE FROM checkout_payments WHERE idempotency_key = $1', [idempotencyKey]);
      throw error;
    }
  }

  /** A repeated Idempotency-Key: the first PayResponse, waiting (bounded) while the first press still runs. */
  private async firstAnswer(idempotencyKey: string, cartId: string): Promise<PayResponse> {
    const deadline = Date.now() + WAIT_FOR_FIRST_PAYMENT_MS;
    for (;;) {
      const { rows } = await this.pool.query<{ cart_id: string; response: PayResponse | null }>(
        'SELECT cart_id, response FROM checkout_payments WHERE idempotency_key = $1',
        [idempotencyKey],
      );
      const row = rows[0];
      if (row && row.cart_id !== cartId)
        throw new ConflictException('This Idempotency-Key belongs to another payment.');
      if (row?.response) return row.response;
      if (!row || Date.now() > deadline) throw new ConflictException(PAYMENT_IN_PROGRESS);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async payOnce(
    request: CartRequest,
    cartId: string,
    input: PayDto,
    idempotencyKey: string,
  ): Promise<PayResponse> {
    const customerId = request.user?.customerId ?? null;
    const roles = await this.rolesFor(request);
    const cart = await this.carts.view(cartId, roles);
    const contact = input.ATTJSON;

    if (customerId === null && cart.items.some((i) => !isPhysical(i.TYPE))) {
      throw new BadRequestException(GUEST_DIGITAL_MESSAGE);
    }
    const holdsCme = cart.items.some((i) => i.TYPE.toLowerCase() === 'cme');
    if (holdsCme && contact.COUNTRY.toUpperCase() === 'USA' && !contact.DOB?.trim()) {
      throw new BadRequestException(DOB_REQUIRED_MESSAGE);
    }
    if (!cmePurchaseAllowed(cart.items, roles)) throw new BadRequestException(CME_PURCHASE_WARNING);
    // The date of birth is encrypted before it goes anywhere (DESIGN.md section 3); the order events
    // carry none: the CME accreditor's copy is recorded on the customer once the order is paid.
    const encryptedDob = contact.DOB?.trim() ? this.encryptDob(contact.DOB.trim()) : null;

    let card: { token: string } | { card: { number: string; month: number; year: number; cvc: string } };
    if (input.CARD) {
      card = {
        card: {
          number: input.CARD.CC,
          month: Number(input.CARD.MONTH),
          year: Number(input.CARD.YEAR),
          cvc: input.CARD.SC,
        },
      };
    } else {
      const onFile = customerId ? await cardOf(this.pool, customerId) : null;
      if (!onFile) throw new BadRequestException(NO_CARD_ON_FILE);
      card = { token: onFile.token };
    }

    const { lines, coupon } = await this.priceCart(cart, roles, contact.COUNTRY, contact.STATE, input.SHIPPING);
    const rate = (await shippingRates(this.pool)).find((r) => r.COUNTRY === contact.COUNTRY.toUpperCase()) ?? null;
    const { rows } = await this.pool.query<{ onum: string }>(`SELECT nextval('checkout_order_numbers')::text AS onum`);
    const onum = Number(rows[0]?.onum);
    const now = new Date().toISOString();
    const context: CommandContext = {
      actorId: customerId ?? 'guest',
      correlationId: randomUUID(),
    };
    const customer = customerId ? await findCustomerById(this.pool, customerId) : null;
    const placed = await this.eventSourced.execute(
      orderStreamId(onum),
      orderDecider,
      {
        type: 'PlaceOrder',
        onum,
        customerId,
        cartId,
        contact: {
          FIRSTNAME: contact.FIRSTNAME.trim(),
          LASTNAME: contact.LASTNAME.trim(),
          company: contact.company?.trim() || null,
          PHONE: contact.PHONE.trim(),
          EMAIL: contact.EMAIL.trim(),
          ADDRESS: contact.ADDRESS.trim(),
          ADDRESS2: contact.ADDRESS2?.trim() || null,
          CITY: contact.CITY.trim(),
          STATE: contact.STATE.trim(),
          ZIP: contact.ZIP.trim(),
          COUNTRY: contact.COUNTRY.trim().toUpperCase(),
        },
        billing: input.BILLINGJSON
          ? {
              ADDRESS: input.BILLINGJSON.ADDRESS,
              ADDRESS2: input.BILLINGJSON.ADDRESS2 ?? null,
              CITY: input.BILLINGJSON.CITY,
              STATE: input.BILLINGJSON.STATE,
              ZIP: input.BILLINGJSON.ZIP,
              COUNTRY: input.BILLINGJSON.COUNTRY,
            }
          : null,
        CATEGORY: customer?.status ?? null,
        lines,
        coupon,
        shippingRate: rate,
        shippingOption: input.SHIPPING,
        shipState: contact.STATE,
        clientTotal: input.TOTAL,
        roles,
        today: today(),
        now,
      },
      context,
    );
    const total = placed.state.money?.TOTAL ?? 0;

    const charge: ChargeResult = await this.gateway.charge({
      amountCents: total,
      idempotencyKey,
      ...('token' in card
        ? { token: card.token }
        : { card: card.card, saveCard: input.SAVE_CARD === true && customerId !== null }),
    });
    const payContext = { ...context, causationId: placed.events[0]?.id ?? context.correlationId };
    const paid = await this.eventSourced.execute(
      orderStreamId(onum),
      orderDecider,
      {
        type: 'PayOrder',
        onum,
        idempotencyKey,
        gateway: charge.approved
          ? { outcome: 'approved', reference: charge.reference, brand: charge.brand, last4: charge.last4 }
          : { outcome: 'declined', errors: charge.errors },
        now: new Date().toISOString(),
      },
      payContext,
    );
    const event = paid.events[0];
    if (!charge.approved || !event || event.type !== 'OrderPaid') {
      const errors = event?.type === 'PaymentDeclined' ? (event.data as { errors: string[] }).errors : [];
      return { ONUM: null, ERRORS: errors.length > 0 ? errors : ['Your card was declined.'], RECEIPTTOKEN: null };
    }

    await this.orderPaid.handle(event);
    if (customerId !== null && encryptedDob !== null) {
      await this.eventSourced.execute(
        customerStreamId(customerId),
        customerDecider,
        { type: 'RecordDateOfBirth', dobEncrypted: encryptedDob, now: new Date().toISOString() },
        { ...payContext, causationId: event.id },
      );
    }
    if (customerId !== null && charge.token && input.CARD && input.SAVE_CARD === true) {
      await this.eventSourced.execute(
        cardStreamId(customerId),
        cardOnFileDecider,
        {
          type: 'SaveCardOnFile',
          customerId,
          token: charge.token,
          brand: charge.brand,
          last4: charge.last4,
          month: charge.month,
          year: charge.year,
          now: new Date().toISOString(),
        },
        { ...payContext, causationId: event.id },
      );
    }
    await this.carts.clear(cartId, { ...payContext, causationId: event.id });
    const ONUM = String(onum);
    return { ONUM, ERRORS: [], RECEIPTTOKEN: customerId === null ? this.receiptToken(ONUM) : null };
  }

  private encryptDob(dob: string): string {
    const key = this.config.DOB_ENCRYPTION_KEY;
    if (!key) throw new Error('DOB_ENCRYPTION_KEY is not configured');
    return encryptDob(dob, key);
  }

  /** Prices the cart from the catalog as it is now (never the client's prices). */
  private async priceCart(
    cart: CartView,
    roles: readonly string[],
    country: string,
    state: string,
    shipping: 1 | 2,
  ): Promise<PricedCart> {
    const lines = await Promise.all(cart.items.map((item) => this.catalogLine(item)));
    const coupon = cart.coupon ? await this.findCoupon(cart.coupon.code) : null;
    const couponLines = lines.map((l) => ({ ID: l.PRODUCTID, TYPE: l.TYPE, PRICE: l.UNITPRICE, QTY: l.QTY }));
    const evaluation = coupon ? evaluateCoupon(coupon, couponLines, roles, today()) : null;
    const rate = (await shippingRates(this.pool)).find((r) => r.COUNTRY === country.trim().toUpperCase()) ?? null;
    const pricing = priceOrder({
      lines,
      coupon: evaluation?.kind === 'valid' ? evaluation : null,
      couponTypes: coupon?.types ?? [],
      shippingRate: rate,
      shippingOption: shipping,
      shipState: state,
    });
    return { lines, coupon: evaluation?.kind === 'valid' ? coupon : null, pricing };
  }

  private async catalogLine(item: CartLine): Promise<OrderLineInput> {
    const product = await findProduct(this.pool, item.ID);
    if (!product) throw new NotFoundException(`Product ${item.ID} is no longer available.`);
    let UNITPRICE: number;
    if (item.OFFER?.OFFER === RENEWAL_OFFER) {
      // A renewal from the toast: 10% off the term's per-year price, priced again from the catalog.
      const price = renewalUnitPrice(product, item.TERM ?? item.QTY);
      if (price === null) throw new DomainError('total_mismatch', TOTAL_MISMATCH_MESSAGE);
      UNITPRICE = price;
    } else if (item.OFFER) {
      const offer = await findOffer(this.pool, item.OFFER.OFFER, item.OFFER.UID);
      if (!offer || !offerIsCurrent(offer, today())) {
        throw new DomainError('total_mismatch', 'This offer has expired. Please review your cart and try again.');
      }
      UNITPRICE = offer.UNITPRICE;
    } else if (item.TERM !== null) {
      const term = product.TERMS.find((t) => t.YEARS === item.TERM);
      UNITPRICE = term ? term.PRICE : (product.PRICING.SALE_PRICE ?? product.PRICING.PRICE);
    } else {
      const entry = product.productprices.find(
        (p) => p.TYPE.toLowerCase() === item.TYPE.toLowerCase() && p.PRICE !== null,
      );
      UNITPRICE =
        entry && entry.PRICE !== null
          ? (entry.SALE_PRICE ?? entry.PRICE)
          : (product.PRICING.SALE_PRICE ?? product.PRICING.PRICE);
    }
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
    return (await findCoupon(this.pool, code)) ?? (isComboCoupon({ code }) ? CME_COMPLETE_COMBO : null);
  }
}
