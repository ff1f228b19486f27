import { ConflictException, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { Clock, dayOf } from '#libs/application/clock.js';
import { faultPoint } from '#libs/application/fault-point.js';
import {
  type AnswerKey,
  clientKey,
  KEY_REUSED_CODE,
  keptKey,
  refuseOtherRequest,
} from '#libs/application/stored-answers.js';
import type { PayResponse } from '#libs/contracts/cart.js';
import { orderDecider } from '#libs/domain/order/order.decider.js';
import { OrderErrors } from '#libs/domain/order/order.errors.js';
import { orderStreamId } from '#libs/domain/order/order.events.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { type ChargeResult, PAYMENT_GATEWAY, type PaymentGateway } from '#libs/payments/payment-gateway.js';
import { CartService } from '../cart/index.js';
import { RolesService } from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { PAYMENT_IN_PROGRESS } from './checkout-errors.js';
import { PayCommand } from './checkout.messages.js';
import { CheckoutService } from './checkout.service.js';
import { AddressReferences, validateCheckoutAddresses } from './contact-validation.js';
import { autoRenewChoices, chargeSource, payFingerprint, refuseBeforePaying } from './pay-steps.js';
import { type HeldClaim, NOTHING_ASKED, type PaymentClaim, PaymentClaims, type WhenPaid } from './payment-claims.js';
import { PaymentSettlement } from './payment-settlement.js';
import { placeOrderCommand } from './place-order.js';

const WAIT_FOR_FIRST_PAYMENT_MS = 15_000;
/** A cart taken by other presses this often in a row (each given up at its 3-D Secure step): answered as busy. */
const TAKE_CART_TRIES = 3;

/**
 * Pay (signed-in sections 3, 4 and 8): one cart, one charge. The press's Idempotency-Key is held
 * (advisory lock) and claimed before anything else; the cart is then taken on its own stream (the
 * cart decider's StartCheckout at the cart's revision), so of two presses on one cart (two tabs, two
 * keys) the first pays and the other answers with the first one's answer, charging nothing. The order
 * decider places the order (PlaceOrder), the gateway charges with the key, PaymentSettlement records
 * the outcome (PayOrder), empties the cart (CompleteCheckout) and does what the press asked beyond the
 * charge (card on file, date of birth, auto-renew: kept with the claim), or frees the cart (ReleaseCheckout); it
 * ends the payment the same way when the process dies in between. The key lives in its customer's (a
 * guest: its cart's) namespace and is claimed with the press's fingerprint: the same key pressed for
 * anything else is refused with 409 (libs/application/stored-answers.ts). A press on a cart whose
 * payment waits for its buyer's 3-D Secure step gives that payment up (its charge cancelled) and pays;
 * a key is only ever answered with a final answer. This handler only orchestrates.
 */
@CommandHandler(PayCommand)
export class PayHandler implements ICommandHandler<PayCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly claims: PaymentClaims,
    private readonly settlement: PaymentSettlement,
    private readonly checkout: CheckoutService,
    private readonly carts: CartService,
    private readonly roles: RolesService,
    private readonly eventSourced: EventSourcedService,
    private readonly addressReferences: AddressReferences,
    private readonly clock: Clock,
  ) {}

  async execute({ caller, input, idempotencyKey: sent }: PayCommand): Promise<PayResponse> {
    const { cartId, customerId } = caller;
    validateCheckoutAddresses(await this.addressReferences.current(), {
      contact: input.ATTJSON,
      billing: input.BILLINGJSON,
    });
    const idempotencyKey = clientKey(customerId !== null ? { customerId } : { cartId }, sent);
    const fingerprint = payFingerprint(cartId, input);
    await this.claims.ensureSchema();
    const held = await this.claims.hold(idempotencyKey);
    if (!held) return this.answerOf(idempotencyKey, fingerprint);
    try {
      // The key's first press names the exact cart it pays (a checkout ends a cart; the next is another).
      const paying = await this.carts.payableCartId(cartId);
      if (!(await this.claims.claim(idempotencyKey, paying, customerId, fingerprint))) {
        const earlier = await this.claims.find(idempotencyKey);
        refuseOtherRequest(earlier?.fingerprint, fingerprint);
        if (earlier?.response) return earlier.response;
        // Claimed, unanswered, and nobody holds it: its process died. Settle it; that is the answer.
        if (earlier) return await this.settlement.settle(earlier);
        await this.claims.claim(idempotencyKey, paying, customerId, fingerprint);
      }
      const claim = {
        ...{ idempotencyKey, cartId: paying, customerId, fingerprint, onum: null, response: null },
        awaitingActionUntil: null,
        ...NOTHING_ASKED,
      };
      return await this.payHeld(claim, input, held);
    } finally {
      await held.release();
    }
  }

  /**
   * The answer of a key another request is paying: waits (bounded) for it, and settles it when its
   * process turns out to be gone. `fingerprint`: what this press asked, when it sent that key itself.
   */
  private async answerOf(idempotencyKey: AnswerKey, fingerprint: string | null): Promise<PayResponse> {
    const deadline = Date.now() + WAIT_FOR_FIRST_PAYMENT_MS;
    for (;;) {
      const claim = await this.claims.find(idempotencyKey);
      if (fingerprint !== null) refuseOtherRequest(claim?.fingerprint, fingerprint);
      if (claim?.response) return claim.response;
      // A lock connection only once the paying request is gone: its payment is settled here.
      const held = (await this.claims.isHeld(idempotencyKey)) ? null : await this.claims.hold(idempotencyKey);
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

  /**
   * Takes the cart for this press (StartCheckout). Null: taken, pay on. Else this press's answer: the
   * cart's other press's final answer (nothing charged here); a press of another key that waits for its
   * buyer's 3-D Secure step is given up first (its charge cancelled), and the cart taken again.
   */
  private async takeCart(claim: PaymentClaim, onum: number, pressed: Date): Promise<PayResponse | null> {
    const { cartId, idempotencyKey } = claim;
    for (let tries = 1; ; tries++) {
      const taken = await this.carts.startCheckout({ cartId, onum, idempotencyKey, now: pressed.toISOString() });
      if (taken === null) {
        // An empty cart that no payment emptied: nothing to pay, and the key may be used again.
        await this.claims.forget(idempotencyKey);
        throw new DomainError('empty_order', OrderErrors.empty_order);
      }
      if (taken.idempotencyKey === idempotencyKey) return null;
      const other = keptKey(taken.idempotencyKey);
      const given = await this.settlement.abandonWaiting(other);
      const first = given ?? (await this.answerOf(other, null));
      // Given up (or still waiting for its buyer): the cart is free again for this press.
      if ((given !== null && given.ONUM === null) || first.ACTION) {
        if (tries < TAKE_CART_TRIES) continue;
        throw new ConflictException(PAYMENT_IN_PROGRESS);
      }
      // Another press paid this cart, or its charge was declined: its answer is this press's answer.
      await this.claims.answer(idempotencyKey, first);
      return first;
    }
  }

  /**
   * Pays a claimed key whose lock `held` holds. Before the charge and before recording its outcome it
   * makes sure the lock is still held: a lock lost with its connection (a database outage) may already
   * be another process's, whose sweep settles this payment as after a crash, so this run stops (503).
   */
  private async payHeld(claim: PaymentClaim, input: PayCommand['input'], held: HeldClaim): Promise<PayResponse> {
    const { customerId, cartId, idempotencyKey } = claim;
    const roles = customerId !== null ? await this.roles.rolesOf(customerId) : [];
    const pressed = this.clock.now();
    const asOrdered = await this.carts.viewOf(cartId, roles);
    refuseBeforePaying(customerId, asOrdered, roles, input, dayOf(pressed));
    const source = await chargeSource(this.pool, customerId, input);
    const dob = customerId !== null ? input.ATTJSON.DOB?.trim() : undefined;
    // Kept with the claim (the date only encrypted): settlement finishes them, also after a crash.
    const asked: WhenPaid = {
      saveCard: source.saveCard === true,
      dobEncrypted: dob ? this.checkout.encryptDob(dob) : null,
      autorenew: customerId !== null ? autoRenewChoices(asOrdered, input) : null,
    };

    const onum = await this.claims.drawOrderNumber(idempotencyKey, asked);
    const first = await this.takeCart(claim, onum, pressed);
    if (first !== null) return first;
    const paying: PaymentClaim = { ...claim, ...asked, onum };

    let total: number;
    try {
      // Priced from the cart as taken: it cannot change until the payment ends.
      const cart = await this.carts.viewOf(cartId, roles);
      const press = { onum, customerId, cart, roles, input, now: pressed };
      const placed = await this.eventSourced.execute(
        orderStreamId(onum),
        orderDecider,
        await placeOrderCommand(this.pool, this.checkout, press),
      );
      total = placed.state.money?.TOTAL ?? 0;
    } catch (error) {
      // Refused before any charge: the cart is free again and the key may try again.
      await this.settlement.release(paying, 'failed');
      await this.claims.forget(idempotencyKey);
      throw error;
    }

    let charged: ChargeResult;
    held.assertHeld();
    try {
      const keptWith = { orderNumber: onum, cartId };
      charged = await this.gateway.charge({ ...source, amountCents: total, idempotencyKey, ...keptWith });
    } catch (error) {
      if (error instanceof DomainError && error.code === KEY_REUSED_CODE) {
        // The gateway keeps another request's answer under this key: nothing was charged for this one.
        await this.settlement.release(paying, 'failed');
        await this.claims.forget(idempotencyKey);
        throw error;
      }
      // The gateway did not answer: whether it charged is settled with it now, or by the next sweep.
      await this.settlement.settle(paying).catch(() => undefined);
      throw error;
    }
    faultPoint('pay:after-charge');
    // 3-D Secure: the browser confirms, then sends this Pay again with the same key.
    if (!charged.approved && charged.action) return this.settlement.awaitAction(paying, charged.action);
    // The outcome is read back from the gateway by the key, the same way as after a crash.
    held.assertHeld();
    return this.settlement.settle(paying);
  }
}
