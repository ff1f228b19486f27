import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import { faultPoint } from '#libs/application/fault-point.js';
import type { CartView, PayResponse } from '#libs/contracts/cart.js';
import { cardOnFileDecider } from '#libs/domain/card-on-file/card-on-file.decider.js';
import { cardStreamId } from '#libs/domain/card-on-file/card-on-file.events.js';
import { cmePurchaseAllowed, CME_PURCHASE_WARNING } from '#libs/domain/cart/cme.rules.js';
import { customerDecider } from '#libs/domain/customer/customer.decider.js';
import { customerStreamId } from '#libs/domain/customer/customer.events.js';
import { isPhysical } from '#libs/domain/pricing/shipping.rules.js';
import { orderDecider } from '#libs/domain/order/order.decider.js';
import { OrderErrors } from '#libs/domain/order/order.errors.js';
import { orderStreamId } from '#libs/domain/order/order.events.js';
import { DomainError } from '#libs/domain/shared/decider.js';
import {
  type ChargeRequest,
  type ChargeResult,
  PAYMENT_GATEWAY,
  type PaymentGateway,
} from '#libs/payments/payment-gateway.js';
import { cardOf } from '#libs/read-models/cards.js';
import { CartService } from '../cart/cart.service.js';
import type { CartRequest } from '../cart/optional-auth.guard.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../shared/event-sourced.service.js';
import {
  GUEST_DIGITAL_MESSAGE,
  IDEMPOTENCY_KEY_REQUIRED,
  NO_CARD_ON_FILE,
  PAYMENT_IN_PROGRESS,
} from './checkout-errors.js';
import { DOB_REQUIRED_MESSAGE, type PayDto } from './checkout.dto.js';
import { validateCheckoutAddresses } from './contact-validation.js';
import { CheckoutService } from './checkout.service.js';
import { type PaymentClaim, PaymentClaims } from './payment-claims.js';
import { PaymentSettlement } from './payment-settlement.js';
import { placeOrderCommand } from './place-order.js';

const WAIT_FOR_FIRST_PAYMENT_MS = 15_000;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
const ANOTHER_PAYMENT_KEY = 'This Idempotency-Key belongs to another payment.';

/**
 * Pay (signed-in sections 3, 4 and 8): one cart, one charge. The press's Idempotency-Key is held
 * (advisory lock) and claimed before anything else; the cart is then taken on its own stream
 * (StartCheckout at the cart's revision), so of two presses on one cart (two tabs, two keys) the
 * first pays and the other answers with the first one's answer, charging nothing. The order is placed,
 * charged through the gateway with the key, paid, and the cart emptied; PaymentSettlement ends the
 * payment the same way when the process dies in between.
 */
@Injectable()
export class PayService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly claims: PaymentClaims,
    private readonly settlement: PaymentSettlement,
    private readonly checkout: CheckoutService,
    private readonly carts: CartService,
    private readonly eventSourced: EventSourcedService,
  ) {}

  async pay(request: CartRequest, input: PayDto, idempotencyKey: string | undefined): Promise<PayResponse> {
    if (!idempotencyKey || !KEY_PATTERN.test(idempotencyKey)) throw new BadRequestException(IDEMPOTENCY_KEY_REQUIRED);
    const cartId = this.carts.cartIdFor(request);
    const customerId = request.user?.customerId ?? null;
    await validateCheckoutAddresses(this.pool, { contact: input.ATTJSON, billing: input.BILLINGJSON });
    await this.claims.ensureSchema();
    const held = await this.claims.hold(idempotencyKey);
    if (!held) return this.answerOf(idempotencyKey, cartId);
    try {
      if (!(await this.claims.claim(idempotencyKey, cartId, customerId))) {
        const earlier = await this.claims.find(idempotencyKey);
        if (earlier && earlier.cartId !== cartId) throw new ConflictException(ANOTHER_PAYMENT_KEY);
        if (earlier?.response) return earlier.response;
        // Claimed, unanswered, and nobody holds it: its process died. Settle it; that is the answer.
        if (earlier) return await this.settlement.settle(earlier);
        await this.claims.claim(idempotencyKey, cartId, customerId);
      }
      return await this.payHeld(request, { idempotencyKey, cartId, customerId, onum: null, response: null }, input);
    } finally {
      await held.release();
    }
  }

  /**
   * The answer of a key another request is paying: waits (bounded) for it, and settles it when its
   * process turns out to be gone.
   */
  private async answerOf(idempotencyKey: string, cartId: string): Promise<PayResponse> {
    const deadline = Date.now() + WAIT_FOR_FIRST_PAYMENT_MS;
    for (;;) {
      const claim = await this.claims.find(idempotencyKey);
      if (claim && claim.cartId !== cartId) throw new ConflictException(ANOTHER_PAYMENT_KEY);
      if (claim?.response) return claim.response;
      const held = await this.claims.hold(idempotencyKey);
      if (held) {
        try {
          const again = await this.claims.find(idempotencyKey);
          if (again?.response) return again.response;
          if (again) return await this.settlement.settle(again);
        } finally {
          await held.release();
        }
      }
      if (Date.now() > deadline) throw new ConflictException(PAYMENT_IN_PROGRESS);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async payHeld(request: CartRequest, claim: PaymentClaim, input: PayDto): Promise<PayResponse> {
    const { customerId, cartId, idempotencyKey } = claim;
    const roles = await this.checkout.rolesFor(request);
    this.refuseBeforePaying(customerId, await this.carts.view(cartId, roles), roles, input);
    const source = await this.chargeSource(customerId, input);
    const encryptedDob = input.ATTJSON.DOB?.trim() ? this.checkout.encryptDob(input.ATTJSON.DOB.trim()) : null;
    const context: CommandContext = { actorId: customerId ?? 'guest', correlationId: randomUUID() };

    const onum = await this.claims.drawOrderNumber(idempotencyKey);
    const taken = await this.carts.startCheckout(
      { cartId, onum, idempotencyKey, now: new Date().toISOString() },
      context,
    );
    if (taken === null) {
      // An empty cart that no payment emptied: nothing to pay, and the key may be used again.
      await this.claims.forget(idempotencyKey);
      throw new DomainError('empty_order', OrderErrors.empty_order);
    }
    if (taken.idempotencyKey !== idempotencyKey) {
      // Another press holds or has paid this cart: its answer is this press's answer; nothing is charged.
      const first = await this.answerOf(taken.idempotencyKey, cartId);
      await this.claims.answer(idempotencyKey, first);
      return first;
    }
    const paying: PaymentClaim = { ...claim, onum };

    let total: number;
    let placedId: string;
    try {
      // Priced from the cart as taken: it cannot change until the payment ends.
      const cart = await this.carts.view(cartId, roles);
      const command = await placeOrderCommand(this.pool, this.checkout, { onum, customerId, cart, roles, input });
      const placed = await this.eventSourced.execute(orderStreamId(onum), orderDecider, command, context);
      total = placed.state.money?.TOTAL ?? 0;
      placedId = placed.events[0]?.id ?? context.correlationId;
    } catch (error) {
      // Refused before any charge: the cart is free again and the key may try again.
      await this.settlement.release(paying, context, 'failed');
      await this.claims.forget(idempotencyKey);
      throw error;
    }

    const payContext: CommandContext = { ...context, causationId: placedId };
    let charge: ChargeResult;
    try {
      charge = await this.gateway.charge({ ...source, amountCents: total, idempotencyKey } as ChargeRequest);
    } catch (error) {
      // The gateway did not answer: whether it charged is settled with it now, or by the next sweep.
      await this.settlement.settle(paying).catch(() => undefined);
      throw error;
    }
    faultPoint('pay:after-charge');
    const response = await this.settlement.settle(paying);
    if (response.ONUM === null || customerId === null) return response;
    await this.afterPaid(customerId, encryptedDob, charge, input, payContext);
    return response;
  }

  /** The refusals that need no payment (signed-in sections 3 and 8; storefront section 5). */
  private refuseBeforePaying(customerId: string | null, cart: CartView, roles: readonly string[], input: PayDto): void {
    if (customerId === null && cart.items.some((i) => !isPhysical(i.TYPE))) {
      throw new BadRequestException(GUEST_DIGITAL_MESSAGE);
    }
    const holdsCme = cart.items.some((i) => i.TYPE.toLowerCase() === 'cme');
    if (holdsCme && input.ATTJSON.COUNTRY.toUpperCase() === 'USA' && !input.ATTJSON.DOB?.trim()) {
      throw new BadRequestException(DOB_REQUIRED_MESSAGE);
    }
    if (!cmePurchaseAllowed(cart.items, roles)) throw new BadRequestException(CME_PURCHASE_WARNING);
  }

  /** The card typed in (kept by the gateway when asked), or the card on file's token. */
  private async chargeSource(
    customerId: string | null,
    input: PayDto,
  ): Promise<Omit<ChargeRequest, 'amountCents' | 'idempotencyKey'>> {
    if (input.CARD) {
      const card = {
        number: input.CARD.CC,
        month: Number(input.CARD.MONTH),
        year: Number(input.CARD.YEAR),
        cvc: input.CARD.SC,
      };
      return { card, saveCard: input.SAVE_CARD === true && customerId !== null };
    }
    const onFile = customerId ? await cardOf(this.pool, customerId) : null;
    if (!onFile) throw new BadRequestException(NO_CARD_ON_FILE);
    return { token: onFile.token };
  }

  /** What a customer's paid order also records: the CME date of birth (encrypted) and the card kept on file. */
  private async afterPaid(
    customerId: string,
    encryptedDob: string | null,
    charge: ChargeResult,
    input: PayDto,
    context: CommandContext,
  ): Promise<void> {
    const now = new Date().toISOString();
    if (encryptedDob !== null) {
      await this.eventSourced.execute(
        customerStreamId(customerId),
        customerDecider,
        { type: 'RecordDateOfBirth', dobEncrypted: encryptedDob, now },
        context,
      );
    }
    if (charge.approved && charge.token && input.CARD && input.SAVE_CARD === true) {
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
          now,
        },
        context,
      );
    }
  }
}
